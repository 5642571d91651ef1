package dev.lakehouse.schemas.testing;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * A record as plain Java values that compare with equals (Avro's own record equality cannot
 * compare BigDecimal or Instant fields): text as String, bytes as hex, nested records as maps.
 */
public final class Normalized {
  private Normalized() {}

  public static Map<String, Object> of(GenericRecord record) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (Schema.Field field : record.getSchema().getFields()) {
      values.put(field.name(), value(record.get(field.name())));
    }
    return values;
  }

  private static Object value(Object value) {
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof GenericRecord nested) {
      return of(nested);
    }
    return value;
  }
}
