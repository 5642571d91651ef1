package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.config.StackLayout;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.testkit.JavaCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.function.BooleanSupplier;

/** The services JVM ({@link ServicesMain}): broker, S3 server, catalog and topics. */
public final class ServicesComponent extends JvmComponent {
  public static final String NAME = "services";

  private final String classpath;

  /** @param classpath the local-stack classpath (the launcher's own, in practice) */
  public ServicesComponent(String classpath) {
    this.classpath = classpath;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Kafka broker, S3 server, catalog and topics";
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(
        new PortUse(config.kafkaPort(), Setting.KAFKA_PORT),
        new PortUse(config.kafkaPort() + 1, Setting.KAFKA_PORT),
        new PortUse(config.s3Port(), Setting.S3_PORT));
  }

  @Override
  protected void prepare(StackConfig config) {
    try {
      Files.deleteIfExists(config.layout().servicesReadyFile());
    } catch (IOException e) {
      throw new StackException("Cannot start the services: cannot remove " + config.layout().servicesReadyFile()
          + ": " + e.getMessage(), e);
    }
  }

  @Override
  protected JavaCommand command(StackConfig config) {
    StackLayout layout = config.layout();
    return JvmCommand.forComponent(config, NAME, config.heap(Setting.SERVICES_HEAP), classpath, ServicesMain.class.getName())
        .simpleLogging("kafka", "state.change.logger", "org.apache.kafka", "org.gaul", "org.apache.iceberg", "org.eclipse")
        .args("--data-dir", layout.dataDir().toString(),
            "--kafka-port", Integer.toString(config.kafkaPort()),
            "--s3-port", Integer.toString(config.s3Port()),
            "--partitions", Integer.toString(config.topicPartitions()));
  }

  @Override
  protected BooleanSupplier readiness(StackConfig config) {
    return () -> Files.exists(config.layout().servicesReadyFile());
  }

  @Override
  protected String detail(StackConfig config) {
    return "kafka " + config.bootstrapServers() + ", s3 " + config.s3Endpoint();
  }
}
