package dev.lakehouse.maintenance.replay;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.List;
import org.apache.iceberg.data.Record;

/**
 * The values of a row as the comparison sees them: one text per value, the same for equal values
 * whichever run wrote them (bytes as hex, instants in UTC), and a digest of a row's compared columns,
 * so that a table's rows are held in memory as one number each.
 */
final class RowValues {
  private static final byte[] NULL = {0};
  private final List<String> columns;
  private final MessageDigest digest;

  RowValues(List<String> columns) {
    this.columns = List.copyOf(columns);
    try {
      this.digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot hash with SHA-256: every Java runtime has it", e);
    }
  }

  List<String> columns() {
    return columns;
  }

  /** The first 64 bits of the SHA-256 of the compared columns' values, in column order. */
  long digest(Record row) {
    for (String column : columns) {
      Object value = row.getField(column);
      digest.update(value == null ? NULL : text(value).getBytes(StandardCharsets.UTF_8));
      digest.update((byte) 0x1f);
    }
    return ByteBuffer.wrap(digest.digest()).getLong();
  }

  /** One value as text: {@code null} for SQL NULL. */
  static String text(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof ByteBuffer buffer) {
      ByteBuffer copy = buffer.duplicate();
      byte[] bytes = new byte[copy.remaining()];
      copy.get(bytes);
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof OffsetDateTime time) {
      return time.toInstant().toString();
    }
    return value.toString();
  }

  /** The key of a row, its key columns' values joined by {@code ", "}: how the output names a row. */
  static String key(Record row, List<String> keyColumns) {
    if (keyColumns.size() == 1) {
      return text(row.getField(keyColumns.get(0)));
    }
    StringBuilder key = new StringBuilder();
    for (String column : keyColumns) {
      key.append(key.isEmpty() ? "" : ", ").append(text(row.getField(column)));
    }
    return key.toString();
  }
}
