package dev.lakehouse.schemas;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;

/**
 * Which contract fields hold personal data, as each contract marks them with the Avro field
 * property {@code "personal"}. A landed table's columns carry the field names of its topic's
 * contract, and the dbt marts keep those names, so a column's name tells what it holds.
 */
public final class PersonalData {
  public static final String PROPERTY = "personal";

  /** The values of the {@code personal} property. */
  public enum Kind {
    /** The id of the customer the row is about (the key of topic {@code customers}). */
    CUSTOMER_ID("customer-id"),
    /** Raw input (text or bytes) that may hold a customer id somewhere inside it. */
    CONTAINS_CUSTOMER_ID("contains-customer-id"),
    /** Personal data of the customer whose id is in the same record (name, country, ...). */
    CUSTOMER_DATA("customer-data");

    private final String value;

    Kind(String value) {
      this.value = value;
    }

    public String value() {
      return value;
    }
  }

  private PersonalData() {}

  /** The kind a field is marked with, if any; an unknown value is an error naming the field. */
  public static Optional<Kind> of(Schema.Field field) {
    Object value = field.getObjectProp(PROPERTY);
    if (value == null) {
      return Optional.empty();
    }
    return Optional.of(Arrays.stream(Kind.values()).filter(k -> k.value.equals(value)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(String.format(
            "Cannot read the '%s' property of field %s: '%s' is not one of %s", PROPERTY, field.name(), value,
            Arrays.stream(Kind.values()).map(Kind::value).toList()))));
  }

  /** Over every contract of the pipeline: the names of the fields marked with each kind (none: an empty set). */
  public static Map<Kind, Set<String>> fieldNames() {
    Map<Kind, Set<String>> names = new EnumMap<>(Kind.class);
    for (Kind kind : Kind.values()) {
      names.put(kind, new TreeSet<>());
    }
    for (String topic : Topics.ALL) {
      for (Schema.Field field : Topics.valueSchema(topic).getFields()) {
        of(field).ifPresent(kind -> names.get(kind).add(field.name()));
      }
    }
    names.replaceAll((kind, fields) -> Collections.unmodifiableSet(fields));
    return Collections.unmodifiableMap(names);
  }
}
