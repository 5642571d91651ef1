package dev.lakehouse.peerflink.output;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.io.Serializable;
import org.apache.avro.generic.GenericRecord;

/**
 * Turns a contract row into a record for the sink: the value in the Confluent wire format under
 * the contract topic's subject (so it carries the contract's schema id), the topic with the job's
 * prefix. Shipped with the operator that holds it; the serializer is made on first use, in the task.
 */
public final class OutputEncoder implements Serializable {
  private final JobSettings settings;
  private transient AvroSerializer serializer;

  public OutputEncoder(JobSettings settings) {
    this.settings = settings;
  }

  public KafkaOutput encode(String contractTopic, String key, GenericRecord row) {
    return KafkaOutput.of(settings.outputTopic(contractTopic), key, serialize(contractTopic, row));
  }

  public KafkaOutput encode(String contractTopic, String key, GenericRecord row, Headers headers) {
    return new KafkaOutput(settings.outputTopic(contractTopic), key, serialize(contractTopic, row), headers.names(),
        headers.values());
  }

  private byte[] serialize(String contractTopic, GenericRecord row) {
    if (serializer == null) {
      serializer = new AvroSerializer(SchemaRegistries.fromConfig(settings.registryConfig()));
    }
    return serializer.serialize(contractTopic, row);
  }

  /** Record headers as parallel arrays of names and values. */
  public record Headers(String[] names, byte[][] values) {}
}
