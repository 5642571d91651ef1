package dev.lakehouse.streams.topology;

import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Validates one input topic ({@link InputCheck}). A valid record goes on with its event time as the
 * record timestamp (everything downstream is event-time); any other becomes a dead letter.
 */
final class EventValidator implements FixedKeyProcessor<String, byte[], Routed<SourcedEvent>> {
  private final InputCheck check;

  private FixedKeyProcessorContext<String, Routed<SourcedEvent>> context;
  private StreamTime streamTime;
  private Sensor valid;
  private Sensor deadLettered;

  EventValidator(InputCheck check) {
    this.check = check;
  }

  @Override
  public void init(FixedKeyProcessorContext<String, Routed<SourcedEvent>> context) {
    this.context = context;
    String topic = check.rules().topic();
    this.streamTime = new StreamTime(context.getStateStore(StreamTime.STORE), topic + "-validation");
    this.valid = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_VALID, topic);
    this.deadLettered = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_DEAD_LETTERED, topic);
  }

  @Override
  public void process(FixedKeyRecord<String, byte[]> record) {
    Lineage lineage = Lineage.of(context);
    InputCheck.Result result = check.check(record.key(), record.value(), record.timestamp(),
        context.currentSystemTimeMs(), streamTime.current());
    if (!result.isValid()) {
      deadLettered.record();
      context.forward(record
          .withValue(Routed.<SourcedEvent>divert(DeadLetters.row(result.violation(), lineage, record.key(),
              record.value(), result.eventTime(), context.currentSystemTimeMs())))
          .withHeaders(DeadLetters.headers(record.headers(), result.violation(), lineage)));
      return;
    }
    valid.record();
    if (result.isDeletion()) {
      // a reference deletion: the global histories apply it; nothing further to do here
      return;
    }
    long timestamp = result.eventTime().toEpochMilli();
    streamTime.advance(timestamp);
    context.forward(record.withValue(Routed.keep(new SourcedEvent(result.value(), lineage))).withTimestamp(timestamp));
  }
}
