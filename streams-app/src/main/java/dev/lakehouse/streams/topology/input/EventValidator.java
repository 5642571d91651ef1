package dev.lakehouse.streams.topology.input;

import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.deadletters.DeadLetters;
import dev.lakehouse.streams.topology.event.Lineage;
import dev.lakehouse.streams.topology.event.Routed;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.ledger.Ledger;
import dev.lakehouse.streams.topology.ledger.Fate;
import dev.lakehouse.streams.topology.ledger.LedgerStep;
import dev.lakehouse.streams.topology.state.StreamTime;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Validates one input topic ({@link InputCheck}). A valid record goes on with its event time as the
 * record timestamp (everything downstream is event-time); any other becomes a dead letter. A valid
 * tombstone of a reference topic goes on as a deletion (an event without a value) at its Kafka
 * timestamp; it does not move stream time.
 */
public final class EventValidator implements FixedKeyProcessor<String, byte[], Routed<SourcedEvent>> {
  private final InputCheck check;
  private final boolean ledgerOn;

  private FixedKeyProcessorContext<String, Routed<SourcedEvent>> context;
  private StreamTime streamTime;
  private LedgerStep ledger;
  private Sensor valid;
  private Sensor deadLettered;

  public EventValidator(InputCheck check, boolean ledgerOn) {
    this.check = check;
    this.ledgerOn = ledgerOn;
  }

  @Override
  public void init(FixedKeyProcessorContext<String, Routed<SourcedEvent>> context) {
    this.context = context;
    String topic = check.rules().topic();
    this.streamTime = new StreamTime(context.getStateStore(StreamTime.STORE), StreamTime.validationKey(topic));
    this.ledger = LedgerStep.in(context, ledgerOn, topic, Ledger.VALIDATION);
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
      ledger.read(lineage.offset(), Fate.deadLettered(result.violation().errorClass()));
      context.forward(record
          .withValue(Routed.<SourcedEvent>divert(DeadLetters.row(result.violation(), lineage, record.key(),
              record.value(), result.eventTime(), context.currentSystemTimeMs())))
          .withHeaders(DeadLetters.headers(record.headers(), result.violation(), lineage)));
      return;
    }
    valid.record();
    long timestamp = result.eventTime().toEpochMilli();
    if (!result.isDeletion()) {
      streamTime.advance(timestamp);
    }
    context.forward(record.withValue(Routed.keep(new SourcedEvent(result.value(), lineage))).withTimestamp(timestamp));
  }
}
