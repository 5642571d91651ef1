package dev.lakehouse.streams.topology;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every knob of the topology, checked once when built. Times are event time unless said otherwise.
 *
 * @param windowGrace how long after its end a 1-minute window (and the payment join window) still
 *     accepts records, in stream time; later records go to {@code late-events}
 * @param dedupWindow how long (stream time, counted from when it was seen) an event_id is
 *     remembered to drop retried duplicates
 * @param maxFutureSkew how far an event time may lie ahead of the wall clock before it is rejected
 * @param horizon how far an order or payment event time may lie behind the stream time of its
 *     input (highest accepted event time on that partition) before it is rejected; stream time,
 *     not the wall clock, so that reprocessing old data classifies it the same way
 * @param currencies accepted ISO 4217 codes
 * @param orderStatuses accepted order statuses
 * @param paymentOutcomes accepted payment outcomes
 * @param maxAmount largest accepted amount; amounts must also be positive
 * @param referenceJoinGrace how long (stream time) an order waits before it is enriched, so that
 *     customer and merchant versions that arrive a little after it are still used
 * @param referenceHistoryRetention how far back, behind the newest version of a reference topic,
 *     the customer and merchant histories keep older versions for as-of lookups; at least
 *     {@code referenceJoinGrace}
 * @param paymentJoinWindow how long after an order its successful payment may happen
 * @param paymentJoinMaxInputSkew how far (event time) the orders and the payments of one partition may
 *     run apart before the input ahead resolves the join alone; within it, the join's results do not
 *     depend on how the task interleaved the two inputs (TOPOLOGY.md, "Order payments")
 * @param ledgerInterval how often (wall clock) each task writes its {@code pipeline-ledger} rows;
 *     zero writes no ledger
 * @param outputTopicPrefix put before the name of every output topic ({@code r2.} writes
 *     {@code r2.orders-enriched}), so that a replay under another application.id writes beside the
 *     live app; empty, or topic characters ending in the dot that separates it from the contract
 *     topic's name. Input and internal topics are not affected
 * @param inputPartitions partitions of {@code orders} (= of {@code payments}): the windows are
 *     final once every one of them has closed them
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
    Duration paymentJoinMaxInputSkew,
    Duration ledgerInterval,
    String outputTopicPrefix,
    int inputPartitions,
    Map<String, String> registryConfig) {

  public static final String PLACED = "PLACED";
  public static final String SUCCEEDED = "SUCCEEDED";
  /** An {@link #outputTopicPrefix}: empty, or Kafka topic characters ending in a dot. */
  public static final Pattern OUTPUT_TOPIC_PREFIX = Pattern.compile("([a-zA-Z0-9._-]*\\.)?");

  public TopologySettings {
    requireNonNegative("window grace", windowGrace);
    requirePositive("dedup window", dedupWindow);
    requireNonNegative("max future skew", maxFutureSkew);
    requirePositive("horizon", horizon);
    requireNonNegative("reference join grace", referenceJoinGrace);
    requirePositive("reference history retention", referenceHistoryRetention);
    requirePositive("payment join window", paymentJoinWindow);
    requireNonNegative("payment join max input skew", paymentJoinMaxInputSkew);
    requireNonNegative("ledger interval", ledgerInterval);
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
    if (outputTopicPrefix == null || !OUTPUT_TOPIC_PREFIX.matcher(outputTopicPrefix).matches()) {
      throw new IllegalArgumentException("Cannot use output topic prefix '" + outputTopicPrefix
          + "': expected empty or letters, digits, '.', '_' and '-' ending in '.', such as r2.");
    }
    if (inputPartitions < 1) {
      throw new IllegalArgumentException("Cannot use " + inputPartitions + " input partitions: it must be 1 or more");
    }
  }

  /** The topic this topology writes a contract's output to: the contract topic under the prefix. */
  public String outputTopic(String contractTopic) {
    return outputTopicPrefix + contractTopic;
  }

  public static TopologySettings defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .windowGrace(windowGrace)
        .dedupWindow(dedupWindow)
        .maxFutureSkew(maxFutureSkew)
        .horizon(horizon)
        .currencies(currencies)
        .orderStatuses(orderStatuses)
        .paymentOutcomes(paymentOutcomes)
        .maxAmount(maxAmount)
        .referenceJoinGrace(referenceJoinGrace)
        .referenceHistoryRetention(referenceHistoryRetention)
        .paymentJoinWindow(paymentJoinWindow)
        .paymentJoinMaxInputSkew(paymentJoinMaxInputSkew)
        .ledgerInterval(ledgerInterval)
        .outputTopicPrefix(outputTopicPrefix)
        .inputPartitions(inputPartitions)
        .registryConfig(registryConfig);
  }

  /** The settings, starting from the defaults; {@link #build()} checks them all at once. */
  public static final class Builder {
    private Duration windowGrace = Duration.ofMinutes(2);
    private Duration dedupWindow = Duration.ofMinutes(10);
    private Duration maxFutureSkew = Duration.ofMinutes(5);
    private Duration horizon = Duration.ofDays(7);
    private Set<String> currencies = Set.of("EUR", "USD", "GBP");
    private Set<String> orderStatuses = Set.of(PLACED, "CANCELLED", "FULFILLED");
    private Set<String> paymentOutcomes = Set.of(SUCCEEDED, "DECLINED", "FAILED");
    private BigDecimal maxAmount = new BigDecimal("1000000.00");
    private Duration referenceJoinGrace = Duration.ZERO;
    // as long as the horizon, so that any order still accepted finds the version of its time
    private Duration referenceHistoryRetention = Duration.ofDays(7);
    private Duration paymentJoinWindow = Duration.ofMinutes(30);
    private Duration paymentJoinMaxInputSkew = Duration.ofMinutes(10);
    private Duration ledgerInterval = Duration.ofSeconds(10);
    private String outputTopicPrefix = "";
    private int inputPartitions = 1;
    private Map<String, String> registryConfig = Map.of("schema.registry.url", "file:");

    private Builder() {}

    public Builder windowGrace(Duration value) {
      windowGrace = value;
      return this;
    }

    public Builder dedupWindow(Duration value) {
      dedupWindow = value;
      return this;
    }

    public Builder maxFutureSkew(Duration value) {
      maxFutureSkew = value;
      return this;
    }

    public Builder horizon(Duration value) {
      horizon = value;
      return this;
    }

    public Builder currencies(Set<String> value) {
      currencies = value;
      return this;
    }

    public Builder orderStatuses(Set<String> value) {
      orderStatuses = value;
      return this;
    }

    public Builder paymentOutcomes(Set<String> value) {
      paymentOutcomes = value;
      return this;
    }

    public Builder maxAmount(BigDecimal value) {
      maxAmount = value;
      return this;
    }

    public Builder referenceJoinGrace(Duration value) {
      referenceJoinGrace = value;
      return this;
    }

    public Builder referenceHistoryRetention(Duration value) {
      referenceHistoryRetention = value;
      return this;
    }

    public Builder paymentJoinWindow(Duration value) {
      paymentJoinWindow = value;
      return this;
    }

    public Builder paymentJoinMaxInputSkew(Duration value) {
      paymentJoinMaxInputSkew = value;
      return this;
    }

    public Builder ledgerInterval(Duration value) {
      ledgerInterval = value;
      return this;
    }

    public Builder outputTopicPrefix(String value) {
      outputTopicPrefix = value;
      return this;
    }

    public Builder inputPartitions(int value) {
      inputPartitions = value;
      return this;
    }

    public Builder registryConfig(Map<String, String> value) {
      registryConfig = value;
      return this;
    }

    public TopologySettings build() {
      return new TopologySettings(windowGrace, dedupWindow, maxFutureSkew, horizon, currencies, orderStatuses,
          paymentOutcomes, maxAmount, referenceJoinGrace, referenceHistoryRetention, paymentJoinWindow,
          paymentJoinMaxInputSkew, ledgerInterval, outputTopicPrefix, inputPartitions, registryConfig);
    }
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
