package dev.lakehouse.streams.topology.enrich;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The versions topics carry every reference version the enrichment keeps, in the order read:
 * valid records with their attributes, tombstones as deletions at their Kafka timestamp, a late
 * version with its own (older) valid_from; invalid records only as dead letters.
 */
class ReferenceVersionRowsTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");

  @TempDir Path stateDir;

  @Test
  void everyAcceptedCustomerVersionBecomesARowInReadOrder() {
    TestEvents events = new TestEvents(31);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann", "DE", "retail", T));
      harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann Smith", "FR", "business", T.plusSeconds(600)));
      // late: older than the newest version of c-1, published after it
      harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann S.", "FR", "retail", T.plusSeconds(300)));
      harness.pipe(Topics.CUSTOMERS, "c-1", null, T.plusSeconds(900));
      harness.pipe(Topics.CUSTOMERS, "c-2", "not avro".getBytes(StandardCharsets.UTF_8), T);
      harness.pipe(Topics.CUSTOMERS, "c-3", TestEvents.encode(Topics.CUSTOMERS,
          events.customer("c-4", "Key Mismatch", "DE", "retail", T)));

      List<TestRecord<String, GenericRecord>> rows = harness.read(Topics.CUSTOMERS_VERSIONS);

      assertThat(rows).extracting(TestRecord::key).containsExactly("c-1", "c-1", "c-1", "c-1");
      assertVersion(rows.get(0).value(), "c-1", "Ann", "DE", "retail", T, 0);
      assertVersion(rows.get(1).value(), "c-1", "Ann Smith", "FR", "business", T.plusSeconds(600), 1);
      assertVersion(rows.get(2).value(), "c-1", "Ann S.", "FR", "retail", T.plusSeconds(300), 2);
      GenericRecord deletion = rows.get(3).value();
      assertThat(deletion.get("is_deleted")).isEqualTo(true);
      assertThat(deletion.get("valid_from")).isEqualTo(T.plusSeconds(900));
      assertThat(deletion.get("customer_name")).isNull();
      assertThat(deletion.get("customer_country")).isNull();
      assertThat(deletion.get("customer_segment")).isNull();
      assertThat(deletion.get("source_offset")).isEqualTo(3L);
      // stamped with the wall clock: time-based retention must not delete a version valid long ago
      assertThat(rows).extracting(TestRecord::getRecordTime).containsOnly(TopologyHarness.WALL_CLOCK);
      assertThat(harness.read(Topics.DEAD_LETTERS)).extracting(r -> r.value().get("source_offset"))
          .containsExactly(4L, 5L);
      assertThat(harness.read(Topics.MERCHANTS_VERSIONS)).isEmpty();
    }
  }

  @Test
  void merchantVersionsAndDeletionsGoToTheirOwnTopic() {
    TestEvents events = new TestEvents(32);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.MERCHANTS, events.merchant("m-1", "Shop", "DE", "grocery", T.minus(Duration.ofDays(400))));
      harness.pipe(Topics.MERCHANTS, "m-1", null, T);

      List<TestRecord<String, GenericRecord>> rows = harness.read(Topics.MERCHANTS_VERSIONS);

      assertThat(rows).hasSize(2);
      GenericRecord version = rows.get(0).value();
      assertThat(version.get("merchant_id").toString()).isEqualTo("m-1");
      assertThat(version.get("merchant_name").toString()).isEqualTo("Shop");
      assertThat(version.get("merchant_country").toString()).isEqualTo("DE");
      assertThat(version.get("merchant_category").toString()).isEqualTo("grocery");
      assertThat(version.get("is_deleted")).isEqualTo(false);
      assertThat(version.get("valid_from")).isEqualTo(T.minus(Duration.ofDays(400)));
      assertThat(version.get("source_topic").toString()).isEqualTo(Topics.MERCHANTS);
      GenericRecord deletion = rows.get(1).value();
      assertThat(deletion.get("is_deleted")).isEqualTo(true);
      assertThat(deletion.get("merchant_name")).isNull();
      assertThat(deletion.get("valid_from")).isEqualTo(T);
      assertThat(harness.read(Topics.CUSTOMERS_VERSIONS)).isEmpty();
      assertThat(harness.read(Topics.DEAD_LETTERS)).isEmpty();
    }
  }

  private static void assertVersion(GenericRecord row, String id, String name, String country, String segment,
      Instant validFrom, long offset) {
    assertThat(row.get("customer_id").toString()).isEqualTo(id);
    assertThat(row.get("customer_name").toString()).isEqualTo(name);
    assertThat(row.get("customer_country").toString()).isEqualTo(country);
    assertThat(row.get("customer_segment").toString()).isEqualTo(segment);
    assertThat(row.get("is_deleted")).isEqualTo(false);
    assertThat(row.get("valid_from")).isEqualTo(validFrom);
    assertThat(row.get("source_topic").toString()).isEqualTo(Topics.CUSTOMERS);
    assertThat(row.get("source_partition")).isEqualTo(0);
    assertThat(row.get("source_offset")).isEqualTo(offset);
    assertThat(row.get("processing_time")).isEqualTo(TopologyHarness.WALL_CLOCK);
  }
}
