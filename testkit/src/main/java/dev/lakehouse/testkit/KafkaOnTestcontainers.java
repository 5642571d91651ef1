package dev.lakehouse.testkit;

import org.apache.kafka.common.utils.AppInfoParser;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;

/**
 * Kafka in a Docker container (Testcontainers, the apache/kafka image of the client's version, KRaft,
 * one node). Only loaded where the tests' classpath has Testcontainers (testkit's optional dependency).
 */
final class KafkaOnTestcontainers implements KafkaFixture {
  private final KafkaContainer container;

  private KafkaOnTestcontainers(KafkaContainer container) {
    this.container = container;
  }

  static boolean dockerAnswers() {
    return DockerClientFactory.instance().isDockerAvailable();
  }

  static KafkaOnTestcontainers start() {
    KafkaContainer container = new KafkaContainer("apache/kafka:" + AppInfoParser.getVersion());
    container.start();
    return new KafkaOnTestcontainers(container);
  }

  @Override
  public String bootstrapServers() {
    return container.getBootstrapServers();
  }

  @Override
  public void createTopics(int partitions, String... names) throws Exception {
    NewTopics.create(bootstrapServers(), partitions, names);
  }

  @Override
  public void close() {
    container.stop();
  }
}
