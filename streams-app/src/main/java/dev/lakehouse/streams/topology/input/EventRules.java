package dev.lakehouse.streams.topology.input;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import dev.lakehouse.streams.topology.deadletters.Violation;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.RecordField;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;

/** The content rules of one input topic: key, required ids, accepted values, amount range (and a part of it). */
public final class EventRules {
  private final String topic;
  // fields by position (RecordField): they are read for every input record
  private final RecordField keyField;
  private final List<RecordField> requiredIds;
  private final Map<RecordField, Set<String>> acceptedValues;
  private final BigDecimal maxAmount;
  /** An optional field that, when set, is a part of the amount (between 0 and it); null when the topic has none. */
  private final RecordField amountPartField;
  private final RecordField timeField;
  private final boolean deletesWithTombstones;

  private EventRules(String topic, String keyField, List<String> requiredIds,
      Map<String, Set<String>> acceptedValues, BigDecimal maxAmount, String amountPartField, String timeField,
      boolean deletesWithTombstones) {
    this.topic = topic;
    this.keyField = new RecordField(keyField);
    this.requiredIds = requiredIds.stream().map(RecordField::new).toList();
    this.acceptedValues = new LinkedHashMap<>();
    acceptedValues.forEach((field, values) -> this.acceptedValues.put(new RecordField(field), values));
    this.maxAmount = maxAmount;
    this.amountPartField = amountPartField == null ? null : new RecordField(amountPartField);
    this.timeField = new RecordField(timeField);
    this.deletesWithTombstones = deletesWithTombstones;
  }

  public static EventRules orders(TopologySettings settings) {
    Map<String, Set<String>> accepted = new LinkedHashMap<>();
    accepted.put("status", settings.orderStatuses());
    accepted.put("currency", settings.currencies());
    return new EventRules(Topics.ORDERS, "order_id",
        List.of("event_id", "order_id", "customer_id", "merchant_id"), accepted, settings.maxAmount(), "discount_amount",
        "event_time", false);
  }

  public static EventRules payments(TopologySettings settings) {
    return new EventRules(Topics.PAYMENTS, "order_id", List.of("event_id", "payment_id", "order_id"),
        Map.of("outcome", settings.paymentOutcomes()), settings.maxAmount(), null, "event_time", false);
  }

  public static EventRules customers() {
    return new EventRules(Topics.CUSTOMERS, "customer_id", List.of("customer_id"), Map.of(), null, null, "updated_at",
        true);
  }

  public static EventRules merchants() {
    return new EventRules(Topics.MERCHANTS, "merchant_id", List.of("merchant_id"), Map.of(), null, null, "updated_at",
        true);
  }

  /** Reference topics (compacted, often fed by change-data-capture) delete with tombstones. */
  boolean deletesWithTombstones() {
    return deletesWithTombstones;
  }

  public String topic() {
    return topic;
  }

  Instant eventTime(GenericRecord value) {
    return (Instant) timeField.in(value);
  }

  String timeField() {
    return timeField.name();
  }

  /** The first broken rule, if any; the key is checked first, then ids, values and amount. */
  Optional<Violation> check(String key, GenericRecord value) {
    Optional<Violation> badKey = checkKey(key);
    if (badKey.isPresent()) {
      return badKey;
    }
    for (RecordField field : requiredIds) {
      if (field.in(value).toString().isBlank()) {
        return violation(ErrorClass.MISSING_FIELD, field.name() + " is empty: every " + topic + " record needs one");
      }
    }
    String id = keyField.in(value).toString();
    if (!key.equals(id)) {
      return violation(ErrorClass.INVALID_VALUE, "record key '" + key + "' is not the " + keyField.name() + " '" + id
          + "': producers must key " + topic + " by " + keyField.name() + " (joins and dedup rely on it)");
    }
    for (Map.Entry<RecordField, Set<String>> accepted : acceptedValues.entrySet()) {
      String actual = accepted.getKey().in(value).toString();
      if (!accepted.getValue().contains(actual)) {
        return violation(ErrorClass.INVALID_VALUE, accepted.getKey().name() + " '" + actual + "' is not accepted; "
            + "accepted: " + new TreeSet<>(accepted.getValue()) + " (change the producer or the topology settings)");
      }
    }
    if (maxAmount == null) {
      return Optional.empty();
    }
    BigDecimal amount = (BigDecimal) Fields.AMOUNT.in(value);
    Optional<Violation> badAmount = checkAmount(amount);
    return badAmount.isPresent() || amountPartField == null ? badAmount
        : checkAmountPart((BigDecimal) amountPartField.in(value), amount);
  }

  Optional<Violation> checkKey(String key) {
    if (key == null || key.isEmpty()) {
      return violation(ErrorClass.MISSING_KEY, "record key is " + (key == null ? "null" : "empty")
          + ": producers must key " + topic + " by " + keyField.name());
    }
    return Optional.empty();
  }

  private Optional<Violation> checkAmount(BigDecimal amount) {
    if (amount.signum() <= 0) {
      return violation(ErrorClass.INVALID_AMOUNT, "amount " + amount.toPlainString() + " is not positive");
    }
    if (amount.compareTo(maxAmount) > 0) {
      return violation(ErrorClass.INVALID_AMOUNT, "amount " + amount.toPlainString() + " is above the maximum "
          + maxAmount.toPlainString() + " (check the producer, or raise the max amount setting)");
    }
    return Optional.empty();
  }

  private Optional<Violation> checkAmountPart(BigDecimal part, BigDecimal amount) {
    if (part != null && (part.signum() < 0 || part.compareTo(amount) > 0)) {
      return violation(ErrorClass.INVALID_AMOUNT, amountPartField.name() + " " + part.toPlainString()
          + " is not between 0 and the amount " + amount.toPlainString());
    }
    return Optional.empty();
  }

  private static Optional<Violation> violation(ErrorClass errorClass, String reason) {
    return Optional.of(Violation.of(errorClass, reason));
  }
}
