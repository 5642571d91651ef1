package dev.lakehouse.schemas.serde;

import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** GenericData that maps decimal to BigDecimal and timestamp-millis to Instant. */
public final class AvroData {
  private AvroData() {}

  /** {@code record} as a record of {@code schema}, e.g. an earlier version of its contract: the fields it has, by name. */
  public static GenericRecord project(GenericRecord record, Schema schema) {
    GenericData.Record projected = new GenericData.Record(schema);
    schema.getFields().forEach(field -> projected.put(field.pos(), record.get(field.name())));
    return projected;
  }

  public static GenericData withLogicalTypes() {
    GenericData data = new GenericData();
    data.addLogicalTypeConversion(new Conversions.DecimalConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    return data;
  }
}
