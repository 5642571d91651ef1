package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.ConfigFiles;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.config.StackLayout;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.streams.App;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.TopologyKeys;
import dev.lakehouse.streams.runtime.JvmOptions;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsConfig;

/**
 * One instance of the Kafka Streams app (own JVM), configured through a generated properties file.
 * Instance 1 is {@code streams}; with {@code streams.instances} above 1, instance n is {@code
 * streams-n}, with its own port, state folder and properties file, in the same application.id.
 * A replay's app is {@code streams-replay-<id>}: one instance under the replay's application.id,
 * writing under its topic prefix, on a port {@link #REPLAY_PORT_OFFSET} above the first instance's
 * (plus the replay's position among the stack's replays).
 */
public final class StreamsComponent extends JvmComponent {
  public static final String NAME = "streams";
  public static final String MODULE = "streams-app";
  public static final String MAIN_CLASS = App.class.getName();
  static final int REPLAY_PORT_OFFSET = 50;

  private final int instance;
  private final Optional<Replay> replay;
  /** Above {@code streams.port}. */
  private final int portOffset;

  public StreamsComponent() {
    this(1);
  }

  /** @param instance 1-based */
  public StreamsComponent(int instance) {
    this.instance = instance;
    this.replay = Optional.empty();
    this.portOffset = StackConfig.INSTANCE_PORT_STEP * (instance - 1);
  }

  /** @param position 0-based, among the stack's replays: it picks the port */
  public StreamsComponent(Replay replay, int position) {
    this.instance = 1;
    this.replay = Optional.of(replay);
    this.portOffset = REPLAY_PORT_OFFSET + position;
  }

  @Override
  public String name() {
    return replay.map(r -> NAME + "-replay-" + r.id()).orElse(instance == 1 ? NAME : NAME + "-" + instance);
  }

  @Override
  public String title() {
    return replay.map(r -> "Streams app of replay " + r.id() + " (" + r.topicPrefix() + "*)")
        .orElse(instance == 1 ? "Streams app" : "Streams app instance " + instance);
  }

  private int port(StackConfig config) {
    return config.streamsPort() + portOffset;
  }

  private String url(StackConfig config) {
    return "http://127.0.0.1:" + port(config);
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(new PortUse(port(config), Setting.STREAMS_PORT));
  }

  private Path propertiesFile(StackConfig config) {
    return config.layout().configDir().resolve(name().replace(NAME, "streams-app") + ".properties");
  }

  /** Writes the settings once the app's own config class accepts them. */
  @Override
  protected void prepare(StackConfig config) {
    Map<String, String> props = replay.map(r -> replayProperties(config, r, port(config)))
        .orElseGet(() -> appProperties(config, instance));
    try {
      new AppConfig(props);
    } catch (ConfigException e) {
      throw new StackException("Cannot configure the Streams app: " + e.getMessage(), e);
    }
    ConfigFiles.writeProperties(propertiesFile(config), title() + " of the local stack", props);
  }

  /** A replay's settings: the first instance's, under the replay's application.id, state and topic prefix. */
  private static Map<String, String> replayProperties(StackConfig config, Replay replay, int port) {
    Map<String, String> props = appProperties(config, 1);
    String folder = "streams-replay-" + replay.id();
    props.put(AppConfig.APPLICATION_ID, replay.applicationId(config));
    props.put(AppConfig.STATE_DIR, config.layout().dataDir().resolve(folder + "-state").toString());
    props.put(AppConfig.DATA_DIR, config.layout().dataDir().resolve(folder).toString());
    props.put(AppConfig.HTTP_PORT, Integer.toString(port));
    props.put(TopologyKeys.OUTPUT_TOPIC_PREFIX, replay.topicPrefix());
    return props;
  }

  /** The settings of the first instance. */
  public static Map<String, String> appProperties(StackConfig config) {
    return appProperties(config, 1);
  }

  /** The app's settings for one instance of this stack, by the app's own keys; every other setting keeps the app's default. */
  public static Map<String, String> appProperties(StackConfig config, int instance) {
    StackLayout layout = config.layout();
    String suffix = instance == 1 ? "" : "-" + instance;
    Map<String, String> props = new LinkedHashMap<>();
    props.put(AppConfig.BOOTSTRAP_SERVERS, config.bootstrapServers());
    props.put(AppConfig.APPLICATION_ID, config.streamsApplicationId());
    props.put(AppConfig.REPLICATION_FACTOR, "1");
    props.put(AppConfig.STATE_DIR, layout.streamsStateDir() + suffix);
    props.put(AppConfig.DATA_DIR, layout.dataDir().resolve("streams" + suffix).toString());
    props.put(AppConfig.HTTP_BIND_ADDRESS, "127.0.0.1");
    props.put(AppConfig.HTTP_PORT, Integer.toString(config.streamsPort(instance)));
    props.put(AppConfig.SCHEMA_REGISTRY_URL, "file:");
    // after a crash the restarted app rejoins its group as new members, and the coordinator waits out the
    // dead members' session before it assigns their tasks: 10 s instead of the consumer's 45 s default
    props.put(AppConfig.STREAMS_PREFIX + "consumer.session.timeout.ms", "10000");
    // while no record arrives, each consumer sends a fetch every fetch.max.wait.ms, which the broker parks
    // until then: most of an idle stack's CPU. A parked fetch returns as soon as a record arrives, so the
    // longer wait adds no latency while a consumer keeps its partitions (the Connect worker's template does
    // the same); a change of partitions first waits for the parked fetch, which is why the app keeps its
    // global consumer at Kafka's 500 ms (StreamsProperties: a global restore switches partitions)
    props.put(AppConfig.STREAMS_PREFIX + "consumer.fetch.max.wait.ms", "5000");
    if (config.streamsInstances() > 1) {
      // a task's state warm on a second instance: losing an instance costs a failover, not a restore
      props.put(AppConfig.STREAMS_PREFIX + StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, "1");
    }
    return props;
  }

  @Override
  protected JavaCommand command(StackConfig config) {
    return JvmCommand.forComponent(config, name(), config.heap(Setting.STREAMS_HEAP), JvmOptions.recommended(),
        ModuleJars.classpath(config.repoDir(), MODULE, title()), MAIN_CLASS)
        .simpleLogging("org.apache.kafka")
        .args("--config", propertiesFile(config).toString());
  }

  /** The arguments of the first instance. */
  public static List<String> arguments(StackConfig config) {
    return List.of("--config", new StreamsComponent().propertiesFile(config).toString());
  }

  @Override
  protected BooleanSupplier readiness(StackConfig config) {
    return () -> Http.isOk(url(config) + "/health/ready");
  }

  @Override
  protected String detail(StackConfig config) {
    return url(config) + "/health/ready";
  }
}
