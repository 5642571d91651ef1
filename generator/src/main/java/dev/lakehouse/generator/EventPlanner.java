package dev.lakehouse.generator;

import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * Lays out the main phase: new orders, their payment attempts and status changes as they fall due,
 * and the configured share of out-of-order, beyond-grace, duplicate, malformed and reference-update
 * records. Deterministic for a given configuration.
 */
final class EventPlanner {
  private static final List<String> CHANNELS = List.of("web", "app", "store");
  private static final List<Integer> DISCOUNT_PERCENTS = List.of(0, 0, 0, 5, 10, 20);
  private static final int RECENT_VALID = 32;
  private static final Duration MIN_FOLLOW_UP_GAP = Duration.ofSeconds(5);

  private final GeneratorConfig config;
  private final Random random;
  // channel, discount and contract version draw from their own sequence: the rest of a seeded run
  // stays what it was before the orders contract had them
  private final Random contractFields;
  private final ReferenceData reference;
  private final ValueEncoder encoder;
  private final IdSource ids;
  private final List<PlannedRecord> plan = new ArrayList<>();
  private final PriorityQueue<FollowUp> followUps =
      new PriorityQueue<>(Comparator.comparing(FollowUp::dueAt).thenComparingLong(FollowUp::sequence));
  private final Deque<Integer> recentValid = new ArrayDeque<>();
  private final List<OrderFacts> placedInOrder = new ArrayList<>();
  private long followUpSequence;

  /** A payment attempt (outcome set) or a status change (status set) of an order, due at a time. */
  private record FollowUp(Instant dueAt, long sequence, OrderFacts order, String outcome, String status) {}

  EventPlanner(GeneratorConfig config, Random random, ReferenceData reference, ValueEncoder encoder, IdSource ids) {
    this.config = config;
    this.random = random;
    this.contractFields = new Random(config.seed() * 31 + 7);
    this.reference = reference;
    this.encoder = encoder;
    this.ids = ids;
  }

  /** The event-time head of slot {@code i}. */
  static Instant head(GeneratorConfig config, long i) {
    return config.startTime().plusMillis(Math.round(i * 60_000.0 / config.eventsPerMinute()));
  }

  List<PlannedRecord> plan() {
    Duration beyondReach = config.beyondGraceLateness().plusMinutes(1);
    Instant firstBeyondHead = config.startTime().plus(beyondReach);
    Instant lastHead = head(config, Math.max(0, config.events() - 1));
    double eligibleShare = config.events() == 0 ? 0
        : Math.max(0, (double) Duration.between(firstBeyondHead, lastHead).toMillis())
            / Math.max(1, Duration.between(config.startTime(), lastHead).toMillis());
    double beyondGraceChance = eligibleShare == 0 ? 0 : Math.min(0.2, config.beyondGraceFraction() / eligibleShare);

    for (int i = 0; i < config.events(); i++) {
      Instant head = head(config, i);
      double r = random.nextDouble();
      double duplicateUpTo = config.duplicateFraction();
      double malformedUpTo = duplicateUpTo + config.malformedFraction();
      double beyondGraceUpTo = malformedUpTo + beyondGraceChance;
      double referenceUpTo = beyondGraceUpTo + config.referenceUpdateFraction();
      double outOfOrderUpTo = referenceUpTo + config.outOfOrderFraction();
      if (r < duplicateUpTo && !recentValid.isEmpty()) {
        duplicate();
      } else if (r >= duplicateUpTo && r < malformedUpTo) {
        plan.add(malformed(head));
      } else if (r >= malformedUpTo && r < beyondGraceUpTo && !head.isBefore(firstBeyondHead)) {
        beyondGrace(head);
      } else if (r >= beyondGraceUpTo && r < referenceUpTo) {
        plan.add(reference.update(head.plus(config.referenceLead()), random, encoder));
      } else if (r >= referenceUpTo && r < outOfOrderUpTo) {
        inOrderOrLittleBehind(head, head.minusMillis(1_000 + nextLong(config.maxDisorder().toMillis() - 1_000)),
            EventClass.OUT_OF_ORDER_IN_GRACE);
      } else {
        inOrderOrLittleBehind(head, head, EventClass.VALID);
      }
    }
    return plan;
  }

