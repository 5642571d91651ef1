package dev.lakehouse.streams.topology.enrich;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.serde.AvroData;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.input.DeadLetterTest;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnrichmentTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");

  @TempDir Path stateDir;

  @Test
  void ordersGetTheReferenceVersionsValidAtTheirEventTime() {
    TestEvents events = new TestEvents(21);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.builder().referenceJoinGrace(Duration.ofSeconds(30)).build(), stateDir)) {
      harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann", "DE", "retail", T.minus(Duration.ofHours(1))));
      harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann Smith", "FR", "business", T.plusSeconds(60)));
      harness.pipe(Topics.MERCHANTS, events.merchant("m-1", "Shop", "DE", "grocery", T.minus(Duration.ofHours(1))));
      // older than the kept history (1 day) behind the newest merchant version: must still be found
      harness.pipe(Topics.MERCHANTS, events.merchant("m-7", "Old Shop", "NL", "books", T.minus(Duration.ofDays(30))));

      pipeOrder(harness, events, "o-1", "c-1", "m-1", T);
      pipeOrder(harness, events, "o-2", "c-1", "m-1", T.plusSeconds(120));
      pipeOrder(harness, events, "o-5", "c-1", "m-7", T.plusSeconds(130));
      // the customer version arrives after its order, within the 30 s reference join grace
      pipeOrder(harness, events, "o-3", "c-3", "m-1", T.plusSeconds(180));
      harness.pipe(Topics.CUSTOMERS, events.customer("c-3", "Cleo", "IT", "retail", T.plusSeconds(120)));
      // the customer version arrives after stream time passed the order's event time + grace
      pipeOrder(harness, events, "o-4", "c-4", "m-1", T.plusSeconds(240));
      pipeOrder(harness, events, "o-6", "c-1", "m-1", T.plusSeconds(300));
      harness.pipe(Topics.CUSTOMERS, events.customer("c-4", "Dora", "ES", "retail", T.plusSeconds(180)));
      DeadLetterTest.flushEnrichment(harness, T.plus(Duration.ofMinutes(20)));

      Map<String, GenericRecord> enriched = new HashMap<>();
      for (TestRecord<String, GenericRecord> record : harness.read(Topics.ORDERS_ENRICHED)) {
        assertThat(record.key()).isEqualTo(record.value().get("order_id").toString());
        enriched.put(record.key(), record.value());
      }
      assertThat(enriched).containsKeys("o-1", "o-2", "o-3", "o-4", "o-5", "o-6");
      assertReference(enriched.get("o-1"), "Ann", "DE", "retail", "Shop");
      assertReference(enriched.get("o-2"), "Ann Smith", "FR", "business", "Shop");
      assertReference(enriched.get("o-5"), "Ann Smith", "FR", "business", "Old Shop");
      assertReference(enriched.get("o-3"), "Cleo", "IT", "retail", "Shop");
      assertReference(enriched.get("o-4"), null, null, null, "Shop");

      GenericRecord first = enriched.get("o-1");
      assertThat(first.get("merchant_country").toString()).isEqualTo("DE");
      assertThat(first.get("merchant_category").toString()).isEqualTo("grocery");
      assertThat(first.get("source_topic").toString()).isEqualTo(Topics.ORDERS);
      assertThat(first.get("source_offset")).isEqualTo(0L);
      assertThat(enriched.get("o-3").get("source_offset")).isEqualTo(3L);
      assertThat(first.get("event_time")).isEqualTo(T);
      assertThat(first.get("processing_time")).isEqualTo(TopologyHarness.WALL_CLOCK);
      assertThat(first.get("amount")).isEqualTo(new BigDecimal("42.00"));
    }
  }

  @Test
  void aTombstoneDeletesTheReferenceAsOfItsTimestampAndIsNoDeadLetter() {
    TestEvents events = new TestEvents(22);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      pipeAnnAndShop(harness, events);
      pipeOrder(harness, events, "o-before", "c-1", "m-1", T);
      // deleted upstream at T + 10 min (change-data-capture sends a null value, keyed by the id)
      harness.pipe(Topics.CUSTOMERS, "c-1", null, T.plus(Duration.ofMinutes(10)));
      pipeOrder(harness, events, "o-after", "c-1", "m-1", T.plus(Duration.ofMinutes(11)));
      // an order from before the deletion, arriving after it, still gets the version of its time
      pipeOrder(harness, events, "o-late", "c-1", "m-1", T.plus(Duration.ofMinutes(5)));

      Map<String, GenericRecord> enriched = enrichedById(harness);
      assertReference(enriched.get("o-before"), "Ann", "DE", "retail", "Shop");
      assertReference(enriched.get("o-after"), null, null, null, "Shop");
      assertReference(enriched.get("o-late"), "Ann", "DE", "retail", "Shop");
      assertThat(harness.read(Topics.DEAD_LETTERS)).isEmpty();
      assertThat(harness.counter(LakehouseMetrics.RECORDS_VALID, Topics.CUSTOMERS)).isEqualTo(2.0);
    }
  }

  @Test
  void aVersionStoredAfterItsIdWasLookedUpIsFoundByTheNextOrder() {
    TestEvents events = new TestEvents(24);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      pipeAnnAndShop(harness, events);
      pipeOrder(harness, events, "o-1", "c-1", "m-1", T);
      pipeOrder(harness, events, "o-2", "c-2", "m-1", T.plusSeconds(1)); // c-2 has no version yet
      // both ids were just looked up; now each gets a version valid before the next orders
      harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann Smith", "FR", "business", T.plusSeconds(30)));
      harness.pipe(Topics.CUSTOMERS, events.customer("c-2", "Ben", "AT", "retail", T.plusSeconds(30)));
      pipeOrder(harness, events, "o-3", "c-1", "m-1", T.plusSeconds(60));
      pipeOrder(harness, events, "o-4", "c-2", "m-1", T.plusSeconds(60));
      pipeOrder(harness, events, "o-5", "c-1", "m-1", T.plusSeconds(10)); // late: the version of its own time

      Map<String, GenericRecord> enriched = enrichedById(harness);
      assertReference(enriched.get("o-1"), "Ann", "DE", "retail", "Shop");
      assertReference(enriched.get("o-2"), null, null, null, "Shop");
      assertReference(enriched.get("o-3"), "Ann Smith", "FR", "business", "Shop");
      assertReference(enriched.get("o-4"), "Ben", "AT", "retail", "Shop");
      assertReference(enriched.get("o-5"), "Ann", "DE", "retail", "Shop");
    }
  }

  @Test
  void ordersOfTheContractBeforeChannelAndDiscountAreEnrichedBesideNewOnes() {
    TestEvents events = new TestEvents(23);
    Schema version2 = TestEvents.contractVersion(Topics.ORDERS, 2);
    assertThat(version2.getField("channel")).as("version 2 of the orders contract has no channel").isNull();
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.MERCHANTS, events.merchant("m-1", "Shop", "DE", "grocery", T.minus(Duration.ofHours(1))));
      GenericRecord newOrder = events.order("o-new", "c-1", "m-1", "PLACED", "42.00", "EUR", T);
      newOrder.put("channel", "app");
      newOrder.put("discount_amount", new BigDecimal("4.20"));
      harness.pipe(Topics.ORDERS, newOrder);
      // a producer still on version 2 of the contract, at the same time
      harness.pipe(Topics.ORDERS, AvroData.project(events.order("o-old", "c-1", "m-1", "PLACED", "42.00", "EUR", T), version2));

      Map<String, GenericRecord> enriched = enrichedById(harness);
      assertThat(text(enriched.get("o-new"), "channel")).isEqualTo("app");
      assertThat(enriched.get("o-new").get("discount_amount")).isEqualTo(new BigDecimal("4.20"));
      assertThat(enriched.get("o-old").get("channel")).isNull();
      assertThat(enriched.get("o-old").get("discount_amount")).isNull();
      assertThat(text(enriched.get("o-old"), "merchant_name")).isEqualTo("Shop");
      assertThat(harness.read(Topics.DEAD_LETTERS)).isEmpty();
    }
  }

  /** The {@code orders-enriched} rows by order id. */
  private static Map<String, GenericRecord> enrichedById(TopologyHarness harness) {
    Map<String, GenericRecord> enriched = new HashMap<>();
    harness.read(Topics.ORDERS_ENRICHED).forEach(record -> enriched.put(record.key(), record.value()));
    return enriched;
  }

  /** Customer c-1 (Ann, DE, retail) and merchant m-1 (Shop), both valid from an hour before T. */
  private static void pipeAnnAndShop(TopologyHarness harness, TestEvents events) {
    harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann", "DE", "retail", T.minus(Duration.ofHours(1))));
    harness.pipe(Topics.MERCHANTS, events.merchant("m-1", "Shop", "DE", "grocery", T.minus(Duration.ofHours(1))));
  }

  private static void pipeOrder(TopologyHarness harness, TestEvents events, String orderId, String customerId,
      String merchantId, Instant time) {
    harness.pipe(Topics.ORDERS, events.order(orderId, customerId, merchantId, "PLACED", "42.00", "EUR", time));
  }

  private static void assertReference(GenericRecord row, String customerName, String customerCountry,
      String customerSegment, String merchantName) {
    assertThat(text(row, "customer_name")).isEqualTo(customerName);
    assertThat(text(row, "customer_country")).isEqualTo(customerCountry);
    assertThat(text(row, "customer_segment")).isEqualTo(customerSegment);
    assertThat(text(row, "merchant_name")).isEqualTo(merchantName);
  }

  private static String text(GenericRecord row, String field) {
    return row.get(field) == null ? null : row.get(field).toString();
  }
}
