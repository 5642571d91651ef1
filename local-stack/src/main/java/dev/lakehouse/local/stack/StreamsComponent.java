package dev.lakehouse.local.stack;

import dev.lakehouse.streams.App;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.runtime.JvmOptions;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsConfig;

/**
 * One instance of the Kafka Streams app (own JVM), configured through a generated properties file.
 * Instance 1 is {@code streams}; with {@code streams.instances} above 1, instance n is {@code
 * streams-n}, with its own port, state folder and properties file, in the same application.id.
 */
public final class StreamsComponent extends JvmComponent {
  public static final String NAME = "streams";
  public static final String MODULE = "streams-app";
  public static final String MAIN_CLASS = App.class.getName();

  private final int instance;

  public StreamsComponent() {
    this(1);
  }

  /** @param instance 1-based */
  public StreamsComponent(int instance) {
    this.instance = instance;
  }

  @Override
  public String name() {
    return instance == 1 ? NAME : NAME + "-" + instance;
  }

  @Override
  public String title() {
    return instance == 1 ? "Streams app" : "Streams app instance " + instance;
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(new PortUse(config.streamsPort(instance), Setting.STREAMS_PORT));
  }

  private static Path propertiesFile(StackConfig config, int instance) {
    return config.layout().configDir().resolve(instance == 1 ? "streams-app.properties" : "streams-app-" + instance + ".properties");
  }

  /** Writes the settings once the app's own config class accepts them. */
  @Override
  protected void prepare(StackConfig config) {
    Map<String, String> props = appProperties(config, instance);
    try {
      new AppConfig(props);
    } catch (ConfigException e) {
      throw new StackException("Cannot configure the Streams app: " + e.getMessage(), e);
    }
    ConfigFiles.writeProperties(propertiesFile(config, instance), title() + " of the local stack", props);
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
        .args(arguments(config, instance));
  }

  public static List<String> arguments(StackConfig config) {
    return arguments(config, 1);
  }

  private static List<String> arguments(StackConfig config, int instance) {
    return List.of("--config", propertiesFile(config, instance).toString());
  }

  @Override
  protected BooleanSupplier readiness(StackConfig config) {
    return () -> Http.isOk(config.streamsUrl(instance) + "/health/ready");
  }

  @Override
  protected String detail(StackConfig config) {
    return config.streamsUrl(instance) + "/health/ready";
  }
}