  private void inOrderOrLittleBehind(Instant head, Instant eventTime, EventClass eventClass) {
    FollowUp next = followUps.peek();
    if (next != null && !next.dueAt().isAfter(head)) {
      followUps.poll();
      addValid(next.outcome() != null ? payment(next.order(), next.outcome(), eventTime, eventClass)
          : orderEvent(next.order(), next.status(), eventTime, eventClass));
    } else {
      OrderFacts order = newOrder(eventTime);
      placedInOrder.add(order);
      scheduleLifecycle(order, head);
      addValid(orderEvent(order, GeneratorConfig.PLACED, eventTime, eventClass));
    }
  }

  /**
   * Payments: 70% succeed at once, 10% succeed after a decline, 10% fail, 10% never come. Paid
   * orders are fulfilled 40% of the time, unpaid ones cancelled half the time. Every follow-up lies
   * more than max-disorder after the head at placing, so it never precedes its order in event time.
   */
  private void scheduleLifecycle(OrderFacts order, Instant head) {
    Instant at = head.plus(config.maxDisorder()).plus(delay());
    double r = random.nextDouble();
    boolean paid = r < 0.8;
    if (r >= 0.7 && r < 0.9 && hasFailureOutcome()) {
      schedule(at, order, failureOutcome(), null);
      at = at.plus(delay());
    }
    if (paid) {
      schedule(at, order, GeneratorConfig.SUCCEEDED, null);
      if (random.nextDouble() < 0.4) {
        schedule(at.plus(delay()), order, null, GeneratorConfig.FULFILLED);
      }
    } else if (random.nextBoolean()) {
      schedule(at.plus(delay()), order, null, GeneratorConfig.CANCELLED);
    }
  }

  private Duration delay() {
    long spread = config.paymentDelayMax().minus(config.maxDisorder()).dividedBy(3).toMillis();
    return MIN_FOLLOW_UP_GAP.plusMillis(nextLong(spread));
  }

  private void schedule(Instant dueAt, OrderFacts order, String outcome, String status) {
    followUps.add(new FollowUp(dueAt, followUpSequence++, order, outcome, status));
  }

  /** Half new PLACED orders, half declined or failed attempts on an order placed before the event's time. */
  private void beyondGrace(Instant head) {
    Instant eventTime = head.minus(config.beyondGraceLateness()).minusMillis(nextLong(60_000));
    OrderFacts paidFor = random.nextBoolean() ? placedBefore(eventTime) : null;
    if (paidFor != null && hasFailureOutcome()) {
      plan.add(payment(paidFor, failureOutcome(), eventTime, EventClass.BEYOND_GRACE));
    } else {
      plan.add(orderEvent(newOrder(eventTime), GeneratorConfig.PLACED, eventTime, EventClass.BEYOND_GRACE));
    }
  }

  /** A random order placed between 20 minutes and 10 seconds before {@code time}, or null. */
  private OrderFacts placedBefore(Instant time) {
    for (int attempt = 0; attempt < 20 && !placedInOrder.isEmpty(); attempt++) {
      OrderFacts order = placedInOrder.get(random.nextInt(placedInOrder.size()));
      Duration age = Duration.between(order.placedAt(), time);
      if (age.compareTo(Duration.ofSeconds(10)) >= 0 && age.compareTo(Duration.ofMinutes(20)) <= 0) {
        return order;
      }
    }
    return null;
  }

  private void duplicate() {
    int index = List.copyOf(recentValid).get(random.nextInt(recentValid.size()));
    plan.add(plan.get(index).asDuplicateOf(index));
  }

