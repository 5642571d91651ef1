package dev.lakehouse.peerflink.input;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.Violation;
import dev.lakehouse.schemas.Topics;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;

/**
 * The rules an input record must pass, as streams-app TOPOLOGY.md lists them: a key equal to the
 * record's id, non-empty ids, accepted codes, a positive amount up to the maximum (and an order's
 * discount, when set, between 0 and the amount), an event time from 1970 up to the wall clock plus
 * the allowed skew. The rule that needs stream time (the horizon) is {@link InputRouter}'s.
 */
final class InputRules implements Serializable {
  private final Map<String, TopicRules> byTopic;
  private final BigDecimal maxAmount;
  private final Duration maxFutureSkew;

  /**
   * What one input topic requires; {@code codes} maps a field to its accepted values, {@code amountPart}
   * names an optional field that, when set, is a part of the amount (null when the topic has none).
   */
  private record TopicRules(String idField, String timeField, List<String> ids, Map<String, Set<String>> codes,
      boolean hasAmount, String amountPart) implements Serializable {}

  InputRules(JobSettings settings) {
    this.maxAmount = settings.maxAmount();
    this.maxFutureSkew = settings.maxFutureSkew();
    this.byTopic = Map.of(
        Topics.ORDERS, new TopicRules("order_id", "event_time",
            List.of("event_id", "order_id", "customer_id", "merchant_id"),
            Map.of("status", settings.orderStatuses(), "currency", settings.currencies()), true, "discount_amount"),
        Topics.PAYMENTS, new TopicRules("order_id", "event_time", List.of("event_id", "payment_id", "order_id"),
            Map.of("outcome", settings.paymentOutcomes()), true, null),
        Topics.CUSTOMERS, new TopicRules("customer_id", "updated_at", List.of("customer_id"), Map.of(), false, null),
        Topics.MERCHANTS, new TopicRules("merchant_id", "updated_at", List.of("merchant_id"), Map.of(), false, null));
  }

  /** The event time (updated_at for reference data) of a parsed record of {@code topic}. */
  long eventTime(String topic, GenericRecord value) {
    return ((Instant) value.get(rules(topic).timeField())).toEpochMilli();
  }

  /** The first rule {@code value} breaks, in the order key, ids, codes, amount, part of the amount, time. */
  Optional<Violation> check(String topic, String key, GenericRecord value, long wallClock) {
    TopicRules rules = rules(topic);
    Optional<Violation> badKey = checkKey(topic, key);
    if (badKey.isPresent()) {
      return badKey;
    }
    for (String id : rules.ids()) {
      if (value.get(id).toString().isBlank()) {
        return broken("MISSING_FIELD", id + " is empty: every " + topic + " record needs one");
      }
    }
    String id = value.get(rules.idField()).toString();
    if (!id.equals(key)) {
      return broken("INVALID_VALUE", "record key '" + key + "' is not the " + rules.idField() + " '" + id
          + "': producers must key " + topic + " by " + rules.idField());
    }
    for (Map.Entry<String, Set<String>> code : rules.codes().entrySet()) {
      String actual = value.get(code.getKey()).toString();
      if (!code.getValue().contains(actual)) {
        return broken("INVALID_VALUE", code.getKey() + " '" + actual + "' is not accepted; accepted: "
            + new TreeSet<>(code.getValue()));
      }
    }
    return checkAmount(rules, value).or(() -> checkTime(rules.timeField(), eventTime(topic, value), wallClock));
  }

  /**
   * A tombstone of a customer or merchant deletes it as of its Kafka timestamp; it needs a key and a
   * timestamp in range, like any other version.
   */
  Optional<Violation> checkTombstone(String topic, String key, long recordTimestamp, long wallClock) {
    return checkKey(topic, key).or(() -> checkTime("record timestamp", recordTimestamp, wallClock));
  }

  /** Reference topics (compacted, often fed by change-data-capture) delete with tombstones. */
  static boolean deletesWithTombstones(String topic) {
    return topic.equals(Topics.CUSTOMERS) || topic.equals(Topics.MERCHANTS);
  }

  private Optional<Violation> checkKey(String topic, String key) {
    if (key == null || key.isEmpty()) {
      return broken("MISSING_KEY", "record key is " + (key == null ? "null" : "empty") + ": producers must key "
          + topic + " by " + rules(topic).idField());
    }
    return Optional.empty();
  }

  /**
   * The amount, if the topic has one, then the part of it, if the topic has one and the producer set
   * it (the part's reason is the Streams app's text, word for word).
   */
  private Optional<Violation> checkAmount(TopicRules rules, GenericRecord value) {
    if (!rules.hasAmount()) {
      return Optional.empty();
    }
    BigDecimal amount = (BigDecimal) value.get("amount");
    if (amount.signum() <= 0 || amount.compareTo(maxAmount) > 0) {
      return broken("INVALID_AMOUNT", "amount " + amount.toPlainString() + " is not in (0, "
          + maxAmount.toPlainString() + "]");
    }
    BigDecimal part = rules.amountPart() == null ? null : (BigDecimal) value.get(rules.amountPart());
    if (part != null && (part.signum() < 0 || part.compareTo(amount) > 0)) {
      return broken("INVALID_AMOUNT", rules.amountPart() + " " + part.toPlainString()
          + " is not between 0 and the amount " + amount.toPlainString());
    }
    return Optional.empty();
  }

  private Optional<Violation> checkTime(String field, long time, long wallClock) {
    if (time < 0 || time > wallClock + maxFutureSkew.toMillis()) {
      return broken("EVENT_TIME_OUT_OF_RANGE", field + " " + Instant.ofEpochMilli(time)
          + " is not between 1970 and " + maxFutureSkew + " after the wall clock " + Instant.ofEpochMilli(wallClock)
          + ": check the producer's clock");
    }
    return Optional.empty();
  }

  private TopicRules rules(String topic) {
    TopicRules rules = byTopic.get(topic);
    if (rules == null) {
      throw new IllegalArgumentException("Cannot read topic '" + topic + "': the job reads only " + byTopic.keySet());
    }
    return rules;
  }

  private static Optional<Violation> broken(String errorClass, String reason) {
    return Optional.of(Violation.rule(errorClass, reason));
  }
}
