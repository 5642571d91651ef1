package dev.lakehouse.testkit;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;

/**
 * A single-node KRaft Kafka (broker and controller in one server) in this JVM, on 127.0.0.1,
 * keeping its log under a data folder so that a restart on the same folder keeps every topic.
 * PLAINTEXT only by default; {@link #startWithSaslSsl} adds a SASL_SSL listener, {@link
 * #startWithSaslPlaintext} a SASL_PLAINTEXT one for another mechanism.
 */
public final class EmbeddedKafka implements KafkaFixture {
  private static final String CONTROLLER_LISTENER = "CONTROLLER";
  private static final String SASL_SSL_LISTENER = "SASL_SSL";
  private static final String SASL_PLAINTEXT_LISTENER = "SASL_PLAINTEXT";
  public static final String SCRAM_MECHANISM = "SCRAM-SHA-512";

  private final KafkaRaftServer server;
  private final String bootstrapServers;
  private final String saslSslBootstrapServers;
  private final String saslPlaintextBootstrapServers;

  private EmbeddedKafka(KafkaRaftServer server, String bootstrapServers, String saslSslBootstrapServers,
      String saslPlaintextBootstrapServers) {
    this.server = server;
    this.bootstrapServers = bootstrapServers;
    this.saslSslBootstrapServers = saslSslBootstrapServers;
    this.saslPlaintextBootstrapServers = saslPlaintextBootstrapServers;
  }

  /**
   * A SASL_SSL listener authenticating SCRAM-SHA-512 users (create them with {@link #createScramUser}),
   * with the broker's key and certificate in a PKCS12 keystore whose key has the store's password.
   */
  public record SaslSslListener(Path keystore, String keystorePassword) {}

  /**
   * A SASL_PLAINTEXT listener for one mechanism, whose server the JVM's security providers must offer
   * ({@code SaslServerFactory.<mechanism>}); {@code jaasConfig} is the broker's login module for it.
   */
  public record SaslPlaintextListener(String mechanism, String jaasConfig) {}

  /** Starts the broker on 127.0.0.1:{@code port} and its controller on the next port; 0 picks free ones. */
  public static EmbeddedKafka start(Path dataDir, int port) throws Exception {
    return start(dataDir, port, null, null);
  }

  /**
   * Starts the broker on free ports with a SASL_SSL listener beside the PLAINTEXT one; the PLAINTEXT
   * listener stays for the broker's own traffic and for setting up users and topics.
   */
  public static EmbeddedKafka startWithSaslSsl(Path dataDir, SaslSslListener listener) throws Exception {
    return start(dataDir, 0, listener, null);
  }

  /** Starts the broker on free ports with a SASL_PLAINTEXT listener beside the PLAINTEXT one. */
  public static EmbeddedKafka startWithSaslPlaintext(Path dataDir, SaslPlaintextListener listener) throws Exception {
    return start(dataDir, 0, null, listener);
  }

  private static EmbeddedKafka start(Path dataDir, int port, SaslSslListener saslSsl, SaslPlaintextListener saslPlaintext)
      throws Exception {
    int brokerPort = port == 0 ? FreePorts.pick() : port;
    int controllerPort = port == 0 ? FreePorts.pick() : port + 1;
    int saslSslPort = saslSsl == null ? 0 : FreePorts.pick();
    int saslPlaintextPort = saslPlaintext == null ? 0 : FreePorts.pick();
    Path logDir = Files.createDirectories(dataDir.toAbsolutePath().resolve("kafka-logs"));
    Properties props = brokerConfig(logDir, brokerPort, controllerPort);
    if (saslSsl != null) {
      addSaslSslListener(props, saslSsl, saslSslPort);
    }
    if (saslPlaintext != null) {
      addSaslPlaintextListener(props, saslPlaintext, saslPlaintextPort);
    }
    KafkaConfig config = new KafkaConfig(props, false);
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
    return new EmbeddedKafka(server, "127.0.0.1:" + brokerPort, saslSsl == null ? null : "127.0.0.1:" + saslSslPort,
        saslPlaintext == null ? null : "127.0.0.1:" + saslPlaintextPort);
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
    // the controller appends a no-op record to the metadata log this often while nothing changes, so
    // that a follower can tell a live log from a stalled one; one node has no follower to tell, and
    // the default 500 ms costs CPU on every idle stack (a stack idles most of a test's time)
    props.put("metadata.max.idle.interval.ms", "5000");
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

  private static void addSaslSslListener(Properties props, SaslSslListener listener, int port) {
    String prefix = addListener(props, SASL_SSL_LISTENER, port);
    props.put("sasl.enabled.mechanisms", SCRAM_MECHANISM);
    props.put(prefix + "sasl.enabled.mechanisms", SCRAM_MECHANISM);
    props.put(prefix + SCRAM_MECHANISM.toLowerCase(Locale.ROOT) + ".sasl.jaas.config",
        "org.apache.kafka.common.security.scram.ScramLoginModule required;");
    props.put(prefix + "ssl.keystore.type", "PKCS12");
    props.put(prefix + "ssl.keystore.location", listener.keystore().toAbsolutePath().toString());
    props.put(prefix + "ssl.keystore.password", listener.keystorePassword());
    props.put(prefix + "ssl.key.password", listener.keystorePassword());
  }

  private static void addSaslPlaintextListener(Properties props, SaslPlaintextListener listener, int port) {
    String prefix = addListener(props, SASL_PLAINTEXT_LISTENER, port);
    props.put(prefix + "sasl.enabled.mechanisms", listener.mechanism());
    props.put(prefix + listener.mechanism().toLowerCase(Locale.ROOT) + ".sasl.jaas.config", listener.jaasConfig());
  }

  /**
   * A listener named after its security protocol on 127.0.0.1:{@code port}, beside the others; returns the
   * prefix of its own settings ({@code listener.name.<name>.}).
   */
  private static String addListener(Properties props, String protocol, int port) {
    String address = protocol + "://127.0.0.1:" + port;
    props.put("listeners", props.getProperty("listeners") + "," + address);
    props.put("advertised.listeners", props.getProperty("advertised.listeners") + "," + address);
    props.put("listener.security.protocol.map", props.getProperty("listener.security.protocol.map") + "," + protocol
        + ":" + protocol);
    return "listener.name." + protocol.toLowerCase(Locale.ROOT) + ".";
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

  @Override
  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** The SASL_SSL listener's address; only for a broker started with {@link #startWithSaslSsl}. */
  public String saslSslBootstrapServers() {
    if (saslSslBootstrapServers == null) {
      throw new IllegalStateException("Cannot give the SASL_SSL address: this broker was started with PLAINTEXT only");
    }
    return saslSslBootstrapServers;
  }

  /** The SASL_PLAINTEXT listener's address; only for a broker started with {@link #startWithSaslPlaintext}. */
  public String saslPlaintextBootstrapServers() {
    if (saslPlaintextBootstrapServers == null) {
      throw new IllegalStateException("Cannot give the SASL_PLAINTEXT address: this broker was started without one");
    }
    return saslPlaintextBootstrapServers;
  }

  /** Creates or updates a SCRAM-SHA-512 user through the Admin API (on the PLAINTEXT listener). */
  public void createScramUser(String user, String password) throws ExecutionException, InterruptedException {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(user,
          new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), password))).all().get();
    }
  }

  @Override
  public void createTopics(int partitions, String... names) throws ExecutionException, InterruptedException {
    NewTopics.create(bootstrapServers, partitions, names);
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
  }
}
