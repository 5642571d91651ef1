package dev.lakehouse.peerflink.job;

import java.time.Duration;

/**
 * The Streams app's "stream time" (the highest event time seen) as Flink's watermarks give it: the
 * sources emit, per partition, the highest event time minus the grace minus 1 ms, and an operator
 * holds the minimum over its inputs. So stream time here is that of the slowest partition.
 */
public final class StreamTime {
  private StreamTime() {}

  public static long ofWatermark(long watermark, Duration grace) {
    return watermark + grace.toMillis() + 1;
  }

  /** The watermark that shows stream time {@code streamTime}: the inverse of {@link #ofWatermark}. */
  public static long watermarkOf(long streamTime, Duration grace) {
    return streamTime - grace.toMillis() - 1;
  }
}