  private PlannedRecord malformed(Instant head) {
    List<MalformedKind> kinds = List.copyOf(config.malformedKinds());
    MalformedKind kind = kinds.get(random.nextInt(kinds.size()));
    OrderFacts order = newOrder(head);
    if (random.nextBoolean()) {
      var event = AvroRecords.order(ids.nextEventId(), order, GeneratorConfig.PLACED, head);
      if (kind == MalformedKind.NEGATIVE_AMOUNT) {
        event.put("amount", order.amount().negate());
      } else if (kind == MalformedKind.UNKNOWN_CODE) {
        event.put("currency", "QQQ");
      }
      return encoder.malformed(Topics.ORDERS, order.orderId(), event, kind, random);
    }
    var event = AvroRecords.payment(ids.nextEventId(), ids.nextPaymentId(), order.orderId(), order.amount(),
        GeneratorConfig.SUCCEEDED, head);
    if (kind == MalformedKind.NEGATIVE_AMOUNT) {
      event.put("amount", order.amount().negate());
    } else if (kind == MalformedKind.UNKNOWN_CODE) {
      event.put("outcome", "CHARGED_TWICE");
    }
    return encoder.malformed(Topics.PAYMENTS, order.orderId(), event, kind, random);
  }

  private void addValid(PlannedRecord record) {
    plan.add(record);
    recentValid.addLast(plan.size() - 1);
    if (recentValid.size() > RECENT_VALID) {
      recentValid.removeFirst();
    }
  }

  OrderFacts newOrder(Instant placedAt) {
    BigDecimal amount = BigDecimal.valueOf(100 + random.nextInt(49_900), 2).setScale(2, RoundingMode.UNNECESSARY);
    String currency = config.currencies().get(random.nextInt(config.currencies().size()));
    String customer = reference.randomCustomer(random);
    String merchant = reference.randomMerchant(random);
    if (contractFields.nextDouble() < config.previousContractShare()) {
      return new OrderFacts(ids.nextOrderId(), customer, merchant, amount, currency, placedAt, null, null);
    }
    String channel = CHANNELS.get(contractFields.nextInt(CHANNELS.size()));
    int discountPercent = DISCOUNT_PERCENTS.get(contractFields.nextInt(DISCOUNT_PERCENTS.size()));
    BigDecimal discount = amount.multiply(BigDecimal.valueOf(discountPercent)).movePointLeft(2).setScale(2, RoundingMode.DOWN);
    return new OrderFacts(ids.nextOrderId(), customer, merchant, amount, currency, placedAt, channel, discount);
  }

  List<String> merchantIds() {
    return reference.merchantIds();
  }

  List<String> customerIds() {
    return reference.customerIds();
  }

  PlannedRecord orderEvent(OrderFacts order, String status, Instant eventTime, EventClass eventClass) {
    return encoder.event(Topics.ORDERS, order.orderId(),
        AvroRecords.order(ids.nextEventId(), order, status, eventTime),
        eventTime, eventClass);
  }

  PlannedRecord payment(OrderFacts order, String outcome, Instant eventTime, EventClass eventClass) {
    return encoder.event(Topics.PAYMENTS, order.orderId(),
        AvroRecords.payment(ids.nextEventId(), ids.nextPaymentId(), order.orderId(), order.amount(), outcome, eventTime),
        eventTime, eventClass);
  }

  private boolean hasFailureOutcome() {
    return config.outcomes().size() > 1;
  }

  private String failureOutcome() {
    List<String> failures = config.outcomes().stream().filter(o -> !o.equals(GeneratorConfig.SUCCEEDED)).toList();
    return failures.isEmpty() ? GeneratorConfig.SUCCEEDED : failures.get(random.nextInt(failures.size()));
  }

  private long nextLong(long bound) {
    return bound <= 0 ? 0 : (long) (random.nextDouble() * bound);
  }
}
