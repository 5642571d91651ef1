package dev.lakehouse.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventPlannerTest {
  private static final int EVENTS = 40_000;
  private final ValueEncoder encoder = new ValueEncoder("file:");

  @AfterEach
  void close() {
    encoder.close();
  }

  private static GeneratorConfig config(long seed) {
    return GeneratorConfig.builder().seed(seed).events(EVENTS).eventsPerMinute(2000).startTime(Instant.parse("2026-11-29T06:00:00Z")).build();
  }

  private List<PlannedRecord> plan(GeneratorConfig config) {
    return new EventPlanner(config, new Random(config.seed()),
        new ReferenceData(config.runId(), config.customers(), config.merchants()), encoder,
        new IdSource(config.runId())).plan();
  }

  @Test
  void sameSeedGivesTheSameBytesAndAnotherSeedDoesNot() {
    List<PlannedRecord> a = plan(config(7));
    List<PlannedRecord> b = plan(config(7));
    List<PlannedRecord> c = plan(config(8));
    assertThat(a).hasSameSizeAs(b);
    for (int i = 0; i < a.size(); i++) {
      assertThat(a.get(i).valueBytes()).isEqualTo(b.get(i).valueBytes());
    }
    assertThat(c.get(100).valueBytes()).isNotEqualTo(a.get(100).valueBytes());
  }

  @Test
  void producesTheConfiguredShareOfEachAnomaly() {
    Map<EventClass, Integer> counts = new EnumMap<>(EventClass.class);
    Map<MalformedKind, Integer> kinds = new EnumMap<>(MalformedKind.class);
    for (PlannedRecord r : plan(config(1))) {
      counts.merge(r.eventClass(), 1, Integer::sum);
      if (r.malformedKind() != null) {
        kinds.merge(r.malformedKind(), 1, Integer::sum);
      }
    }
    assertThat(share(counts, EventClass.OUT_OF_ORDER_IN_GRACE)).isCloseTo(0.05, within(0.006));
    assertThat(share(counts, EventClass.BEYOND_GRACE)).isCloseTo(0.01, within(0.003));
    assertThat(share(counts, EventClass.DUPLICATE)).isCloseTo(0.01, within(0.003));
    assertThat(share(counts, EventClass.MALFORMED)).isCloseTo(0.005, within(0.002));
    assertThat(share(counts, EventClass.REFERENCE_UPDATE)).isCloseTo(0.002, within(0.001));
    assertThat(kinds).containsOnlyKeys(MalformedKind.values());
  }

  @Test
  void ordersOfAnOrderComeFromOneProducerAndThePreviousContractShareIsKept() {
    GeneratorConfig mixed = GeneratorConfig.builder().seed(1).events(EVENTS).eventsPerMinute(2000)
        .startTime(Instant.parse("2026-11-29T06:00:00Z")).previousContractShare(0.3).build();
    List<PlannedRecord> current = plan(config(1));
    List<PlannedRecord> records = plan(mixed);
    Map<String, Boolean> previousByOrder = new HashMap<>();
    int orders = 0;
    int previous = 0;
    for (int i = 0; i < records.size(); i++) {
      PlannedRecord r = records.get(i);
      if (!r.topic().equals(Topics.ORDERS) || r.eventClass() == EventClass.MALFORMED) {
        continue;
      }
      // the share changes which contract an order is on, nothing else of the seeded run
      assertThat(r.eventId()).isEqualTo(current.get(i).eventId());
      assertThat(r.value().get("amount")).isEqualTo(current.get(i).value().get("amount"));
      boolean onPrevious = !r.value().getSchema().equals(Topics.valueSchema(Topics.ORDERS));
      if (onPrevious) {
        assertThat(r.value().getSchema().getField("channel")).isNull();
        assertThat(wireSchemaId(r.valueBytes())).as("schema id of version 2 of orders-value").isEqualTo(11);
        previous++;
      } else {
        assertThat(r.value().get("channel")).isIn("web", "app", "store");
        BigDecimal discount = (BigDecimal) r.value().get("discount_amount");
        assertThat(discount).isBetween(BigDecimal.ZERO, (BigDecimal) r.value().get("amount"));
        assertThat(wireSchemaId(r.valueBytes())).as("schema id of version 3 of orders-value").isEqualTo(16);
      }
      Boolean before = previousByOrder.putIfAbsent(String.valueOf(r.value().get("order_id")), onPrevious);
      assertThat(before == null || before == onPrevious).as("one producer per order").isTrue();
      orders++;
    }
    assertThat(previous / (double) orders).isCloseTo(0.3, within(0.02));
    assertThat(current).filteredOn(r -> r.topic().equals(Topics.ORDERS) && r.eventClass() != EventClass.MALFORMED)
        .allMatch(r -> r.value().get("channel") != null, "without a share every order is on the current contract");
  }

  private static int wireSchemaId(byte[] wire) {
    return java.nio.ByteBuffer.wrap(wire, 1, 4).getInt();
  }

  private static double share(Map<EventClass, Integer> counts, EventClass eventClass) {
    return counts.getOrDefault(eventClass, 0) / (double) EVENTS;
  }

  @Test
  void keepsDisorderSmallAndLateEventsFarBeyondTheGrace() {
    GeneratorConfig config = config(2);
    Instant maxSoFar = Instant.EPOCH;
    for (PlannedRecord r : plan(config)) {
      if (r.value() == null || !Topics.ORDERS.equals(r.topic()) && !Topics.PAYMENTS.equals(r.topic())) {
        continue;
      }
      Duration behind = Duration.between(r.eventTime(), maxSoFar);
      switch (r.eventClass()) {
        case VALID -> assertThat(behind).isLessThanOrEqualTo(Duration.ZERO);
        case OUT_OF_ORDER_IN_GRACE -> assertThat(behind).isLessThanOrEqualTo(config.maxDisorder());
        case BEYOND_GRACE -> assertThat(behind).isGreaterThanOrEqualTo(config.grace().plus(config.beyondGraceExtra()));
        default -> { }
      }
      if (r.eventClass() == EventClass.VALID || r.eventClass() == EventClass.OUT_OF_ORDER_IN_GRACE) {
        maxSoFar = r.eventTime().isAfter(maxSoFar) ? r.eventTime() : maxSoFar;
      }
    }
  }

  @Test
  void paymentsFollowTheirPlacedOrderWithinTheJoinWindow() {
    Map<String, Instant> placedAt = new HashMap<>();
    int payments = 0;
    for (PlannedRecord r : plan(config(3))) {
      if (r.value() == null || r.eventClass() == EventClass.MALFORMED || r.eventClass() == EventClass.DUPLICATE) {
        continue;
      }
      if (r.topic().equals(Topics.ORDERS) && "PLACED".equals(String.valueOf(r.value().get("status")))) {
        placedAt.put(r.key(), r.eventTime());
      } else if (r.topic().equals(Topics.PAYMENTS)) {
        payments++;
        assertThat(placedAt).as("order of payment %s", r.eventId()).containsKey(r.key());
        Duration afterOrder = Duration.between(placedAt.get(r.key()), r.eventTime());
        assertThat(afterOrder).isBetween(Duration.ofSeconds(1), Duration.ofMinutes(29));
      }
    }
    assertThat(payments).isGreaterThan(EVENTS / 3);
  }

  @Test
  void duplicatesRepeatARecentValidRecordByteForByte() {
    List<PlannedRecord> plan = plan(config(4));
    for (int i = 0; i < plan.size(); i++) {
      PlannedRecord r = plan.get(i);
      if (r.eventClass() == EventClass.DUPLICATE) {
        PlannedRecord original = plan.get(r.duplicateOf());
        assertThat(i - r.duplicateOf()).isBetween(1, 64);
        assertThat(original.eventClass()).isIn(EventClass.VALID, EventClass.OUT_OF_ORDER_IN_GRACE);
        assertThat(r.valueBytes()).isEqualTo(original.valueBytes());
        assertThat(r.key()).isEqualTo(original.key());
      }
    }
  }

  @Test
  void referenceUpdatesAreProducedBeforeTheyBecomeValid() {
    GeneratorConfig config = config(5);
    Instant maxSoFar = Instant.EPOCH;
    for (PlannedRecord r : plan(config)) {
      if (r.eventClass() == EventClass.REFERENCE_UPDATE) {
        assertThat(Duration.between(maxSoFar, r.eventTime())).isGreaterThanOrEqualTo(config.referenceLead());
      } else if (r.eventClass() == EventClass.VALID) {
        maxSoFar = r.eventTime();
      }
    }
  }

  @Test
  void everyTailWaveReachesEveryPartitionEveryCustomerAndEveryMerchantCurrency() {
    GeneratorConfig config = config(6);
    EventPlanner planner = new EventPlanner(config, new Random(6),
        new ReferenceData(config.runId(), config.customers(), config.merchants()), encoder, new IdSource(config.runId()));
    Instant lastHead = Instant.parse("2026-11-29T07:00:00Z");
    Instant tailTime = Instant.parse("2026-11-29T08:00:00Z");
    List<List<PlannedRecord>> all = TailPlanner.plan(config, planner, lastHead, tailTime, 7, 5);
    List<List<PlannedRecord>> stairs = all.subList(0, all.size() - TailPlanner.WAVES);
    // every 30 s until grace + 2 minutes after the last event: no window store jumps past a window unemitted
    assertThat(stairs).hasSize((int) config.grace().plusMinutes(2).dividedBy(Duration.ofSeconds(TailPlanner.STAIR_SECONDS)));
    for (int s = 0; s < stairs.size(); s++) {
      Instant stepTime = lastHead.plusSeconds((s + 1L) * TailPlanner.STAIR_SECONDS);
      assertThat(stairs.get(s).stream().filter(r -> r.topic().equals(Topics.ORDERS))
          .map(r -> r.value().get("merchant_id") + "/" + r.value().get("currency")).distinct())
          .hasSize(config.merchants() * config.currencies().size());
      assertThat(stairs.get(s).stream().filter(r -> r.topic().equals(Topics.PAYMENTS)).map(r -> String.valueOf(r.value().get("outcome"))))
          .containsExactlyInAnyOrderElementsOf(config.outcomes());
      assertThat(stairs.get(s)).allSatisfy(r ->
          assertThat(Duration.between(stepTime, r.eventTime())).isBetween(Duration.ZERO, Duration.ofSeconds(1)));
    }
    List<List<PlannedRecord>> waves = all.subList(all.size() - TailPlanner.WAVES, all.size());
    for (int w = 0; w < waves.size(); w++) {
      List<PlannedRecord> wave = waves.get(w);
      Instant waveTime = tailTime.plus(config.tailWaveGap().multipliedBy(w));
      assertThat(wave.stream().filter(r -> r.topic().equals(Topics.ORDERS)).map(r -> TailPlanner.partition(r.key(), 7)).distinct())
          .hasSize(7);
      assertThat(wave.stream().filter(r -> r.topic().equals(Topics.PAYMENTS)).map(r -> TailPlanner.partition(r.key(), 5)).distinct())
          .hasSize(5);
      assertThat(wave.stream().filter(r -> r.topic().equals(Topics.ORDERS))
          .map(r -> r.value().get("merchant_id") + "/" + r.value().get("currency")).distinct())
          .hasSize(config.merchants() * config.currencies().size());
      assertThat(wave.stream().filter(r -> r.topic().equals(Topics.ORDERS)).map(r -> String.valueOf(r.value().get("customer_id"))).distinct())
          .hasSize(config.customers());
      assertThat(wave.stream().filter(r -> r.topic().equals(Topics.PAYMENTS)).map(r -> String.valueOf(r.value().get("outcome"))).distinct())
          .containsExactlyInAnyOrderElementsOf(config.outcomes());
      assertThat(wave).allSatisfy(r -> {
        assertThat(r.eventClass()).isEqualTo(EventClass.TAIL);
        assertThat(Duration.between(waveTime, r.eventTime())).isBetween(Duration.ZERO, Duration.ofSeconds(1));
      });
    }
  }
}
