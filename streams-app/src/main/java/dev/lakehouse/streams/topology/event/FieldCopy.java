package dev.lakehouse.streams.topology.event;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Copies fields from records of one schema into records of another by position, resolved once by
 * name: {@code "name"} keeps the name, {@code "name:target"} renames.
 */
public final class FieldCopy {
  private final int[] from;
  private final int[] to;

  public FieldCopy(Schema source, Schema target, String... fields) {
    this.from = new int[fields.length];
    this.to = new int[fields.length];
    for (int i = 0; i < fields.length; i++) {
      String[] names = fields[i].split(":", 2);
      from[i] = position(source, names[0]);
      to[i] = position(target, names[names.length - 1]);
    }
  }

  public void copy(GenericRecord source, GenericData.Record target) {
    for (int i = 0; i < from.length; i++) {
      target.put(to[i], source.get(from[i]));
    }
  }

  private static int position(Schema schema, String name) {
    Schema.Field field = schema.getField(name);
    if (field == null) {
      throw new IllegalStateException(schema.getFullName() + " has no field " + name);
    }
    return field.pos();
  }
}
