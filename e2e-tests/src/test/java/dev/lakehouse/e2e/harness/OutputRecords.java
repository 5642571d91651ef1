package dev.lakehouse.e2e.harness;

import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.Values;
import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Valid records for any output topic, built from its Avro contract alone: every field (nullable
 * ones too) gets a value of its type derived from the row number, so no two rows of a topic are
 * equal. The sink only lands them; what the Streams app would compute is not the point here.
 */
public final class OutputRecords {
  private OutputRecords() {}

  /** Row {@code row} of the table's topic; every timestamp field is {@code time}. */
  public static GenericRecord record(OutputTable table, int row, Instant time) {
    Schema schema = Topics.valueSchema(table.topic());
    GenericData.Record record = new GenericData.Record(schema);
    for (Schema.Field field : schema.getFields()) {
      record.put(field.name(), value(field.name(), field.schema(), row, time));
    }
    return record;
  }

  /** The record's fields as {@link Values#normalize normalized} values, in contract order: the form rows are compared in. */
  public static Map<String, Object> normalized(GenericRecord record) {
    Map<String, Object> row = new LinkedHashMap<>();
    record.getSchema().getFields().forEach(f -> row.put(f.name(), Values.normalize(record.get(f.name()))));
    return row;
  }

  private static Object value(String name, Schema schema, int row, Instant time) {
    if (schema.getType() == Schema.Type.UNION) {
      Schema nonNull = schema.getTypes().stream().filter(s -> s.getType() != Schema.Type.NULL).findFirst().orElseThrow();
      return value(name, nonNull, row, time);
    }
    if (schema.getLogicalType() instanceof LogicalTypes.Decimal decimal) {
      return BigDecimal.valueOf(100L * row + 25, 2).setScale(decimal.getScale());
    }
    if (schema.getLogicalType() instanceof LogicalTypes.TimestampMillis) {
      return time;
    }
    return switch (schema.getType()) {
      case STRING -> name + "-" + row;
      case INT -> row;
      case LONG -> 1000L * row + 7;
      case BYTES -> ByteBuffer.wrap((name + "-" + row).getBytes(StandardCharsets.UTF_8));
      default -> throw new IllegalArgumentException("Cannot make a value of type " + schema + " for field " + name);
    };
  }
}
