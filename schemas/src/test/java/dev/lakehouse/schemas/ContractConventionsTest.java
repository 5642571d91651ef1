package dev.lakehouse.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * The house rules of the topic contracts: every record and field documented, ids as strings,
 * times as timestamp-millis, money as decimal(18,2), and nullable fields that default to null so
 * readers can evolve.
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
    }
    assertThat(violations).as(String.join("\n", violations)).isEmpty();
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
    boolean isMoney = name.contains("amount") || name.equals("revenue");
    if (isMoney && !(type.getLogicalType() instanceof LogicalTypes.Decimal decimal
        && decimal.getPrecision() == 18 && decimal.getScale() == 2)) {
      violations.add(where + ": amounts are decimal(18,2)");
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
