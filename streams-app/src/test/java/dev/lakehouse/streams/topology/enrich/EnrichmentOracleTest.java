package dev.lakehouse.streams.topology.enrich;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Enrichment on seeded random interleavings of customer versions and orders, against the rule in
 * TOPOLOGY.md computed here by brute force: an order is enriched when stream time (highest order
 * event time so far) reaches its event time + the reference join grace, with the customer version
 * valid at its event time among the versions that arrived before that moment. So a version that
 * arrives after the order is used only within the grace; one valid after the order's time never is.
 */
class EnrichmentOracleTest {
  private static final Instant T = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(6));

  @TempDir Path stateDir;

  @ParameterizedTest(name = "reference join grace {0}")
  @ValueSource(strings = {"PT0S", "PT30S"})
  void ordersGetTheVersionsThatArrivedBeforeTheyWereEnriched(Duration grace) {
    TestEvents events = new TestEvents(31);
    Random random = new Random(31);
    List<GenericRecord> arrivals = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Instant time = T.plusSeconds(i * 10L);
      if (random.nextInt(3) == 0) {
        // valid from up to 2 minutes before or after the orders arriving around it
        Instant validFrom = time.plusSeconds(random.nextInt(240) - 120);
        arrivals.add(events.customer("c-" + random.nextInt(3), "v" + i, "DE", "retail", validFrom));
      } else {
        arrivals.add(events.order("o-" + i, "c-" + random.nextInt(3), "m-1", "PLACED", "1.00", "EUR",
            time.minusSeconds(random.nextInt(60))));
      }
    }
    arrivals.add(events.order("o-end", "c-0", "m-1", "CANCELLED", "1.00", "EUR", T.plus(Duration.ofHours(2))));
    Map<String, String> expected = expectedCustomerNames(arrivals, grace.toMillis());

    try (TopologyHarness harness = new TopologyHarness(
        TopologySettings.builder().referenceJoinGrace(grace).build(), stateDir)) {
      arrivals.forEach(record -> harness.pipe(
          record.getSchema().getName().equals("Order") ? Topics.ORDERS : Topics.CUSTOMERS, record));

      Map<String, String> actual = new HashMap<>();
      for (TestRecord<String, GenericRecord> record : harness.read(Topics.ORDERS_ENRICHED)) {
        Object name = record.value().get("customer_name");
        actual.put(record.key(), name == null ? "none" : name.toString());
      }
      assertThat(actual).isEqualTo(expected);
    }
    assertThat(expected.values()).as("some orders without a version yet").contains("none");
    assertThat(expected.values()).as("some orders with one").anyMatch(name -> name.startsWith("v"));
  }

  /** order id -> customer name ("none" without a version), for the orders enriched by the end. */
  private static Map<String, String> expectedCustomerNames(List<GenericRecord> arrivals, long graceMs) {
    Map<String, String> names = new HashMap<>();
    for (int i = 0; i < arrivals.size(); i++) {
      GenericRecord order = arrivals.get(i);
      if (!order.getSchema().getName().equals("Order")) {
        continue;
      }
      long due = TestEvents.millis(order) + graceMs;
      int enrichedAt = -1;
      long streamTime = Long.MIN_VALUE;
      for (int k = 0; k < arrivals.size() && enrichedAt < 0; k++) {
        GenericRecord other = arrivals.get(k);
        if (other.getSchema().getName().equals("Order")) {
          streamTime = Math.max(streamTime, TestEvents.millis(other));
          if (k >= i && streamTime >= due) {
            enrichedAt = k;
          }
        }
      }
      if (enrichedAt < 0) {
        continue;
      }
      TreeMap<Long, String> versions = new TreeMap<>();
      for (int k = 0; k < enrichedAt || (k == enrichedAt && k == i); k++) {
        GenericRecord version = arrivals.get(k);
        if (version.getSchema().getName().equals("Customer")
            && version.get("customer_id").toString().equals(order.get("customer_id").toString())) {
          versions.put(((Instant) version.get("updated_at")).toEpochMilli(), version.get("name").toString());
        }
      }
      Map.Entry<Long, String> valid = versions.floorEntry(TestEvents.millis(order));
      names.put(order.get("order_id").toString(), valid == null ? "none" : valid.getValue());
    }
    return names;
  }
}
