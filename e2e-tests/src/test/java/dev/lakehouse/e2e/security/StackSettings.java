package dev.lakehouse.e2e.security;

import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.testkit.FreePorts;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * The local stack's settings around a broker and an S3 server a test started itself: the components
 * reach Kafka at {@code kafkaAddress} (one of the broker's listeners) and the S3 server at its
 * endpoint, and every port of their own is free and distinct from those.
 */
final class StackSettings {
  private StackSettings() {}

  static Map<Setting, String> around(Path dataDir, String kafkaAddress, String s3Endpoint, int partitions) {
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    int kafkaPort = port(kafkaAddress);
    int s3Port = port(s3Endpoint);
    overrides.put(Setting.KAFKA_PORT, Integer.toString(kafkaPort));
    overrides.put(Setting.S3_PORT, Integer.toString(s3Port));
    // the broker's listeners and the S3 server are bound, so no pick returns their ports
    overrides.put(Setting.CONNECT_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.STREAMS_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.TRINO_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.DASHBOARD_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.TOPIC_PARTITIONS, Integer.toString(partitions));
    return overrides;
  }

  private static int port(String address) {
    return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
  }
}
