package dev.lakehouse.peerflink.enrich;

import static dev.lakehouse.peerflink.Events.MINUTE;
import static dev.lakehouse.peerflink.Events.T0;
import static dev.lakehouse.peerflink.Events.order;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.join.TrackerHarness;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/** The enrichment as the order tracker applies it to each unique order, with versions from its broadcast input. */
class OrderEnrichmentTest {

  @Test
  void anOrderGetsTheCustomerAndMerchantVersionsValidAtItsEventTime() throws Exception {
    try (TrackerHarness harness = new TrackerHarness(Events.settings())) {
      harness.version(ReferenceVersion.of(Topics.CUSTOMERS, "c-1", "Ada v1", "DE", "retail", T0));
      harness.version(
          ReferenceVersion.of(Topics.CUSTOMERS, "c-1", "Ada v2", "FR", "business", T0 + 10 * MINUTE));
      harness.version(ReferenceVersion.of(Topics.MERCHANTS, "m-1", "Shop", "NL", "grocery", T0));
      harness.order(order("e1", "o1", "PLACED", T0 + 5 * MINUTE, 7));
      harness.order(order("e2", "o1", "FULFILLED", T0 + 10 * MINUTE, 8));

      List<GenericRecord> rows = rows(harness);
      assertThat(rows).extracting(r -> r.get("customer_name").toString()).containsExactly("Ada v1", "Ada v2");
      assertThat(rows.get(1).get("customer_segment").toString()).isEqualTo("business");
      assertThat(rows).extracting(r -> r.get("merchant_category").toString()).containsOnly("grocery");
      assertThat(rows.get(0).get("source_offset")).isEqualTo(7L);
      assertThat(harness.outputs()).filteredOn(o -> o.topic().equals("flink-" + Topics.ORDERS_ENRICHED))
          .extracting(KafkaOutput::key).containsOnly("o1");
    }
  }

  @Test
  void withoutAVersionAtItsEventTimeTheReferenceFieldsAreNull() throws Exception {
    try (TrackerHarness harness = new TrackerHarness(Events.settings())) {
      harness.version(
          ReferenceVersion.of(Topics.CUSTOMERS, "c-1", "Ada", "DE", "retail", T0 + MINUTE));
      // a merchant whose id equals the customer's must not be taken for it
      harness.version(ReferenceVersion.of(Topics.MERCHANTS, "c-1", "Other", "NL", "travel", T0));
      harness.order(order("e1", "o1", "PLACED", T0, 7));

      GenericRecord row = rows(harness).get(0);
      assertThat(row.get("customer_name")).isNull();
      assertThat(row.get("merchant_name")).isNull();
      assertThat(row.get("event_id").toString()).isEqualTo("e1");
    }
  }

  @Test
  void theChannelAndTheDiscountAreCopiedAndStayNullWhenTheProducerSetNone() throws Exception {
    try (TrackerHarness harness = new TrackerHarness(Events.settings())) {
      harness.order(order("e1", "o1", "PLACED", T0, 7, "web", "2.50"));
      harness.order(order("e2", "o2", "PLACED", T0, 8));

      List<GenericRecord> rows = rows(harness);
      assertThat(rows.get(0).get("channel").toString()).isEqualTo("web");
      assertThat((BigDecimal) rows.get(0).get("discount_amount")).isEqualByComparingTo("2.50");
      assertThat(rows.get(1).get("event_id").toString()).isEqualTo("e2");
      assertThat(rows.get(1).get("channel")).isNull();
      assertThat(rows.get(1).get("discount_amount")).isNull();
    }
  }

  private static List<GenericRecord> rows(TrackerHarness harness) {
    return harness.rows(Topics.ORDERS_ENRICHED);
  }
}
