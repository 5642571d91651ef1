package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.config.StackLayout;
import dev.lakehouse.testkit.EmbeddedKafka;
import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.LocalCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The services JVM of the local stack: the KRaft broker, the S3 server, the JDBC catalog and the
 * pipeline topics. Writes {@code <data>/run/services.ready} once all are up, and runs until SIGTERM.
 */
@Command(name = "services", mixinStandardHelpOptions = true,
    description = "Runs the in-process Kafka broker and S3 server of the local stack until stopped (SIGTERM).")
public final class ServicesMain implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(ServicesMain.class);

  @Option(names = "--data-dir", required = true, description = "Data folder of the stack")
  Path dataDir;

  @Option(names = "--kafka-port", required = true, description = "Broker port (the controller takes the next one)")
  int kafkaPort;

  @Option(names = "--s3-port", required = true, description = "S3 server port")
  int s3Port;

  @Option(names = "--partitions", defaultValue = "3", description = "Partitions of each pipeline topic")
  int partitions;

  public static void main(String[] args) {
    System.exit(new CommandLine(new ServicesMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    StackLayout layout = new StackLayout(dataDir.toAbsolutePath());
    Files.deleteIfExists(layout.servicesReadyFile());
    EmbeddedS3 s3 = EmbeddedS3.start(layout.s3Dir(), s3Port);
    LOG.info("S3 server up at {} (objects under {})", s3.endpoint(), layout.s3Dir());
    EmbeddedKafka kafka;
    try {
      kafka = EmbeddedKafka.start(layout.kafkaDir(), kafkaPort);
    } catch (Exception e) {
      s3.close();
      throw e;
    }
    LOG.info("Kafka broker up at {} (log under {})", kafka.bootstrapServers(), layout.kafkaDir());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown(layout, kafka, s3, stopped), "services-shutdown"));

    LocalCatalog.initialize(layout.catalogFile(), s3.endpoint());
    LOG.info("Iceberg JDBC catalog ready at {}", layout.catalogFile());
    PipelineTopics.ensure(kafka.bootstrapServers(), partitions);
    LOG.info("Pipeline topics ready ({} partitions each)", partitions);
    writeReadyFile(layout, kafka.bootstrapServers(), s3.endpoint());
    LOG.info("Services ready");
    stopped.await();
    return 0;
  }

  private static void writeReadyFile(StackLayout layout, String bootstrap, String s3Endpoint) throws Exception {
    Path temp = layout.runDir().resolve("services.ready.tmp");
    Files.createDirectories(layout.runDir());
    Files.writeString(temp, "bootstrap.servers=" + bootstrap + "\ns3.endpoint=" + s3Endpoint + "\n");
    Files.move(temp, layout.servicesReadyFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static void shutdown(StackLayout layout, EmbeddedKafka kafka, EmbeddedS3 s3, CountDownLatch stopped) {
    LOG.info("Stopping services");
    try {
      Files.deleteIfExists(layout.servicesReadyFile());
      kafka.close();
      s3.close();
      LOG.info("Services stopped");
    } catch (Exception e) {
      LOG.error("Cannot stop the services cleanly: {}", e.getMessage(), e);
    } finally {
      stopped.countDown();
    }
  }
}
