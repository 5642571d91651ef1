package dev.lakehouse.streams.topology.event;

import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/** Where an input record was read: carried in values because repartitioning loses it. */
public record Lineage(String topic, int partition, long offset) {
  static final Lineage UNKNOWN = new Lineage("unknown", -1, -1L);

  public static Lineage of(FixedKeyProcessorContext<?, ?> context) {
    return context.recordMetadata().map(Lineage::of).orElse(UNKNOWN);
  }

  private static Lineage of(RecordMetadata metadata) {
    return new Lineage(metadata.topic(), metadata.partition(), metadata.offset());
  }
}
