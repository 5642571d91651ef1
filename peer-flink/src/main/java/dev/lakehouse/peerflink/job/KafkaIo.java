package dev.lakehouse.peerflink.job;

import dev.lakehouse.peerflink.input.InputReader;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.output.KafkaOutputSerializer;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;

/**
 * The job's Kafka sources and its one exactly-once sink.
 *
 * @param clientProperties settings for every client (security), given as {@code kafka.*}
 * @param groupId the sources' consumer group and the prefix of the sink's transactional ids
 */
public record KafkaIo(String bootstrapServers, Map<String, String> clientProperties, String groupId,
    Duration transactionTimeout) {

  public KafkaIo {
    clientProperties = Map.copyOf(clientProperties);
  }

  /**
   * Reads {@code topics} from the earliest offset on a first start (a restored job resumes from
   * its checkpoint) and commits the checkpointed offsets to the group, so its lag can be followed.
   */
  public KafkaSource<Input> source(String name, List<String> topics, JobSettings settings) {
    return KafkaSource.<Input>builder()
        .setBootstrapServers(bootstrapServers)
        .setProperties(properties())
        .setGroupId(groupId)
        .setClientIdPrefix(groupId + "-" + name)
        .setTopics(topics)
        .setStartingOffsets(OffsetsInitializer.earliest())
        .setDeserializer(new InputReader(settings))
        .setProperty("isolation.level", "read_committed")
        .build();
  }

  /**
   * The partition count of {@code orders} and {@code payments}, which must be equal (an order and its
   * payments are tracked in the task of their partition, as in the Streams app).
   *
   * @throws InputTopicsException when Kafka does not answer in time, a topic is missing or the counts differ
   */
  public int inputPartitions(Duration timeout) {
    Properties admin = properties();
    admin.setProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    Map<String, TopicDescription> topics;
    try (Admin client = Admin.create(admin)) {
      topics = client.describeTopics(List.of(Topics.ORDERS, Topics.PAYMENTS)).allTopicNames()
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new InputTopicsException("Cannot describe " + Topics.ORDERS + " and " + Topics.PAYMENTS + " on "
          + bootstrapServers + " within " + timeout + ": " + (e.getCause() != null ? e.getCause() : e)
          + "; is Kafka running, do the topics exist and is kafka.bootstrap.servers right?", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InputTopicsException("Cannot describe the input topics: interrupted", e);
    }
    int orders = topics.get(Topics.ORDERS).partitions().size();
    int payments = topics.get(Topics.PAYMENTS).partitions().size();
    if (orders != payments) {
      throw new InputTopicsException("Cannot start: " + Topics.ORDERS + " has " + orders + " partitions and "
          + Topics.PAYMENTS + " has " + payments + "; they must have the same count (an order and its payments are "
          + "tracked in the task of their partition)", null);
    }
    return orders;
  }

  /** The input topics cannot be read as the job needs them. */
  public static final class InputTopicsException extends RuntimeException {
    InputTopicsException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * A transactional sink: its transactions commit when a checkpoint completes. Each sink of the job
   * has its own {@code name}, part of its transactional ids.
   */
  public KafkaSink<KafkaOutput> sink(String name) {
    Properties producer = properties();
    producer.setProperty("transaction.timeout.ms", Long.toString(transactionTimeout.toMillis()));
    // what Kafka Streams sets for its exactly-once producers, so both sides batch alike
    producer.setProperty("linger.ms", "100");
    return KafkaSink.<KafkaOutput>builder()
        .setBootstrapServers(bootstrapServers)
        .setKafkaProducerConfig(producer)
        .setRecordSerializer(new KafkaOutputSerializer())
        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
        .setTransactionalIdPrefix(groupId + "-" + name)
        .build();
  }

  private Properties properties() {
    Properties properties = new Properties();
    properties.putAll(clientProperties);
    return properties;
  }
}
