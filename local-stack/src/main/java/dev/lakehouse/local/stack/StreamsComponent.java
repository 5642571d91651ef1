package dev.lakehouse.local.stack;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** The Kafka Streams app (own JVM), configured through a generated properties file. */
public final class StreamsComponent extends JvmComponent {
  public static final String NAME = "streams";
  public static final String MODULE = "streams-app";
  public static final String MAIN_CLASS = "dev.lakehouse.streams.App";

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

  @Override
  protected void prepare(StackConfig config) {
    ConfigFiles.writeProperties(propertiesFile(config), "Streams app of the local stack", appProperties(config));
  }

  public static Map<String, String> appProperties(StackConfig config) {
    StackLayout layout = config.layout();
    Map<String, String> props = new LinkedHashMap<>();
    props.put("kafka.bootstrap.servers", config.bootstrapServers());
    props.put("streams.application.id", config.streamsApplicationId());
    props.put("streams.replication.factor", "1");
    props.put("streams.state.dir", layout.streamsStateDir().toString());
    props.put("data.dir", layout.dataDir().resolve("streams").toString());
    props.put("http.bind-address", "127.0.0.1");
    props.put("http.port", Integer.toString(config.streamsPort()));
    props.put("schema.registry.url", "file:");
    // exactly-once's 10 s default fences the app on a busy laptop (observed at load 25 on 2 cores);
    // a longer timeout only matters for a transaction left open by a crash
    props.put("streams.producer.transaction.timeout.ms", "60000");
    return props;
  }

  @Override
  protected JvmCommand command(StackConfig config) {
    return JvmCommand.forComponent(config, NAME, config.heap(Setting.STREAMS_HEAP),
        ModuleJars.classpath(config.repoDir(), MODULE, title()), MAIN_CLASS)
        .simpleLogging("org.apache.kafka")
        .args("--config", propertiesFile(config).toString());
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
