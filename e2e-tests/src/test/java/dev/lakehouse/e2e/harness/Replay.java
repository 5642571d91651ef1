package dev.lakehouse.e2e.harness;

import dev.lakehouse.local.stack.ConnectorComponent;
import dev.lakehouse.local.stack.Http;
import dev.lakehouse.local.stack.ModuleJars;
import dev.lakehouse.local.stack.StackConfig;
import dev.lakehouse.local.stack.StreamsComponent;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.TopologyKeys;
import dev.lakehouse.streams.runtime.JvmOptions;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.JavaCommand;
import dev.lakehouse.testkit.NewTopics;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.NewTopic;
import org.awaitility.Awaitility;

/**
 * A replay of a stack's inputs, started with the steps of docs/operations.md "Replay": the
 * replay's output topics, a second connector ({@code connect-config apply --name ... --namespace
 * ... --topic-prefix ...}) into a namespace of its own, and a second Streams app under its own
 * application.id, writing under the prefix from the inputs' earliest offsets.
 */
public final class Replay implements AutoCloseable {
  private static final Duration APPLY_TIMEOUT = Duration.ofMinutes(3);

  private final String id;
  private final String applicationId;
  private final ChildProcess streams;

  private Replay(String id, String applicationId, ChildProcess streams) {
    this.id = id;
    this.applicationId = applicationId;
    this.streams = streams;
  }

  /** Starts replay {@code id} beside the stack's pipeline and returns once its Streams app is ready. */
  public static Replay start(PipelineStack stack, String id) throws Exception {
    StackConfig config = stack.config();
    Path dir = Files.createDirectories(config.dataDir().resolve("replay-" + id));
    String prefix = topicPrefix(id);
    List<NewTopic> topics = Topics.OUTPUTS.stream()
        .map(topic -> new NewTopic(prefix + topic, config.topicPartitions(), (short) 1)).toList();
    NewTopics.ensure(stack.bootstrapServers(), topics);
    applyConnector(config, id, dir);

    String applicationId = config.streamsApplicationId() + "-replay-" + id;
    int port = FreePorts.pick();
    Properties props = new Properties();
    props.putAll(StreamsComponent.appProperties(config));
    props.put(AppConfig.APPLICATION_ID, applicationId);
    props.put(AppConfig.STATE_DIR, dir.resolve("state").toString());
    props.put(AppConfig.DATA_DIR, dir.resolve("streams").toString());
    props.put(AppConfig.HTTP_PORT, Integer.toString(port));
    props.put(TopologyKeys.OUTPUT_TOPIC_PREFIX, prefix);
    Path file = dir.resolve("streams-app.properties");
    try (OutputStream out = Files.newOutputStream(file)) {
      props.store(out, "replay " + id);
    }
    ChildProcess streams = new JavaCommand(ModuleJars.classpath(config.repoDir(), StreamsComponent.MODULE, "the replay"),
        StreamsComponent.MAIN_CLASS).heap("384m").jvmOptions(JvmOptions.recommended()).args("--config", file.toString())
        .start(dir.resolve("streams.log"));
    Awaitility.await("the replay's Streams app ready").atMost(stack.startupTimeout()).pollInterval(Duration.ofSeconds(1))
        .until(() -> Http.isOk("http://127.0.0.1:" + port + "/health/ready") || !streams.isAlive());
    if (!streams.isAlive()) {
      throw new IllegalStateException("The replay's Streams app exited; its log:\n" + streams.log());
    }
    return new Replay(id, applicationId, streams);
  }

  private static void applyConnector(StackConfig config, String id, Path dir) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(ConnectorComponent.arguments(config));
    args.addAll(List.of("--name", "lakehouse-iceberg-sink-replay-" + id, "--namespace", namespace(id),
        "--topic-prefix", topicPrefix(id)));
    try (ChildProcess apply = new JavaCommand(ModuleJars.classpath(config.repoDir(), ConnectorComponent.MODULE,
        "the replay's connector"), ConnectorComponent.CLI_CLASS).heap("256m").jvmOptions(JavaCommand.QUICK_START)
        .args(args).start(dir.resolve("connector-apply.log"), Map.of())) {
      int exit = apply.waitFor(APPLY_TIMEOUT);
      if (exit != 0) {
        throw new IllegalStateException("connect-config apply of the replay exited " + exit + ":\n" + apply.log());
      }
    }
  }

  public static String namespace(String id) {
    return "lakehouse_replay_" + id;
  }

  public static String topicPrefix(String id) {
    return "replay-" + id + ".";
  }

  public String namespace() {
    return namespace(id);
  }

  public String topicPrefix() {
    return topicPrefix(id);
  }

  public String applicationId() {
    return applicationId;
  }

  @Override
  public void close() {
    streams.close();
  }
}
