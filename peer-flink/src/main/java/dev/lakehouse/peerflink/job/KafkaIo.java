package dev.lakehouse.peerflink.job;

import dev.lakehouse.peerflink.input.InputReader;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.output.KafkaOutputSerializer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
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

  /** One transactional sink for every output: its transactions commit when a checkpoint completes. */
  public KafkaSink<KafkaOutput> sink() {
    Properties producer = properties();
    producer.setProperty("transaction.timeout.ms", Long.toString(transactionTimeout.toMillis()));
    // what Kafka Streams sets for its exactly-once producers, so both sides batch alike
    producer.setProperty("linger.ms", "100");
    return KafkaSink.<KafkaOutput>builder()
        .setBootstrapServers(bootstrapServers)
        .setKafkaProducerConfig(producer)
        .setRecordSerializer(new KafkaOutputSerializer())
        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
        .setTransactionalIdPrefix(groupId)
        .build();
  }

  private Properties properties() {
    Properties properties = new Properties();
    properties.putAll(clientProperties);
    return properties;
  }
}
