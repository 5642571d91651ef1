package dev.lakehouse.schemas.serde;

import org.apache.avro.Conversions;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;

/** GenericData that maps decimal to BigDecimal and timestamp-millis to Instant. */
public final class AvroData {
  private AvroData() {}

  public static GenericData withLogicalTypes() {
    GenericData data = new GenericData();
    data.addLogicalTypeConversion(new Conversions.DecimalConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    return data;
  }
}
