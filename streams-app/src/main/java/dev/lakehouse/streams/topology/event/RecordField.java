package dev.lakehouse.streams.topology.event;

import java.util.Arrays;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * A field of Avro records read and written by position, the position resolved by name once per
 * schema: a lookup by name hashes the name in the schema's field map, and the topology reads and
 * writes a dozen fields of every event (a JFR profile put 7 % of the stream threads' time there).
 * Safe for every stream thread: the schemas seen so far are kept in an array replaced whole.
 */
public final class RecordField {
  /** More schemas than the contracts a field appears in means new schema objects keep coming: read those by name. */
  private static final int MAX_SCHEMAS = 8;

  private record Position(Schema schema, int pos) {}

  private final String name;
  private volatile Position[] known = new Position[0];

  public RecordField(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  /** The field's value in {@code record}; fails as {@link GenericRecord#get(String)} does when it has no such field. */
  public Object in(GenericRecord record) {
    return record.get(position(record.getSchema()));
  }

  public void put(GenericData.Record record, Object value) {
    record.put(position(record.getSchema()), value);
  }

  private int position(Schema schema) {
    Position[] positions = known;
    for (Position position : positions) {
      if (position.schema() == schema) { // identity: Schema.equals compares whole schemas
        return position.pos();
      }
    }
    Schema.Field field = schema.getField(name);
    if (field == null) {
      throw new AvroRuntimeException("Not a valid schema field: " + name + " (" + schema.getFullName() + ")");
    }
    if (positions.length < MAX_SCHEMAS) {
      // two threads adding at once may lose one entry: that schema is then resolved again next time
      Position[] more = Arrays.copyOf(positions, positions.length + 1);
      more[positions.length] = new Position(schema, field.pos());
      known = more;
    }
    return field.pos();
  }
}
