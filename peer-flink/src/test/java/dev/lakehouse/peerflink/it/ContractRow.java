package dev.lakehouse.peerflink.it;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Set;
import java.util.StringJoiner;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/** A row as text, field by field in contract order, without the fields two systems cannot share. */
final class ContractRow {
  private ContractRow() {}

  static String of(GenericRecord record, Set<String> ignored) {
    StringJoiner row = new StringJoiner(", ", "{", "}");
    for (Schema.Field field : record.getSchema().getFields()) {
      if (!ignored.contains(field.name())) {
        row.add(field.name() + "=" + text(record.get(field.pos())));
      }
    }
    return row.toString();
  }

  private static String text(Object value) {
    if (value instanceof ByteBuffer bytes) {
      return HexFormat.of().formatHex(bytes.array(), bytes.arrayOffset() + bytes.position(),
          bytes.arrayOffset() + bytes.limit());
    }
    return String.valueOf(value);
  }
}
