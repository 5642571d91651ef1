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

  /** @param alsoTaken ports of the broker's other listeners, which no component may take either */
  static Map<Setting, String> around(Path dataDir, String kafkaAddress, String s3Endpoint, int partitions,
      int... alsoTaken) {
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    int kafkaPort = port(kafkaAddress);
    int s3Port = port(s3Endpoint);
    overrides.put(Setting.KAFKA_PORT, Integer.toString(kafkaPort));
    overrides.put(Setting.S3_PORT, Integer.toString(s3Port));
    // the stack refuses a port that any other setting takes, the controller's kafka.port + 1 included
    int[] taken = new int[alsoTaken.length + 3];
    taken[0] = kafkaPort;
    taken[1] = kafkaPort + 1;
    taken[2] = s3Port;
    System.arraycopy(alsoTaken, 0, taken, 3, alsoTaken.length);
    FreePorts.Distinct ports = FreePorts.distinct(taken);
    overrides.put(Setting.CONNECT_PORT, Integer.toString(ports.pick()));
    overrides.put(Setting.STREAMS_PORT, Integer.toString(ports.pick()));
    overrides.put(Setting.TRINO_PORT, Integer.toString(ports.pick()));
    overrides.put(Setting.DASHBOARD_PORT, Integer.toString(ports.pick()));
    overrides.put(Setting.TOPIC_PARTITIONS, Integer.toString(partitions));
    return overrides;
  }

  static int port(String address) {
    return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
  }
}
