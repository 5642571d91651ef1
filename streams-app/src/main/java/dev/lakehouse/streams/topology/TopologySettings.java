package dev.lakehouse.streams.topology;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Every knob of the topology. Times are event time unless said otherwise.
 *
 * @param windowGrace how long after its end a 1-minute window (and the payment join window) still
 *     accepts records, in stream time; later records go to {@code late-events}
 * @param dedupWindow how long (stream time) an event_id is remembered to drop retried duplicates
 * @param maxFutureSkew how far an event time may lie ahead of the wall clock before it is rejected
 * @param horizon how far an order or payment event time may lie behind the stream time of its
 *     input (highest accepted event time on that partition) before it is rejected; stream time,
 *     not the wall clock, so that reprocessing old data classifies it the same way
 * @param currencies accepted ISO 4217 codes
 * @param orderStatuses accepted order statuses
 * @param paymentOutcomes accepted payment outcomes
 * @param maxAmount largest accepted amount; amounts must also be positive
 * @param referenceJoinGrace how long (stream time) an order waits for customer and merchant
 *     versions that arrive after it (KIP-923 stream-side buffer of the versioned-table joins)
 * @param referenceHistoryRetention how much history the versioned customer and merchant tables
 *     keep; at least {@code referenceJoinGrace}
 * @param paymentJoinWindow how long after an order its successful payment may happen
 * @param registryConfig schema registry client settings ({@code schema.registry.url}, ...)
 */
public record TopologySettings(
    Duration windowGrace,
    Duration dedupWindow,
    Duration maxFutureSkew,
    Duration horizon,
    Set<String> currencies,
    Set<String> orderStatuses,
    Set<String> paymentOutcomes,
    BigDecimal maxAmount,
    Duration referenceJoinGrace,
    Duration referenceHistoryRetention,
    Duration paymentJoinWindow,
    Map<String, String> registryConfig) {

  public static final String PLACED = "PLACED";
  public static final String SUCCEEDED = "SUCCEEDED";

  public TopologySettings {
    requireNonNegative("window grace", windowGrace);
    requirePositive("dedup window", dedupWindow);
    requireNonNegative("max future skew", maxFutureSkew);
    requirePositive("horizon", horizon);
    requireNonNegative("reference join grace", referenceJoinGrace);
    requirePositive("reference history retention", referenceHistoryRetention);
    requirePositive("payment join window", paymentJoinWindow);
    currencies = requireNonEmpty("currencies", currencies);
    orderStatuses = requireNonEmpty("order statuses", orderStatuses);
    paymentOutcomes = requireNonEmpty("payment outcomes", paymentOutcomes);
    registryConfig = Map.copyOf(Objects.requireNonNull(registryConfig, "registryConfig"));
    if (!orderStatuses.contains(PLACED)) {
      throw new IllegalArgumentException(
          "Cannot use order statuses " + orderStatuses + ": revenue and payments need " + PLACED);
    }
    if (!paymentOutcomes.contains(SUCCEEDED)) {
      throw new IllegalArgumentException(
          "Cannot use payment outcomes " + paymentOutcomes + ": the order-payment join needs " + SUCCEEDED);
    }
    if (maxAmount == null || maxAmount.signum() <= 0) {
      throw new IllegalArgumentException("Cannot use max amount " + maxAmount + ": it must be positive");
    }
    if (referenceHistoryRetention.compareTo(referenceJoinGrace) < 0) {
      throw new IllegalArgumentException(
          "Cannot use reference history retention " + referenceHistoryRetention
              + ": it must be at least the reference join grace " + referenceJoinGrace
              + " (the join looks versions up that far back)");
    }
  }

  public static TopologySettings defaults() {
    return new TopologySettings(
        Duration.ofMinutes(2),
        Duration.ofMinutes(10),
        Duration.ofMinutes(5),
        Duration.ofDays(7),
        Set.of("EUR", "USD", "GBP"),
        Set.of(PLACED, "CANCELLED", "FULFILLED"),
        Set.of(SUCCEEDED, "DECLINED", "FAILED"),
        new BigDecimal("1000000.00"),
        // 0: the stream-side join buffer (KIP-923) lost buffered orders after a kill -9 in
        // ExactlyOnceRestartIT, so by default reference data must arrive before the order
        Duration.ZERO,
        Duration.ofDays(1),
        Duration.ofMinutes(30),
        Map.of("schema.registry.url", "file:"));
  }

  public TopologySettings withWindowGrace(Duration value) {
    return new TopologySettings(value, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withDedupWindow(Duration value) {
    return new TopologySettings(windowGrace, value, maxFutureSkew, horizon, currencies, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withMaxFutureSkew(Duration value) {
    return new TopologySettings(windowGrace, dedupWindow, value, horizon, currencies, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withHorizon(Duration value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, value, currencies, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withCurrencies(Set<String> value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, value, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withOrderStatuses(Set<String> value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, value,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withPaymentOutcomes(Set<String> value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
        value, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withMaxAmount(BigDecimal value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
        paymentOutcomes, value, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withReferenceJoinGrace(Duration value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
        paymentOutcomes, maxAmount, value, referenceHistoryRetention, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withReferenceHistoryRetention(Duration value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, value, paymentJoinWindow, registryConfig);
  }

  public TopologySettings withPaymentJoinWindow(Duration value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, value, registryConfig);
  }

  public TopologySettings withRegistryConfig(Map<String, String> value) {
    return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
        paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow, value);
  }

  private static void requireNonNegative(String what, Duration value) {
    if (value == null || value.isNegative()) {
      throw new IllegalArgumentException("Cannot use " + what + " " + value + ": it must be zero or more");
    }
  }

  private static void requirePositive(String what, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException("Cannot use " + what + " " + value + ": it must be positive");
    }
  }

  private static Set<String> requireNonEmpty(String what, Set<String> values) {
    if (values == null || values.isEmpty()) {
      throw new IllegalArgumentException("Cannot use " + what + " " + values + ": list at least one");
    }
    return Set.copyOf(values);
  }
}
