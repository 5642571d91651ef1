package dev.lakehouse.schemas.connect;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Avro schemas and values (as read with {@link dev.lakehouse.schemas.serde.AvroData}) to Connect
 * ones: decimal to {@link Decimal}, timestamp-millis to {@link Timestamp}, date and time-millis to
 * {@link Date} and {@link Time}, {@code ["null", X]} to optional X, enums to strings.
 */
final class AvroToConnect {
  /** The parameter Confluent's converter uses for the precision, which Connect's Decimal lacks. */
  static final String PRECISION_PARAMETER = "connect.decimal.precision";
  /** A field's own Avro properties (such as {@code personal}) travel as parameters of its Connect schema with this prefix. */
  static final String FIELD_PROPERTY_PREFIX = "avro.field.";
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private AvroToConnect() {}

  static org.apache.kafka.connect.data.Schema schema(Schema avro) {
    return builder(avro, avro.getDoc()).build();
  }

  private static SchemaBuilder builder(Schema avro, String doc) {
    Schema nonNull = nonNullBranch(avro);
    SchemaBuilder builder = nonNull == avro ? required(avro) : required(nonNull).optional();
    return doc == null ? builder : builder.doc(doc);
  }

  private static SchemaBuilder required(Schema avro) {
    LogicalType logical = avro.getLogicalType();
    if (logical instanceof LogicalTypes.Decimal decimal) {
      return Decimal.builder(decimal.getScale())
          .parameter(PRECISION_PARAMETER, Integer.toString(decimal.getPrecision()));
    }
    if (logical instanceof LogicalTypes.TimestampMillis) {
      return Timestamp.builder();
    }
    if (logical instanceof LogicalTypes.Date) {
      return Date.builder();
    }
    if (logical instanceof LogicalTypes.TimeMillis) {
      return Time.builder();
    }
    switch (avro.getType()) {
      case RECORD:
        SchemaBuilder struct = SchemaBuilder.struct().name(avro.getFullName());
        for (Schema.Field field : avro.getFields()) {
          SchemaBuilder fieldSchema = builder(field.schema(), field.doc());
          field.getObjectProps().forEach((name, value) -> fieldSchema.parameter(FIELD_PROPERTY_PREFIX + name, text(field, name, value)));
          struct.field(field.name(), fieldSchema.build());
        }
        return struct;
      case STRING:
      case ENUM:
        return SchemaBuilder.string();
      case INT:
        return SchemaBuilder.int32();
      case LONG:
        return SchemaBuilder.int64();
      case FLOAT:
        return SchemaBuilder.float32();
      case DOUBLE:
        return SchemaBuilder.float64();
      case BOOLEAN:
        return SchemaBuilder.bool();
      case BYTES:
      case FIXED:
        return SchemaBuilder.bytes();
      case ARRAY:
        return SchemaBuilder.array(schema(avro.getElementType()));
      case MAP:
        return SchemaBuilder.map(org.apache.kafka.connect.data.Schema.STRING_SCHEMA, schema(avro.getValueType()));
      default:
        throw new DataException("Cannot convert Avro type " + avro + " to a Connect schema: only records, "
            + "primitives, arrays, maps and [\"null\", X] unions are supported");
    }
  }

  private static String text(Schema.Field field, String property, Object value) {
    if (!(value instanceof String text)) {
      throw new DataException("Cannot convert property '" + property + "' of field " + field.name()
          + " to a Connect schema parameter: only text properties are supported, not " + value);
    }
    return text;
  }

  /** X for a {@code ["null", X]} union, the schema itself when it is not a union. */
  private static Schema nonNullBranch(Schema avro) {
    if (avro.getType() != Schema.Type.UNION) {
      return avro;
    }
    List<Schema> branches = avro.getTypes();
    if (branches.size() == 2 && branches.get(0).getType() == Schema.Type.NULL) {
      return branches.get(1);
    }
    if (branches.size() == 2 && branches.get(1).getType() == Schema.Type.NULL) {
      return branches.get(0);
    }
    throw new DataException("Cannot convert union " + avro + " to a Connect schema: only [\"null\", X] unions are supported");
  }

  static Object value(org.apache.kafka.connect.data.Schema connect, Schema avro, Object value) {
    if (value == null) {
      return null;
    }
    Schema type = nonNullBranch(avro);
    switch (connect.type()) {
      case STRUCT:
        GenericRecord record = (GenericRecord) value;
        Struct struct = new Struct(connect);
        for (org.apache.kafka.connect.data.Field field : connect.fields()) {
          struct.put(field, value(field.schema(), type.getField(field.name()).schema(), record.get(field.name())));
        }
        return struct;
      case STRING:
        return value.toString();
      case BYTES:
        return bytesValue(connect, type, value);
      case INT32:
        return Date.LOGICAL_NAME.equals(connect.name())
            ? new java.util.Date((Integer) value * MILLIS_PER_DAY)
            : Time.LOGICAL_NAME.equals(connect.name()) ? new java.util.Date((Integer) value) : value;
      case INT64:
        return Timestamp.LOGICAL_NAME.equals(connect.name()) ? java.util.Date.from((Instant) value) : value;
      case ARRAY:
        List<Object> list = new ArrayList<>();
        for (Object element : (List<?>) value) {
          list.add(value(connect.valueSchema(), type.getElementType(), element));
        }
        return list;
      case MAP:
        Map<String, Object> map = new HashMap<>();
        ((Map<?, ?>) value).forEach((k, v) ->
            map.put(k.toString(), value(connect.valueSchema(), type.getValueType(), v)));
        return map;
      default:
        return value;
    }
  }

  private static Object bytesValue(org.apache.kafka.connect.data.Schema connect, Schema avro, Object value) {
    if (Decimal.LOGICAL_NAME.equals(connect.name())) {
      int scale = ((LogicalTypes.Decimal) avro.getLogicalType()).getScale();
      // scale is already exact after Avro's conversion; setScale only guards against a lossy mismatch
      return ((BigDecimal) value).setScale(scale, RoundingMode.UNNECESSARY);
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      return bytes;
    }
    return ((GenericFixed) value).bytes().clone();
  }
}
