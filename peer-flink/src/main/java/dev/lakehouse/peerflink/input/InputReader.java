package dev.lakehouse.peerflink.input;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.model.Violation;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.UnknownSchemaException;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.WireFormatException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Reads an input record with the schemas module's serde (contract schema as reader) and checks
 * its rules. Bad input becomes an {@link Input} with a violation, never an exception; a registry
 * that cannot be reached is not bad input and fails the task.
 */
public final class InputReader implements KafkaRecordDeserializationSchema<Input> {
  private final JobSettings settings;
  private final InputRules rules;
  private transient AvroDeserializer values;

  public InputReader(JobSettings settings) {
    this.settings = settings;
    this.rules = new InputRules(settings);
  }

  @Override
  public void open(DeserializationSchema.InitializationContext context) {
    values = new AvroDeserializer(SchemaRegistries.fromConfig(settings.registryConfig()), null);
  }

  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Input> out) {
    out.collect(read(record, System.currentTimeMillis()));
  }

  @Override
  public TypeInformation<Input> getProducedType() {
    return TypeInformation.of(Input.class);
  }

  Input read(ConsumerRecord<byte[], byte[]> record, long wallClock) {
    String topic = record.topic();
    String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
    Header[] headers = record.headers().toArray();
    String[] headerNames = null;
    byte[][] headerValues = null;
    if (headers.length > 0) {
      headerNames = new String[headers.length];
      headerValues = new byte[headers.length][];
      for (int i = 0; i < headers.length; i++) {
        headerNames[i] = headers[i].key();
        headerValues[i] = headers[i].value();
      }
    }
    Input raw = new Input(topic, record.partition(), record.offset(), key, record.value(), headerNames, headerValues,
        null, null, null, null, null);
    if (record.value() == null && InputRules.deletesWithTombstones(topic)) {
      Optional<Violation> violation = rules.checkTombstone(topic, key, record.timestamp(), wallClock);
      return new Input(topic, record.partition(), record.offset(), key, null, headerNames, headerValues,
          record.timestamp(), null, null, violation.isPresent() ? null
          : ReferenceVersion.deletion(topic, key, record.timestamp()), violation.orElse(null));
    }
    GenericRecord value;
    try {
      value = values.deserialize(topic, record.value());
    } catch (UnknownSchemaException e) {
      return raw.rejected(Violation.thrown("UNKNOWN_SCHEMA", e));
    } catch (WireFormatException | AvroDeserializer.AvroDecodingException e) {
      return raw.rejected(Violation.thrown("DESERIALIZATION", e));
    }
    if (value == null) {
      return raw.rejected(Violation.rule("INVALID_VALUE", "value is null: " + topic
          + " records cannot be deleted with tombstones; publish a full record instead"));
    }
    long eventTime = rules.eventTime(topic, value);
    Optional<Violation> violation = rules.check(topic, key, value, wallClock);
    if (violation.isPresent()) {
      return new Input(topic, record.partition(), record.offset(), key, record.value(), headerNames, headerValues,
          eventTime, null, null, null, violation.get());
    }
    return new Input(topic, record.partition(), record.offset(), key, record.value(), headerNames, headerValues,
        eventTime, order(topic, value, eventTime, record), payment(topic, value, eventTime, record),
        reference(topic, value, eventTime), null);
  }

  private static Order order(String topic, GenericRecord v, long eventTime, ConsumerRecord<?, ?> record) {
    if (!topic.equals(Topics.ORDERS)) {
      return null;
    }
    return new Order(text(v, "event_id"), text(v, "order_id"), text(v, "customer_id"), text(v, "merchant_id"),
        text(v, "status"), (BigDecimal) v.get("amount"), text(v, "currency"), eventTime, optionalText(v, "channel"),
        (BigDecimal) v.get("discount_amount"), record.partition(), record.offset());
  }

  private static Payment payment(String topic, GenericRecord v, long eventTime, ConsumerRecord<?, ?> record) {
    if (!topic.equals(Topics.PAYMENTS)) {
      return null;
    }
    return new Payment(text(v, "event_id"), text(v, "payment_id"), text(v, "order_id"), (BigDecimal) v.get("amount"),
        text(v, "outcome"), eventTime, record.partition(), record.offset());
  }

  private static ReferenceVersion reference(String topic, GenericRecord v, long validFrom) {
    if (topic.equals(Topics.CUSTOMERS)) {
      return ReferenceVersion.of(topic, text(v, "customer_id"), text(v, "name"), text(v, "country"),
          text(v, "segment"), validFrom);
    }
    if (topic.equals(Topics.MERCHANTS)) {
      return ReferenceVersion.of(topic, text(v, "merchant_id"), text(v, "name"), text(v, "country"),
          text(v, "category"), validFrom);
    }
    return null;
  }

  private static String text(GenericRecord value, String field) {
    return value.get(field).toString();
  }

  /** An optional field's text, null when the producer set none (or wrote a contract version without it). */
  private static String optionalText(GenericRecord value, String field) {
    Object text = value.get(field);
    return text == null ? null : text.toString();
  }
}
