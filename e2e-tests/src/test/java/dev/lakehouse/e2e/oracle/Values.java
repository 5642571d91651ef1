package dev.lakehouse.e2e.oracle;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;

/**
 * One comparable form for values read from Avro events and from Iceberg rows: text, whole numbers
 * as long, amounts as plain text with two decimals, times as epoch milliseconds, bytes as base64.
 */
public final class Values {
  private Values() {}

  public static Object normalize(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.setScale(2, RoundingMode.UNNECESSARY).toPlainString();
    }
    if (value instanceof Instant instant) {
      return instant.toEpochMilli();
    }
    if (value instanceof OffsetDateTime time) {
      return time.toInstant().toEpochMilli();
    }
    if (value instanceof LocalDateTime time) {
      return time.toInstant(ZoneOffset.UTC).toEpochMilli();
    }
    if (value instanceof ByteBuffer buffer) {
      ByteBuffer copy = buffer.duplicate();
      byte[] bytes = new byte[copy.remaining()];
      copy.get(bytes);
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    return value;
  }

  public static long millis(Object value) {
    return (Long) normalize(value);
  }
}
