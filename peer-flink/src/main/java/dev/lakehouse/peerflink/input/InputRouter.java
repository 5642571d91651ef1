package dev.lakehouse.peerflink.input;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.OrderOrPayment;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.model.Violation;
import dev.lakehouse.peerflink.output.DeadLetterRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Sends usable input to one side output per kind and the rest to {@code dead-letters} (the main
 * output). Chained to the source, it sees each partition's records in offset order and applies the
 * one rule that needs stream time: an order or payment further than the horizon behind its input
 * partition's stream time (the highest event time accepted on it so far) is refused, as in the
 * Streams app.
 */
public final class InputRouter extends ProcessFunction<Input, KafkaOutput> implements CheckpointedFunction {
  public static final OutputTag<OrderOrPayment> EVENTS =
      new OutputTag<>("orders-and-payments", TypeInformation.of(OrderOrPayment.class));
  public static final OutputTag<ReferenceVersion> REFERENCES =
      new OutputTag<>("references", TypeInformation.of(ReferenceVersion.class));

  private final JobSettings settings;
  private final OutputEncoder encoder;
  private transient PartitionClocks streamTimes;

  public InputRouter(JobSettings settings) {
    this.settings = settings;
    this.encoder = new OutputEncoder(settings);
  }

  @Override
  public void initializeState(FunctionInitializationContext context) throws Exception {
    streamTimes = new PartitionClocks();
    streamTimes.restore(context);
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) throws Exception {
    streamTimes.snapshot();
  }

  @Override
  public void processElement(Input input, Context context, Collector<KafkaOutput> out) {
    Input checked = input.violation() == null ? withinHorizon(input) : input;
    if (checked.violation() != null) {
      long now = context.timerService().currentProcessingTime();
      out.collect(encoder.encode(Topics.DEAD_LETTERS, checked.key(), DeadLetterRows.row(checked, now),
          DeadLetterRows.headers(checked.violation(), checked.topic(), checked.partition(), checked.offset(),
              checked.headerNames(), checked.headerValues())));
    } else if (checked.order() != null) {
      streamTimes.advance(checked.topic(), checked.partition(), checked.eventTime());
      context.output(EVENTS, OrderOrPayment.of(checked.order()));
    } else if (checked.payment() != null) {
      streamTimes.advance(checked.topic(), checked.partition(), checked.eventTime());
      context.output(EVENTS, OrderOrPayment.of(checked.payment()));
    } else {
      context.output(REFERENCES, checked.reference());
    }
  }

  private Input withinHorizon(Input input) {
    if (input.reference() != null) {
      return input;
    }
    long streamTime = streamTimes.of(input.topic(), input.partition());
    if (streamTime == Long.MIN_VALUE || input.eventTime() >= streamTime - settings.horizon().toMillis()) {
      return input;
    }
    return input.rejected(Violation.rule("EVENT_TIME_OUT_OF_RANGE", "event_time " + Instant.ofEpochMilli(input.eventTime())
        + " is more than " + settings.horizon() + " behind stream time " + Instant.ofEpochMilli(streamTime)
        + ": replay it into a backfill instead"));
  }

}
