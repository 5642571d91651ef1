package dev.lakehouse.connect.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.iceberg.Schema;
import org.apache.iceberg.avro.AvroSchemaUtil;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;

/**
 * The Iceberg schema the sink writes a topic's records into: the fields of the topic's Avro
 * contract, then the lineage columns that {@code KafkaMetadataTransform} (flat, not nested) adds.
 *
 * <p>Types follow what reaches the sink through our AvroConverter: Avro decimals keep their
 * precision and scale (Iceberg's own mapping), and timestamp-millis becomes {@code timestamptz},
 * because the converter hands the sink a Connect Timestamp, which the sink's RecordConverter writes
 * as an instant in UTC (AvroSchemaUtil alone would give {@code timestamp} without zone).
 */
public final class TableSchemas {
  public static final String DEFAULT_LINEAGE_PREFIX = "_kafka_metadata";

  private TableSchemas() {}

  /** Only the Avro contract's columns. */
  public static Schema fromAvro(org.apache.avro.Schema avro) {
    return withFreshIds(fields(avro));
  }

  /** The Avro contract's columns plus {@code <prefix>_topic, _partition, _offset, _timestamp}. */
  public static Schema fromAvroWithLineage(org.apache.avro.Schema avro, String prefix) {
    List<NestedField> fields = fields(avro);
    fields.add(NestedField.required(fields.size() + 1, prefix + "_topic", Types.StringType.get(), "Kafka topic this row was read from"));
    fields.add(NestedField.required(fields.size() + 1, prefix + "_partition", Types.IntegerType.get(), "Kafka partition of the record"));
    fields.add(NestedField.required(fields.size() + 1, prefix + "_offset", Types.LongType.get(), "Offset of the record in its partition"));
    // the transform gives the record timestamp as epoch millis; the sink writes a number into timestamptz as millis
    fields.add(NestedField.optional(fields.size() + 1, prefix + "_timestamp", Types.TimestampType.withZone(),
        "Kafka record timestamp (the producer's or the log append time)"));
    return withFreshIds(fields);
  }

  private static List<NestedField> fields(org.apache.avro.Schema avro) {
    if (avro.getType() != org.apache.avro.Schema.Type.RECORD) {
      throw new IllegalArgumentException("Cannot derive a table schema from Avro " + avro.getType() + ": a record is needed");
    }
    List<NestedField> fields = new ArrayList<>();
    for (org.apache.avro.Schema.Field field : avro.getFields()) {
      org.apache.avro.Schema type = field.schema();
      boolean optional = AvroSchemaUtil.isOptionSchema(type);
      org.apache.avro.Schema value = optional ? nonNullBranch(type) : type;
      int id = fields.size() + 1;
      fields.add(optional
          ? NestedField.optional(id, field.name(), icebergType(value), field.doc())
          : NestedField.required(id, field.name(), icebergType(value), field.doc()));
    }
    return fields;
  }

  private static org.apache.avro.Schema nonNullBranch(org.apache.avro.Schema option) {
    return option.getTypes().stream()
        .filter(branch -> branch.getType() != org.apache.avro.Schema.Type.NULL)
        .findFirst()
        .orElseThrow();
  }

  private static Type icebergType(org.apache.avro.Schema avro) {
    LogicalType logical = avro.getLogicalType();
    if (logical instanceof LogicalTypes.TimestampMillis || logical instanceof LogicalTypes.TimestampMicros) {
      return Types.TimestampType.withZone();
    }
    return AvroSchemaUtil.convert(avro);
  }

  /** Top-level ids are provisional (nested types bring their own): renumber the whole schema. */
  private static Schema withFreshIds(List<NestedField> fields) {
    AtomicInteger ids = new AtomicInteger();
    return TypeUtil.assignFreshIds(new Schema(fields), ids::incrementAndGet);
  }
}
