package dev.lakehouse.schemas.serde;

import dev.lakehouse.schemas.registry.SchemaRegistry;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serdes;

/** Serde of {@link AvroSerializer} and {@link AvroDeserializer} sharing one registry. */
public class AvroSerde extends Serdes.WrapperSerde<GenericRecord> {
  public AvroSerde() {
    super(new AvroSerializer(), new AvroDeserializer());
  }

  public AvroSerde(SchemaRegistry registry, Schema readerSchema) {
    super(new AvroSerializer(registry), new AvroDeserializer(registry, readerSchema));
  }
}
