package dev.lakehouse.streams.config;

import dev.lakehouse.streams.topology.TopologySettings;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;

/**
 * The {@link AppConfig} keys that shape the topology, their defaults (from
 * {@link TopologySettings#defaults()}, so there is one source) and their conversion to
 * {@link TopologySettings}.
 */
public final class TopologyKeys {
  public static final String WINDOW_GRACE = "window.grace";
  public static final String DEDUP_WINDOW = "dedup.window";
  public static final String MAX_FUTURE_SKEW = "event-time.max-future-skew";
  public static final String HORIZON = "event-time.horizon";
  public static final String CURRENCIES = "validation.currencies";
  public static final String ORDER_STATUSES = "validation.order-statuses";
  public static final String PAYMENT_OUTCOMES = "validation.payment-outcomes";
  public static final String MAX_AMOUNT = "validation.max-amount";
  public static final String REFERENCE_JOIN_GRACE = "reference.join-grace";
  public static final String REFERENCE_HISTORY_RETENTION = "reference.history-retention";
  public static final String PAYMENT_JOIN_WINDOW = "payment-join.window";
  public static final String PAYMENT_JOIN_MAX_INPUT_SKEW = "payment-join.max-input-skew";
  public static final String LEDGER_INTERVAL = "ledger.interval";
  public static final String OUTPUT_TOPIC_PREFIX = "output.topic-prefix";

  private TopologyKeys() {}

  static ConfigDef define(ConfigDef def) {
    TopologySettings defaults = TopologySettings.defaults();
    return def
        .define(WINDOW_GRACE, Type.STRING, Durations.format(defaults.windowGrace()), Durations.atLeast(Duration.ZERO),
            Importance.HIGH, "How long a 1-minute window (and the order-payment join window) stays open for "
                + "out-of-order events after it ends, in stream time; later events go to late-events.")
        .define(DEDUP_WINDOW, Type.STRING, Durations.format(defaults.dedupWindow()),
            Durations.atLeast(Duration.ofSeconds(1)), Importance.MEDIUM,
            "How long an event_id is remembered to drop producer retries, in stream time counted from when "
                + "it was seen (whatever its event time).")
        .define(MAX_FUTURE_SKEW, Type.STRING, Durations.format(defaults.maxFutureSkew()),
            Durations.atLeast(Duration.ZERO), Importance.MEDIUM,
            "Events whose event_time is further ahead of the wall clock go to dead-letters "
                + "(EVENT_TIME_OUT_OF_RANGE): they would close every window early.")
        .define(HORIZON, Type.STRING, Durations.format(defaults.horizon()), Durations.atLeast(Duration.ofMinutes(1)),
            Importance.MEDIUM, "Orders and payments whose event_time is further behind the stream time of their "
                + "partition (the highest accepted event time) go to dead-letters (EVENT_TIME_OUT_OF_RANGE); stream "
                + "time rather than the wall clock, so that reprocessing old data classifies it the same way.")
        .define(CURRENCIES, Type.LIST, sorted(defaults.currencies()), nonEmptyList(),
            Importance.MEDIUM, "Accepted order currencies (ISO 4217); others go to dead-letters (INVALID_VALUE).")
        .define(ORDER_STATUSES, Type.LIST, sorted(defaults.orderStatuses()), nonEmptyList(),
            Importance.MEDIUM, "Accepted order statuses; others go to dead-letters (INVALID_VALUE).")
        .define(PAYMENT_OUTCOMES, Type.LIST, sorted(defaults.paymentOutcomes()), nonEmptyList(),
            Importance.MEDIUM, "Accepted payment outcomes; others go to dead-letters (INVALID_VALUE).")
        .define(MAX_AMOUNT, Type.STRING, defaults.maxAmount().toPlainString(), TopologyKeys::requirePositiveAmount,
            Importance.MEDIUM, "Largest accepted amount; larger ones go to dead-letters (INVALID_AMOUNT).")
        .define(REFERENCE_JOIN_GRACE, Type.STRING, Durations.format(defaults.referenceJoinGrace()),
            Durations.atLeast(Duration.ZERO), Importance.LOW,
            "How long (stream time) an order waits before it is enriched, so that customer and merchant "
                + "versions that arrive a little after it are still used; 0 enriches at once.")
        .define(REFERENCE_HISTORY_RETENTION, Type.STRING, Durations.format(defaults.referenceHistoryRetention()),
            Durations.atLeast(Duration.ofMinutes(1)), Importance.LOW,
            "How far back, behind the newest version of its topic, the customer and merchant histories keep "
                + "older versions for as-of lookups; at least " + REFERENCE_JOIN_GRACE + ".")
        .define(PAYMENT_JOIN_WINDOW, Type.STRING, Durations.format(defaults.paymentJoinWindow()),
            Durations.atLeast(Duration.ofSeconds(1)), Importance.MEDIUM,
            "How long after an order its successful payment is looked for; after that (plus window.grace) "
                + "the order is emitted as UNPAID.")
        .define(PAYMENT_JOIN_MAX_INPUT_SKEW, Type.STRING, Durations.format(defaults.paymentJoinMaxInputSkew()),
            Durations.atLeast(Duration.ZERO), Importance.LOW,
            "How far (event time) the orders and the payments of one partition may run apart before the input "
                + "ahead resolves the order-payment join alone (a producer of the other stopped). Within it, the "
                + "join gives the same results live, in a catch-up and in a replay; order states are kept this "
                + "much longer.")
        .define(LEDGER_INTERVAL, Type.STRING, Durations.format(defaults.ledgerInterval()),
            Durations.atLeast(Duration.ZERO), Importance.LOW,
            "How often (wall clock) each task writes a pipeline-ledger row per input partition: how many records "
                + "it read and where each went, in the transaction of their outputs; 0 writes no ledger.")
        .define(OUTPUT_TOPIC_PREFIX, Type.STRING, defaults.outputTopicPrefix(), TopologyKeys::requireTopicPrefix,
            Importance.LOW, "Put before the name of every output topic (r2. writes r2.orders-enriched, "
                + "r2.dead-letters, ...), so that a replay under a new application.id writes beside the live app; "
                + "empty writes the contract's topics. Input topics keep their names; internal topics are prefixed "
                + "by the application.id anyway. The prefix ends in a dot, which separates it from the contract "
                + "topic's name for the readers downstream.");
  }

