package dev.lakehouse.peerflink.window;

import static dev.lakehouse.peerflink.Events.MINUTE;
import static dev.lakehouse.peerflink.Events.T0;
import static dev.lakehouse.peerflink.Events.decode;
import static dev.lakehouse.peerflink.Events.order;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;

class LateEventsTest {
  private static final long GRACE = 2 * MINUTE;

  @Test
  void latenessIsStreamTimePastTheWindowsEndPlusGrace() throws Exception {
    try (OneInputStreamOperatorTestHarness<Order, KafkaOutput> harness =
        ProcessFunctionTestHarnesses.forProcessFunction(new LateEvents<Order>(Events.settings()))) {
      // the sources' watermark is the highest event time minus the grace minus 1 ms
      long streamTime = T0 + MINUTE + GRACE + 30_000;
      harness.processWatermark(new Watermark(streamTime - GRACE - 1));
      harness.processElement(order("e1", "o1", "PLACED", T0 + 20_000, 5), T0 + 20_000);

      KafkaOutput output = harness.extractOutputValues().get(0);
      GenericRecord row = decode(output, Topics.LATE_EVENTS);
      assertThat(output.key()).isEqualTo("EUR:m-1");
      assertThat(row.get("window_start")).isEqualTo(Instant.ofEpochMilli(T0));
      assertThat(row.get("window_end")).isEqualTo(Instant.ofEpochMilli(T0 + MINUTE));
      assertThat(row.get("stream_time")).isEqualTo(Instant.ofEpochMilli(streamTime));
      assertThat(row.get("lateness_ms")).isEqualTo(30_000L);
      assertThat(row.get("event_type").toString()).isEqualTo("order");
      assertThat(row.get("source_offset")).isEqualTo(5L);
    }
  }
}
