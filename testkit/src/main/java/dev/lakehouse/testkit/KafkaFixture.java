package dev.lakehouse.testkit;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * The Kafka broker of an integration test: a Testcontainers {@code KafkaContainer} (the apache/kafka
 * image) where a Docker engine answers, the in-process KRaft broker ({@link EmbeddedKafka})
 * otherwise. The system property {@value #PROPERTY} overrides the choice: {@code auto} (default),
 * {@code embedded} or {@code testcontainers}; for example {@code mvn verify -Dlakehouse.kafka=testcontainers}.
 */
public interface KafkaFixture extends AutoCloseable {
  String PROPERTY = "lakehouse.kafka";

  /** Which broker a run uses. */
  enum Kind { EMBEDDED, TESTCONTAINERS }

  String bootstrapServers();

  /** Creates the topics that do not exist yet, with one replica each, and waits until every partition is online. */
  void createTopics(int partitions, String... names) throws Exception;

  @Override
  void close();

  /** Starts the broker {@value #PROPERTY} selects; the embedded one keeps its log under {@code dataDir}. */
  static KafkaFixture start(Path dataDir) throws Exception {
    Kind kind = choose(System.getProperty(PROPERTY, "auto"), KafkaOnTestcontainers::dockerAnswers);
    // Testcontainers logs an ERROR when it finds no Docker: say what that means for this run
    System.out.println("Kafka for this test: " + (kind == Kind.TESTCONTAINERS
        ? "apache/kafka on Testcontainers" : "the in-process KRaft broker") + " (-D" + PROPERTY + " to choose)");
    return kind == Kind.TESTCONTAINERS ? KafkaOnTestcontainers.start() : EmbeddedKafka.start(dataDir, 0);
  }

  /** The broker for a {@value #PROPERTY} setting, asking whether Docker answers only when it matters. */
  static Kind choose(String setting, BooleanSupplier dockerAnswers) {
    switch (setting.trim().toLowerCase(Locale.ROOT)) {
      case "auto":
        return dockerAnswers.getAsBoolean() ? Kind.TESTCONTAINERS : Kind.EMBEDDED;
      case "embedded":
        return Kind.EMBEDDED;
      case "testcontainers":
        if (!dockerAnswers.getAsBoolean()) {
          throw new IllegalStateException("Cannot start Kafka on Testcontainers (-D" + PROPERTY + "=" + setting
              + "): no Docker engine answers (Testcontainers looks at DOCKER_HOST, the Docker socket and "
              + "~/.testcontainers.properties); start Docker, or use -D" + PROPERTY + "=embedded for the "
              + "in-process broker");
        }
        return Kind.TESTCONTAINERS;
      default:
        throw new IllegalArgumentException("Invalid -D" + PROPERTY + "=" + setting
            + ": use auto (Testcontainers where Docker answers, else embedded), embedded or testcontainers");
    }
  }
}
