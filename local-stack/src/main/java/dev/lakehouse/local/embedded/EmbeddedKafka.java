package dev.lakehouse.local.embedded;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;

/**
 * A single-node KRaft Kafka (broker and controller in one server) in this JVM, on 127.0.0.1,
 * keeping its log under a data folder so that a restart on the same folder keeps every topic.
 */
public final class EmbeddedKafka implements AutoCloseable {
  private static final String CONTROLLER_LISTENER = "CONTROLLER";

  private final KafkaRaftServer server;
  private final String bootstrapServers;

  private EmbeddedKafka(KafkaRaftServer server, String bootstrapServers) {
    this.server = server;
    this.bootstrapServers = bootstrapServers;
  }

  /** Starts the broker on 127.0.0.1:{@code port} and its controller on the next port; 0 picks free ones. */
  public static EmbeddedKafka start(Path dataDir, int port) throws Exception {
    int brokerPort = port == 0 ? FreePorts.pick() : port;
    int controllerPort = port == 0 ? FreePorts.pick() : port + 1;
    Path logDir = Files.createDirectories(dataDir.toAbsolutePath().resolve("kafka-logs"));
    KafkaConfig config = new KafkaConfig(brokerConfig(logDir, brokerPort, controllerPort), false);
    if (!Files.exists(logDir.resolve("meta.properties"))) {
      format(logDir);
    }
    KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
    try {
      server.startup();
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "Cannot start Kafka on 127.0.0.1:" + brokerPort + " (controller " + controllerPort + "): "
              + e.getMessage() + " (is a port taken? choose another one)", e);
    }
    return new EmbeddedKafka(server, "127.0.0.1:" + brokerPort);
  }

  private static Properties brokerConfig(Path logDir, int brokerPort, int controllerPort) {
    Properties props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    props.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + "," + CONTROLLER_LISTENER + "://127.0.0.1:" + controllerPort);
    props.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
    props.put("controller.listener.names", CONTROLLER_LISTENER);
    props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
    props.put("inter.broker.listener.name", "PLAINTEXT");
    props.put("log.dirs", logDir.toString());
    // one node: every internal topic has one replica
    props.put("offsets.topic.replication.factor", "1");
    props.put("offsets.topic.num.partitions", "4");
    props.put("transaction.state.log.replication.factor", "1");
    props.put("transaction.state.log.min.isr", "1");
    props.put("transaction.state.log.num.partitions", "4");
    props.put("share.coordinator.state.topic.replication.factor", "1");
    props.put("share.coordinator.state.topic.min.isr", "1");
    props.put("group.initial.rebalance.delay.ms", "0");
    props.put("auto.create.topics.enable", "false");
    props.put("num.partitions", "1");
    return props;
  }

  private static void format(Path logDir) throws Exception {
    new Formatter()
        .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
        .setNodeId(1)
        .setClusterId(Uuid.randomUuid().toString())
        .setControllerListenerName(CONTROLLER_LISTENER)
        .setMetadataLogDirectory(logDir.toString())
        .addDirectory(logDir.toString())
        .run();
  }

  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** Creates the topics that do not exist yet, with one replica each. */
  public void createTopics(int partitions, String... names) throws ExecutionException, InterruptedException {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      Set<String> existing = admin.listTopics().names().get();
      List<NewTopic> missing =
          Arrays.stream(names)
              .filter(name -> !existing.contains(name))
              .map(name -> new NewTopic(name, partitions, (short) 1))
              .collect(Collectors.toList());
      admin.createTopics(missing).all().get();
    }
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
  }
}
