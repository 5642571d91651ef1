package dev.lakehouse.peerflink.window;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.TimedAmount;
import dev.lakehouse.peerflink.output.ContractRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.schemas.Topics;
import java.io.Serializable;

/**
 * The Streams app's lateness rule for the 1-minute windows, judged per input partition: an event is
 * late when its window's end + grace is at or before its partition's window stream time (the
 * highest event time of the window's events on that partition, this one included); its row carries
 * that stream time and lateness = stream time - (window end + grace). The row's key is the window key.
 */
public final class LateEvents implements Serializable {
  private final long sizeMs = JobSettings.WINDOW_SIZE.toMillis();
  private final long graceMs;
  private final OutputEncoder encoder;

  public LateEvents(JobSettings settings) {
    this.graceMs = settings.windowGrace().toMillis();
    this.encoder = new OutputEncoder(settings);
  }

  public boolean isLate(TimedAmount event, long streamTime) {
    return windowStart(event) + sizeMs + graceMs <= streamTime;
  }

  public KafkaOutput row(TimedAmount event, long streamTime, long processingTime) {
    long windowStart = windowStart(event);
    long windowEnd = windowStart + sizeMs;
    return encoder.encode(Topics.LATE_EVENTS, event.windowKey(), ContractRows.lateEvent(event, windowStart, windowEnd,
        streamTime, streamTime - (windowEnd + graceMs), processingTime));
  }

  private long windowStart(TimedAmount event) {
    return Math.floorDiv(event.eventTime(), sizeMs) * sizeMs;
  }
}
