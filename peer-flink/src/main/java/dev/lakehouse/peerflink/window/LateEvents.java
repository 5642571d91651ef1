package dev.lakehouse.peerflink.window;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.job.StreamTime;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.TimedAmount;
import dev.lakehouse.peerflink.output.ContractRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.schemas.Topics;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Rows for the events a window operator refused as late (its late-data side output), keyed by
 * the window key. Chained to the window operator, it sees the same watermark the window judged by
 * (watermarks go to side outputs too), so stream time and lateness are those of the decision:
 * late means window end + grace <= stream time, lateness = stream time - (window end + grace).
 */
public final class LateEvents<T extends TimedAmount> extends ProcessFunction<T, KafkaOutput> {
  private final JobSettings settings;
  private final OutputEncoder encoder;

  public LateEvents(JobSettings settings) {
    this.settings = settings;
    this.encoder = new OutputEncoder(settings);
  }

  @Override
  public void processElement(T event, Context context, Collector<KafkaOutput> out) {
    long size = JobSettings.WINDOW_SIZE.toMillis();
    long windowStart = Math.floorDiv(event.eventTime(), size) * size;
    long windowEnd = windowStart + size;
    long streamTime = StreamTime.ofWatermark(context.timerService().currentWatermark(), settings.windowGrace());
    long lateness = streamTime - (windowEnd + settings.windowGrace().toMillis());
    out.collect(encoder.encode(Topics.LATE_EVENTS, event.windowKey(), ContractRows.lateEvent(event, windowStart,
        windowEnd, streamTime, lateness, context.timerService().currentProcessingTime())));
  }

}
