package dev.lakehouse.schemas.testing;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Representative records for any of our schemas, chosen to hit the edges: variant 0 leaves every
 * nullable field null and uses extreme values, variant 1 fills every field with far-past values and
 * non-ASCII text, variant 2 uses everyday values.
 */
public final class SampleRecords {
  public static final int VARIANTS = 3;

  private static final List<String> DECIMALS_18_2 =
      List.of("-9999999999999999.99", "-1.28", "1234567890123456.78");
  private static final List<Instant> TIMESTAMPS =
      List.of(
          Instant.parse("9999-12-31T23:59:59.999Z"),
          Instant.parse("1900-01-01T00:00:00.001Z"),
          Instant.parse("2026-11-29T07:15:42.123Z"));
  private static final List<String> TEXT = List.of("", "Zürich € 東京 \uD83D\uDE80", "ORD-42");

  private SampleRecords() {}

  public static GenericRecord record(Schema schema, int variant) {
    GenericData.Record record = new GenericData.Record(schema);
    for (Schema.Field field : schema.getFields()) {
      record.put(field.name(), value(field.schema(), variant));
    }
    return record;
  }

  private static Object value(Schema schema, int variant) {
    if (schema.getType() == Schema.Type.UNION) {
      Schema nonNull = schema.getTypes().stream().filter(s -> s.getType() != Schema.Type.NULL).findFirst().orElseThrow();
      return variant == 0 ? null : value(nonNull, variant);
    }
    if (schema.getLogicalType() instanceof LogicalTypes.Decimal decimal) {
      BigDecimal value = new BigDecimal(DECIMALS_18_2.get(variant));
      return decimal.getScale() == 2 ? value : value.setScale(decimal.getScale());
    }
    if (schema.getLogicalType() instanceof LogicalTypes.TimestampMillis) {
      return TIMESTAMPS.get(variant);
    }
    switch (schema.getType()) {
      case STRING:
        return TEXT.get(variant);
      case INT:
        return List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 3).get(variant);
      case LONG:
        return List.of(Long.MIN_VALUE, Long.MAX_VALUE, 1_234_567L).get(variant);
      case BOOLEAN:
        return variant == 1;
      case DOUBLE:
        return List.of(-Double.MAX_VALUE, Double.MIN_VALUE, 0.5).get(variant);
      case BYTES:
        byte[] bytes = new byte[variant == 1 ? 256 : 3];
        for (int i = 0; i < bytes.length; i++) {
          bytes[i] = (byte) i;
        }
        return ByteBuffer.wrap(bytes);
      case RECORD:
        return record(schema, variant);
      default:
        throw new IllegalArgumentException("No sample value for " + schema);
    }
  }
}
