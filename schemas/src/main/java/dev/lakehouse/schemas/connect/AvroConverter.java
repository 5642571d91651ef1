package dev.lakehouse.schemas.connect;

import dev.lakehouse.schemas.registry.RegistryConfig;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.registry.SchemaRegistryException;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.AvroSerializer;
import dev.lakehouse.schemas.serde.WireFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.storage.Converter;

/**
 * Kafka Connect converter for our Avro in the Confluent wire format, configured like the serde
 * ({@code value.converter.schema.registry.url=file:} or {@code http(s)://...}). Records become
 * {@link org.apache.kafka.connect.data.Struct}s with Decimal and Timestamp logical types, so a sink
 * such as Iceberg's gets typed columns. Values keep every field of their writer schema.
 *
 * <p>Bytes that cannot be read fail with {@link DataException} (the worker's errors.tolerance and
 * dead-letter queue apply); an unreachable registry fails with {@link RetriableException}.
 */
public class AvroConverter implements Converter {
  private SchemaRegistry registry;
  private AvroDeserializer deserializer;
  private AvroSerializer serializer;
  private final Map<Integer, Schema> connectSchemasById = new ConcurrentHashMap<>();
  private final Map<Schema, org.apache.avro.Schema> avroSchemas = new ConcurrentHashMap<>();

  public AvroConverter() {}

  /** With a given registry, e.g. in tests; {@link #configure} still needs calling for isKey. */
  public AvroConverter(SchemaRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    if (registry == null) {
      registry = SchemaRegistries.fromConfig(configs);
    }
    deserializer = AvroDeserializer.usingWriterSchema(registry);
    serializer = new AvroSerializer(registry);
    serializer.configure(configs, isKey);
  }

  @Override
  public SchemaAndValue toConnectData(String topic, byte[] value) {
    if (value == null) {
      return SchemaAndValue.NULL;
    }
    try {
      GenericRecord record = deserializer.deserialize(topic, value);
      int id = WireFormat.schemaId(value);
      Schema schema = connectSchemasById.computeIfAbsent(id, i -> AvroToConnect.schema(record.getSchema()));
      return new SchemaAndValue(schema, AvroToConnect.value(schema, record.getSchema(), record));
    } catch (SerializationException e) {
      throw new DataException("Cannot convert a record of topic " + topic + " to Connect data: " + e.getMessage(), e);
    } catch (SchemaRegistryException e) {
      throw new RetriableException(e.getMessage(), e);
    }
  }

  @Override
  public byte[] fromConnectData(String topic, Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    if (schema == null || schema.type() != Schema.Type.STRUCT) {
      throw new DataException("Cannot convert a value for topic " + topic + " to Avro: expected a Struct with its "
          + "schema, got " + (schema == null ? "no schema" : "schema type " + schema.type()));
    }
    try {
      org.apache.avro.Schema avro = avroSchemas.computeIfAbsent(schema, ConnectToAvro::schema);
      return serializer.serialize(topic, (GenericRecord) ConnectToAvro.value(schema, avro, value));
    } catch (SerializationException | IllegalArgumentException | ClassCastException e) {
      throw new DataException("Cannot convert a value for topic " + topic + " to Avro: " + e.getMessage(), e);
    } catch (SchemaRegistryException e) {
      throw new RetriableException(e.getMessage(), e);
    }
  }

  @Override
  public ConfigDef config() {
    return RegistryConfig.configDef();
  }

  @Override
  public void close() {
    if (registry != null) {
      registry.close();
    }
  }
}
