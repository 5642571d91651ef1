package dev.lakehouse.peerflink.harness;

import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.generator.LagGate;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.FreePorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Settings files for the Streams app and the Flink peer on one broker (their own group, data
 * directory and HTTP port each), and a lag gate that follows both consumer groups.
 */
public final class BothSystems {
  public static final String STREAMS_GROUP = "peer-streams";
  public static final String FLINK_GROUP = "peer-flink";
  public static final String FLINK_PREFIX = "flink-";

  private final String bootstrapServers;
  private final Path work;
  private final int streamsHttpPort = FreePorts.pick();
  private final int flinkRestPort = FreePorts.pick();

  public BothSystems(String bootstrapServers, Path work) {
    this.bootstrapServers = bootstrapServers;
    this.work = work;
  }

  /** Every topic either system reads or writes: the pipeline's, and the Flink peer's prefixed outputs. */
  public static String[] topics() {
    List<String> topics = new ArrayList<>(Topics.ALL);
    Topics.OUTPUTS.forEach(topic -> topics.add(FLINK_PREFIX + topic));
    return topics.toArray(String[]::new);
  }

  public int streamsHttpPort() {
    return streamsHttpPort;
  }

  public int flinkRestPort() {
    return flinkRestPort;
  }

  /** The Streams app's settings: its defaults (exactly_once_v2, 100 ms commits) on this broker. */
  public Path streamsConfig(Map<String, String> extra) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("kafka.bootstrap.servers", bootstrapServers);
    settings.put("streams.application.id", STREAMS_GROUP);
    settings.put("data.dir", work.resolve("streams-data").toString());
    settings.put("http.bind-address", "127.0.0.1");
    settings.put("http.port", Integer.toString(streamsHttpPort));
    settings.putAll(extra);
    return write(work.resolve("streams-app.properties"), settings);
  }

  /** The peer's settings: its defaults (parallelism 2, RocksDB, checkpoints every 1 s) on this broker. */
  public Path flinkConfig(Map<String, String> extra) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("kafka.bootstrap.servers", bootstrapServers);
    settings.put("group.id", FLINK_GROUP);
    settings.put("topic.prefix", FLINK_PREFIX);
    settings.put("data.dir", work.resolve("flink-data").toString());
    settings.put("flink.rest.bind-address", "127.0.0.1");
    settings.put("flink.rest.address", "127.0.0.1");
    settings.put("flink.rest.bind-port", Integer.toString(flinkRestPort));
    settings.putAll(extra);
    return write(work.resolve("flink-peer.properties"), settings);
  }

  public GroupCatchUp streamsGroup(Duration timeout) {
    return new GroupCatchUp(bootstrapServers, STREAMS_GROUP, timeout);
  }

  public GroupCatchUp flinkGroup(Duration timeout) {
    return new GroupCatchUp(bootstrapServers, FLINK_GROUP, timeout);
  }

  /** Holds the generator back until both systems have at most that many records left to consume. */
  public LagGate followBoth(Duration timeout) {
    GroupCatchUp streams = streamsGroup(timeout);
    GroupCatchUp flink = flinkGroup(timeout);
    return records -> {
      streams.awaitLagAtMost(records);
      flink.awaitLagAtMost(records);
    };
  }

  private static Path write(Path file, Map<String, String> settings) throws IOException {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, settings.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("\n", "", "\n")));
  }
}