  /** Cross-field checks, named by key; the same rules {@link TopologySettings} enforces. */
  static void validate(AppConfig config) {
    Duration grace = config.duration(REFERENCE_JOIN_GRACE);
    Duration retention = config.duration(REFERENCE_HISTORY_RETENTION);
    if (grace.compareTo(retention) > 0) {
      throw new ConfigException("Cannot use " + REFERENCE_JOIN_GRACE + "=" + config.getString(REFERENCE_JOIN_GRACE)
          + " with " + REFERENCE_HISTORY_RETENTION + "=" + config.getString(REFERENCE_HISTORY_RETENTION)
          + ": the join grace must not exceed the history retention");
    }
    requireListed(config, ORDER_STATUSES, TopologySettings.PLACED, "revenue and the payment join count PLACED orders");
    requireListed(config, PAYMENT_OUTCOMES, TopologySettings.SUCCEEDED, "the order-payment join looks for it");
  }

  /**
   * The settings these keys give, built once (so cross-field rules see every value); the caller
   * adds what comes from the cluster ({@link TopologySettings.Builder#inputPartitions}) and builds.
   */
  public static TopologySettings.Builder settings(AppConfig config) {
    return TopologySettings.builder()
        .windowGrace(config.duration(WINDOW_GRACE))
        .dedupWindow(config.duration(DEDUP_WINDOW))
        .maxFutureSkew(config.duration(MAX_FUTURE_SKEW))
        .horizon(config.duration(HORIZON))
        .currencies(set(config.getList(CURRENCIES)))
        .orderStatuses(set(config.getList(ORDER_STATUSES)))
        .paymentOutcomes(set(config.getList(PAYMENT_OUTCOMES)))
        .maxAmount(new BigDecimal(config.getString(MAX_AMOUNT).trim()))
        .referenceJoinGrace(config.duration(REFERENCE_JOIN_GRACE))
        .referenceHistoryRetention(config.duration(REFERENCE_HISTORY_RETENTION))
        .paymentJoinWindow(config.duration(PAYMENT_JOIN_WINDOW))
        .paymentJoinMaxInputSkew(config.duration(PAYMENT_JOIN_MAX_INPUT_SKEW))
        .ledgerInterval(config.duration(LEDGER_INTERVAL))
        .outputTopicPrefix(config.getString(OUTPUT_TOPIC_PREFIX))
        .registryConfig(config.schemaRegistrySettings());
  }

  private static void requireListed(AppConfig config, String key, String required, String why) {
    List<String> values = config.getList(key);
    if (!values.contains(required)) {
      throw new ConfigException("Cannot use " + key + "=" + String.join(",", values) + ": it must contain "
          + required + " (" + why + ")");
    }
  }

  private static String sorted(Set<String> values) {
    return String.join(",", new TreeSet<>(values));
  }

  private static Set<String> set(List<String> values) {
    return new LinkedHashSet<>(values);
  }

  private static ConfigDef.Validator nonEmptyList() {
    return (key, value) -> {
      if (value instanceof List<?> list && (list.isEmpty() || list.stream().anyMatch(v -> String.valueOf(v).isBlank()))) {
        throw new ConfigException("Cannot use " + key + "=" + value + ": expected a comma-separated, non-empty list");
      }
    };
  }

  private static void requirePositiveAmount(String key, Object value) {
    try {
      if (new BigDecimal(String.valueOf(value).trim()).signum() > 0) {
        return;
      }
    } catch (NumberFormatException e) {
      // reported below with what is expected
    }
    throw new ConfigException("Cannot use " + key + "=" + value + ": expected a positive decimal amount such as 100000.00");
  }

  private static void requireTopicPrefix(String key, Object value) {
    if (!TopologySettings.OUTPUT_TOPIC_PREFIX.matcher(String.valueOf(value)).matches()) {
      throw new ConfigException("Cannot use " + key + "=" + value + ": expected empty, or letters, digits, '.', '_' "
          + "and '-' ending in '.' (the separator from the contract topic's name), such as r2.");
    }
  }
}
