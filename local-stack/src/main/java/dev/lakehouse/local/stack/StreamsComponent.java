package dev.lakehouse.local.stack;

import dev.lakehouse.streams.App;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.config.ConfigException;

/** The Kafka Streams app (own JVM), configured through a generated properties file. */
public final class StreamsComponent extends JvmComponent {
  public static final String NAME = "streams";
  public static final String MODULE = "streams-app";
  public static final String MAIN_CLASS = App.class.getName();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Streams app";
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(new PortUse(config.streamsPort(), Setting.STREAMS_PORT));
  }

  private static Path propertiesFile(StackConfig config) {
    return config.layout().configDir().resolve("streams-app.properties");
  }

  /** Writes the settings once the app's own config class accepts them. */
  @Override
  protected void prepare(StackConfig config) {
    Map<String, String> props = appProperties(config);
    try {
      new AppConfig(props);
    } catch (ConfigException e) {
      throw new StackException("Cannot configure the Streams app: " + e.getMessage(), e);
    }
    ConfigFiles.writeProperties(propertiesFile(config), "Streams app of the local stack", props);
  }

  /** The app's settings for this stack, by the app's own keys; every other setting keeps the app's default. */
  public static Map<String, String> appProperties(StackConfig config) {
    StackLayout layout = config.layout();
    Map<String, String> props = new LinkedHashMap<>();
    props.put(AppConfig.BOOTSTRAP_SERVERS, config.bootstrapServers());
    props.put(AppConfig.APPLICATION_ID, config.streamsApplicationId());
    props.put(AppConfig.REPLICATION_FACTOR, "1");
    props.put(AppConfig.STATE_DIR, layout.streamsStateDir().toString());
    props.put(AppConfig.DATA_DIR, layout.dataDir().resolve("streams").toString());
    props.put(AppConfig.HTTP_BIND_ADDRESS, "127.0.0.1");
    props.put(AppConfig.HTTP_PORT, Integer.toString(config.streamsPort()));
    props.put(AppConfig.SCHEMA_REGISTRY_URL, "file:");
    // after a crash the restarted app rejoins its group as new members, and the coordinator waits out the
    // dead members' session before it assigns their tasks: 10 s instead of the consumer's 45 s default
    props.put(AppConfig.STREAMS_PREFIX + "consumer.session.timeout.ms", "10000");
    return props;
  }

  @Override
  protected JavaCommand command(StackConfig config) {
    return JvmCommand.forComponent(config, NAME, config.heap(Setting.STREAMS_HEAP),
        ModuleJars.classpath(config.repoDir(), MODULE, title()), MAIN_CLASS)
        .simpleLogging("org.apache.kafka")
        .args(arguments(config));
  }

  public static List<String> arguments(StackConfig config) {
    return List.of("--config", propertiesFile(config).toString());
  }

  @Override
  protected BooleanSupplier readiness(StackConfig config) {
    return () -> Http.isOk(config.streamsUrl() + "/health/ready");
  }

  @Override
  protected String detail(StackConfig config) {
    return config.streamsUrl() + "/health/ready";
  }
}
