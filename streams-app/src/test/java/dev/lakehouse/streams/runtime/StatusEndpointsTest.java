package dev.lakehouse.streams.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.StreamsProperties;
import dev.lakehouse.streams.config.TopologyKeys;
import dev.lakehouse.streams.health.StateTracker;
import dev.lakehouse.streams.http.Response;
import dev.lakehouse.streams.http.Routes;
import dev.lakehouse.streams.topology.LakehouseTopology;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams.State;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The endpoints as the app wires them, over the real topology's metrics (TopologyTestDriver, no broker). */
class StatusEndpointsTest {
  @TempDir
  Path dir;

  @Test
  void metricsShowOurCountersStreamsMetricsJvmAndState() {
    AppConfig config = new AppConfig(Map.of("data.dir", dir.toString()));
    Properties props = StreamsProperties.of(config);
    StateTracker tracker = new StateTracker();
    tracker.onChange(State.RUNNING, State.REBALANCING);
    try (TopologyTestDriver driver = new TopologyTestDriver(
        LakehouseTopology.build(TopologyKeys.settings(config).build(), props), props)) {
      TestInputTopic<String, byte[]> orders =
          driver.createInputTopic(Topics.ORDERS, new StringSerializer(), new ByteArraySerializer());
      Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
      orders.pipeInput("o-1", orderBytes("e-1", "o-1", now), now);
      orders.pipeInput("o-1", orderBytes("e-1", "o-1", now), now);
      orders.pipeInput("o-2", "not avro".getBytes(StandardCharsets.UTF_8), now);
      RestoredRecords restored = new RestoredRecords("pipeline");
      restored.onBatchRestored(new TopicPartition("app-order-state-changelog", 0), "order-state", 41, 42);
      Routes routes = StatusEndpoints.routes(tracker, driver::metrics, RestoredRecords.metrics(List.of(restored)));

      Response metrics = routes.handle(StatusEndpoints.METRICS);

      assertThat(metrics.status()).isEqualTo(200);
      assertThat(metrics.contentType()).isEqualTo("text/plain; version=0.0.4; charset=utf-8");
      assertThat(metrics.body())
          // the retried copy is valid too; deduplication comes after validation
          .containsPattern("(?m)^kafka_lakehouse_records_valid_total\\{thread_id=\"[^\"]+\",topic=\"orders\"} 2$")
          .containsPattern("(?m)^kafka_lakehouse_duplicates_dropped_total\\{thread_id=\"[^\"]+\",topic=\"orders\"} 1$")
          .containsPattern("(?m)^kafka_lakehouse_records_dead_lettered_total\\{thread_id=\"[^\"]+\",topic=\"orders\"} 1$")
          .contains("# TYPE kafka_stream_task_metrics_process_total counter\n")
          .contains("# TYPE jvm_memory_used_bytes gauge\n")
          .contains("lakehouse_streams_state{state=\"RUNNING\"} 1\n")
          .contains("lakehouse_streams_state{state=\"ERROR\"} 0\n")
          .contains("# TYPE lakehouse_streams_restored_records_total counter\n")
          .contains("lakehouse_streams_restored_records_total{client=\"pipeline\"} 42\n");
      assertThat(routes.handle(StatusEndpoints.LIVE).status()).isEqualTo(200);
      assertThat(routes.handle(StatusEndpoints.READY).status()).isEqualTo(200);
      assertThat(routes.handle("/other").status()).isEqualTo(404);
    }
  }

  private static byte[] orderBytes(String eventId, String orderId, Instant eventTime) {
    GenericRecord order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", eventId);
    order.put("order_id", orderId);
    order.put("customer_id", "c-1");
    order.put("merchant_id", "m-1");
    order.put("status", "PLACED");
    order.put("amount", new BigDecimal("12.50"));
    order.put("currency", "EUR");
    order.put("event_time", eventTime);
    try (AvroSerializer serializer = new AvroSerializer(SchemaRegistries.fromConfig(Map.of()))) {
      return serializer.serialize(Topics.ORDERS, order);
    }
  }
}
