package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.registry.UnknownSchemaException;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.WireFormatException;
import java.time.Instant;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Parses one input topic and checks its rules. A valid record goes on with its event time as the
 * record timestamp (everything downstream is event-time); any other becomes a dead letter. Only
 * bad input is caught: a registry that cannot be reached fails the task like any other outage.
 */
final class EventValidator implements FixedKeyProcessor<String, byte[], Routed<SourcedEvent>> {
  private final EventRules rules;
  private final EventTimeRule timeRule;
  private final AvroDeserializer deserializer;
  private final String streamTimeStore;

  private FixedKeyProcessorContext<String, Routed<SourcedEvent>> context;
  private StreamTime streamTime;
  private Sensor valid;
  private Sensor deadLettered;

  EventValidator(EventRules rules, EventTimeRule timeRule, AvroDeserializer deserializer, String streamTimeStore) {
    this.rules = rules;
    this.timeRule = timeRule;
    this.deserializer = deserializer;
    this.streamTimeStore = streamTimeStore;
  }

  @Override
  public void init(FixedKeyProcessorContext<String, Routed<SourcedEvent>> context) {
    this.context = context;
    this.streamTime = new StreamTime(context.getStateStore(streamTimeStore));
    this.valid = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_VALID, rules.topic());
    this.deadLettered = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_DEAD_LETTERED, rules.topic());
  }

  @Override
  public void process(FixedKeyRecord<String, byte[]> record) {
    Lineage lineage = Lineage.of(context);
    GenericRecord value;
    try {
      value = deserializer.deserialize(rules.topic(), record.value());
    } catch (UnknownSchemaException e) {
      reject(record, lineage, Violation.of(ErrorClass.UNKNOWN_SCHEMA, e), null);
      return;
    } catch (WireFormatException | AvroDeserializer.AvroDecodingException e) {
      reject(record, lineage, Violation.of(ErrorClass.DESERIALIZATION, e), null);
      return;
    }
    if (value == null) {
      reject(record, lineage, Violation.of(ErrorClass.INVALID_VALUE, "value is null: " + rules.topic()
          + " records cannot be deleted with tombstones; publish a full record instead"), null);
      return;
    }
    Instant eventTime = rules.eventTime(value);
    Optional<Violation> violation = rules.check(record.key(), value)
        .or(() -> timeRule.check(rules.timeField(), eventTime.toEpochMilli(), context.currentSystemTimeMs(),
            streamTime.current()));
    if (violation.isPresent()) {
      reject(record, lineage, violation.get(), eventTime);
      return;
    }
    long timestamp = timeRule.timestamp(eventTime.toEpochMilli(), streamTime.current());
    streamTime.advance(timestamp);
    valid.record();
    context.forward(record.withValue(Routed.keep(new SourcedEvent(value, lineage))).withTimestamp(timestamp));
  }

  private void reject(FixedKeyRecord<String, byte[]> record, Lineage lineage, Violation violation, Instant eventTime) {
    deadLettered.record();
    context.forward(record
        .withValue(Routed.<SourcedEvent>divert(DeadLetters.row(violation, lineage, record.key(), record.value(),
            eventTime, context.currentSystemTimeMs())))
        .withHeaders(DeadLetters.headers(record.headers(), violation, lineage)));
  }
}
