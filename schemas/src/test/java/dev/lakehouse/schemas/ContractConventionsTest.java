package dev.lakehouse.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * The house rules of the topic contracts: every record and field documented, ids as strings,
 * times as timestamp-millis, money as decimal(18,2), nullable fields that default to null so
 * readers can evolve, and personal data marked so that erasure can find it.
 */
class ContractConventionsTest {

  @Test
  void everyContractFollowsTheConventions() {
    List<String> violations = new ArrayList<>();
    for (String topic : Topics.ALL) {
      Schema schema = Topics.valueSchema(topic);
      if (isBlank(schema.getDoc())) {
        violations.add(topic + ": record has no doc");
      }
      for (Schema.Field field : schema.getFields()) {
        check(topic + "." + field.name(), field, violations);
      }
      checkPersonalData(topic, schema, violations);
    }
    assertThat(violations).as(String.join("\n", violations)).isEmpty();
  }

  /** The marks erasure relies on: every field about a customer, and the raw input that may hold one. */
  @Test
  void personalDataIsMarkedWhereverACustomerAppears() {
    Map<PersonalData.Kind, Set<String>> names = PersonalData.fieldNames();

    assertThat(names.get(PersonalData.Kind.CUSTOMER_ID)).containsExactly("customer_id");
    assertThat(names.get(PersonalData.Kind.CONTAINS_CUSTOMER_ID)).containsExactlyInAnyOrder("record_key", "record_value");
    assertThat(names.get(PersonalData.Kind.CUSTOMER_DATA)).containsExactlyInAnyOrder(
        "name", "country", "segment", "customer_name", "customer_country", "customer_segment");
  }

  @Test
  void anUnknownPersonalMarkIsAnErrorNamingTheField() {
    Schema schema = new Schema.Parser().parse(
        "{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"email\", \"type\": \"string\", \"personal\": \"yes\"}]}");

    assertThatThrownBy(() -> PersonalData.of(schema.getField("email")))
        .hasMessage("Cannot read the 'personal' property of field email: 'yes' is not one of"
            + " [customer-id, contains-customer-id, customer-data]");
  }

  private static void check(String where, Schema.Field field, List<String> violations) {
    String name = field.name();
    Schema type = nonNull(field.schema());
    if (isBlank(field.doc())) {
      violations.add(where + ": no doc");
    }
    if (field.schema().getType() == Schema.Type.UNION && (field.defaultVal() != org.apache.avro.JsonProperties.NULL_VALUE)) {
      violations.add(where + ": nullable field must default to null");
    }
    if (name.endsWith("_id") && type.getType() != Schema.Type.STRING) {
      violations.add(where + ": ids are strings");
    }
    boolean isTime = name.endsWith("_time") || name.endsWith("_at") || name.startsWith("window_");
    if (isTime && !(type.getLogicalType() instanceof LogicalTypes.TimestampMillis)) {
      violations.add(where + ": times are timestamp-millis");
    }
    // the ledger's dead_lettered_<error class> fields count records; INVALID_AMOUNT is a class, not money
    boolean isMoney = (name.contains("amount") || name.equals("revenue")) && !name.startsWith("dead_lettered_");
    if (isMoney && !(type.getLogicalType() instanceof LogicalTypes.Decimal decimal
        && decimal.getPrecision() == 18 && decimal.getScale() == 2)) {
      violations.add(where + ": amounts are decimal(18,2)");
    }
  }

  /** Customer fields are marked; customer data sits beside a customer id; raw fields are text or bytes. */
  private static void checkPersonalData(String topic, Schema schema, List<String> violations) {
    Map<PersonalData.Kind, List<String>> marked = new EnumMap<>(PersonalData.Kind.class);
    for (Schema.Field field : schema.getFields()) {
      try {
        PersonalData.of(field).ifPresentOrElse(
            kind -> marked.computeIfAbsent(kind, k -> new ArrayList<>()).add(field.name()),
            () -> {
              if (field.name().startsWith("customer_")) {
                violations.add(topic + "." + field.name() + ": a customer field without a '" + PersonalData.PROPERTY + "' mark");
              }
            });
      } catch (IllegalArgumentException e) {
        violations.add(topic + ": " + e.getMessage());
      }
    }
    if (marked.containsKey(PersonalData.Kind.CUSTOMER_DATA) && !marked.containsKey(PersonalData.Kind.CUSTOMER_ID)) {
      violations.add(topic + ": " + marked.get(PersonalData.Kind.CUSTOMER_DATA)
          + " are customer data but no field is marked customer-id, so erasure could not find these rows");
    }
    for (String name : marked.getOrDefault(PersonalData.Kind.CONTAINS_CUSTOMER_ID, List.of())) {
      Schema.Type type = nonNull(schema.getField(name).schema()).getType();
      if (type != Schema.Type.STRING && type != Schema.Type.BYTES) {
        violations.add(topic + "." + name + ": contains-customer-id fields are text or bytes");
      }
    }
  }

  private static Schema nonNull(Schema schema) {
    return schema.getType() != Schema.Type.UNION ? schema
        : schema.getTypes().stream().filter(s -> s.getType() != Schema.Type.NULL).findFirst().orElseThrow();
  }

  private static boolean isBlank(String text) {
    return text == null || text.isBlank();
  }
}
