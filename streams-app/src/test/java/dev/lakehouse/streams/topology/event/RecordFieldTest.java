package dev.lakehouse.streams.topology.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

class RecordFieldTest {
  private static final Schema ID_FIRST = SchemaBuilder.record("IdFirst").fields()
      .requiredString("id").requiredString("name").endRecord();
  private static final Schema ID_LAST = SchemaBuilder.record("IdLast").fields()
      .requiredString("name").requiredString("other").requiredString("id").endRecord();

  private final RecordField id = new RecordField("id");

  @Test
  void readsEachSchemaAtItsOwnPosition() {
    GenericData.Record first = record(ID_FIRST, "a", "first");
    GenericData.Record last = record(ID_LAST, "last", "x", "b");

    // alternating, so a position kept for one schema must never be used for the other
    for (int i = 0; i < 3; i++) {
      assertThat(id.in(first)).isEqualTo("a");
      assertThat(id.in(last)).isEqualTo("b");
    }
  }

  @Test
  void writesAtTheFieldsPosition() {
    GenericData.Record last = record(ID_LAST, "last", "x", "b");

    id.put(last, "c");

    assertThat(last.get("id")).isEqualTo("c");
    assertThat(last.get("name")).isEqualTo("last");
  }

  @Test
  void readsByNameBeyondTheSchemasItKeeps() {
    // equal schemas, distinct objects: positions are kept by identity, so each one is new to the field
    IntStream.range(0, 20).forEach(i -> {
      Schema copy = new Schema.Parser().parse(ID_LAST.toString());
      assertThat(id.in(record(copy, "n", "o", "id-" + i))).isEqualTo("id-" + i);
    });
  }

  @Test
  void namesTheFieldAndSchemaWhenTheRecordHasNoSuchField() {
    Schema other = SchemaBuilder.record("NoId").fields().requiredString("name").endRecord();

    assertThatThrownBy(() -> id.in(record(other, "x")))
        .isInstanceOf(AvroRuntimeException.class)
        .hasMessageContaining("id").hasMessageContaining("NoId");
  }

  private static GenericData.Record record(Schema schema, Object... values) {
    GenericData.Record record = new GenericData.Record(schema);
    for (int i = 0; i < values.length; i++) {
      record.put(i, values[i]);
    }
    return record;
  }
}
