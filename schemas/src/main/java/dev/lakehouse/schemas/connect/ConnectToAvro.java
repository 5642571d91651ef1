package dev.lakehouse.schemas.connect;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Connect schemas and values back to Avro, the inverse of {@link AvroToConnect}: a schema that came
 * from one of our Avro schemas maps back to an equal Avro schema, so it finds the same registry id.
 */
final class ConnectToAvro {
  private static final String DEFAULT_RECORD_NAME = "dev.lakehouse.connect.Record";
  private static final int DEFAULT_DECIMAL_PRECISION = 38;
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private ConnectToAvro() {}

  static Schema schema(org.apache.kafka.connect.data.Schema connect) {
    return schema(connect, DEFAULT_RECORD_NAME);
  }

  private static Schema schema(org.apache.kafka.connect.data.Schema connect, String nameIfAnonymous) {
    Schema required = required(connect, nameIfAnonymous);
    return connect.isOptional() ? Schema.createUnion(Schema.create(Schema.Type.NULL), required) : required;
  }

  private static Schema required(org.apache.kafka.connect.data.Schema connect, String nameIfAnonymous) {
    String logical = connect.name();
    if (Decimal.LOGICAL_NAME.equals(logical)) {
      String precision = connect.parameters().get(AvroToConnect.PRECISION_PARAMETER);
      int scale = Integer.parseInt(connect.parameters().get(Decimal.SCALE_FIELD));
      return LogicalTypes.decimal(precision == null ? DEFAULT_DECIMAL_PRECISION : Integer.parseInt(precision), scale)
          .addToSchema(Schema.create(Schema.Type.BYTES));
    }
    if (Timestamp.LOGICAL_NAME.equals(logical)) {
      return LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
    }
    if (Date.LOGICAL_NAME.equals(logical)) {
      return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
    }
    if (Time.LOGICAL_NAME.equals(logical)) {
      return LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
    }
    switch (connect.type()) {
      case STRUCT:
        String name = logical == null ? nameIfAnonymous : logical;
        List<Schema.Field> fields = new ArrayList<>();
        for (Field field : connect.fields()) {
          Schema fieldSchema = schema(field.schema(), name + "_" + field.name());
          Object defaultValue = field.schema().isOptional() ? JsonProperties.NULL_VALUE : null;
          Schema.Field avroField = new Schema.Field(field.name(), fieldSchema, field.schema().doc(), defaultValue);
          Map<String, String> parameters = field.schema().parameters() == null ? Map.of() : field.schema().parameters();
          parameters.forEach((key, value) -> {
            if (key.startsWith(AvroToConnect.FIELD_PROPERTY_PREFIX)) {
              avroField.addProp(key.substring(AvroToConnect.FIELD_PROPERTY_PREFIX.length()), value);
            }
          });
          fields.add(avroField);
        }
        int dot = name.lastIndexOf('.');
        return Schema.createRecord(dot < 0 ? name : name.substring(dot + 1), connect.doc(),
            dot < 0 ? null : name.substring(0, dot), false, fields);
      case STRING:
        return Schema.create(Schema.Type.STRING);
      case INT8:
      case INT16:
      case INT32:
        return Schema.create(Schema.Type.INT);
      case INT64:
        return Schema.create(Schema.Type.LONG);
      case FLOAT32:
        return Schema.create(Schema.Type.FLOAT);
      case FLOAT64:
        return Schema.create(Schema.Type.DOUBLE);
      case BOOLEAN:
        return Schema.create(Schema.Type.BOOLEAN);
      case BYTES:
        return Schema.create(Schema.Type.BYTES);
      case ARRAY:
        return Schema.createArray(schema(connect.valueSchema(), nameIfAnonymous + "_item"));
      case MAP:
        if (connect.keySchema().type() != org.apache.kafka.connect.data.Schema.Type.STRING) {
          throw new DataException("Cannot convert a Connect map with " + connect.keySchema().type()
              + " keys to Avro: Avro map keys are strings");
        }
        return Schema.createMap(schema(connect.valueSchema(), nameIfAnonymous + "_value"));
      default:
        throw new DataException("Cannot convert Connect type " + connect.type() + " to Avro");
    }
  }

  static Object value(org.apache.kafka.connect.data.Schema connect, Schema avro, Object value) {
    if (value == null) {
      return null;
    }
    Schema type = avro.getType() == Schema.Type.UNION ? avro.getTypes().get(1) : avro;
    String logical = connect.name();
    if (Timestamp.LOGICAL_NAME.equals(logical)) {
      return ((java.util.Date) value).toInstant();
    }
    if (Date.LOGICAL_NAME.equals(logical)) {
      return (int) Math.floorDiv(((java.util.Date) value).getTime(), MILLIS_PER_DAY);
    }
    if (Time.LOGICAL_NAME.equals(logical)) {
      return (int) ((java.util.Date) value).getTime();
    }
    if (Decimal.LOGICAL_NAME.equals(logical)) {
      return (BigDecimal) value;
    }
    switch (connect.type()) {
      case STRUCT:
        Struct struct = (Struct) value;
        GenericData.Record record = new GenericData.Record(type);
        for (Field field : connect.fields()) {
          record.put(field.name(), value(field.schema(), type.getField(field.name()).schema(), struct.get(field)));
        }
        return record;
      case INT8:
      case INT16:
        return ((Number) value).intValue();
      case BYTES:
        return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
      case ARRAY:
        List<Object> list = new ArrayList<>();
        for (Object element : (List<?>) value) {
          list.add(value(connect.valueSchema(), type.getElementType(), element));
        }
        return list;
      case MAP:
        Map<String, Object> map = new HashMap<>();
        ((Map<?, ?>) value).forEach((k, v) -> map.put((String) k, value(connect.valueSchema(), type.getValueType(), v)));
        return map;
      default:
        return value;
    }
  }
}
