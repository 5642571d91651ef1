package dev.lakehouse.streams.topology;

import java.util.Map;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeCount;
import org.apache.kafka.streams.StreamsMetrics;

/**
 * The topology's own counters, registered in the Kafka Streams metrics registry so they are
 * exported with the built-in ones: group {@value #GROUP}, tags {@code thread-id} and {@code topic}
 * (the input topic the counted records came from).
 */
public final class LakehouseMetrics {
  public static final String GROUP = "lakehouse";
  public static final String THREAD_TAG = "thread-id";
  public static final String TOPIC_TAG = "topic";

  public static final String RECORDS_VALID = "records-valid-total";
  public static final String RECORDS_DEAD_LETTERED = "records-dead-lettered-total";
  public static final String RECORDS_LATE = "records-late-total";
  public static final String DUPLICATES_DROPPED = "duplicates-dropped-total";
  public static final String EXTRA_PAYMENTS = "payments-extra-successful-total";

  private static final Map<String, String> DESCRIPTIONS = Map.of(
      RECORDS_VALID, "Input records that passed validation.",
      RECORDS_DEAD_LETTERED, "Records sent to the dead-letters topic.",
      RECORDS_LATE, "Records too late for their 1-minute window, sent to late-events.",
      DUPLICATES_DROPPED, "Records dropped because their event_id was seen within the dedup window.",
      EXTRA_PAYMENTS, "Successful payments of an order that already had one (not in order-payments).");

  private LakehouseMetrics() {}

  /**
   * A cumulative counter. Sensors are per stream thread and shared by its tasks, so the call is
   * idempotent and a counter survives task migrations within the thread.
   */
  public static Sensor counter(StreamsMetrics metrics, String name, String topic) {
    String thread = Thread.currentThread().getName();
    Sensor sensor = metrics.addSensor(GROUP + "." + thread + "." + name + "." + topic, Sensor.RecordingLevel.INFO);
    sensor.add(new MetricName(name, GROUP, DESCRIPTIONS.get(name), Map.of(THREAD_TAG, thread, TOPIC_TAG, topic)),
        new CumulativeCount());
    return sensor;
  }
}
