package dev.lakehouse.maintenance.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/**
 * Tables with the column names the contracts mark personal ({@code customer_id}, {@code
 * customer_name}, a dead letter's raw {@code record_key} and {@code record_value}), written
 * uncompressed (Parquet data and Avro manifests), so a test can search every object's bytes for an id.
 */
public final class PersonalTables {
  public static final Schema ORDERS = new Schema(
      Types.NestedField.required(1, "event_id", Types.StringType.get()),
      Types.NestedField.required(2, "customer_id", Types.StringType.get()),
      Types.NestedField.optional(3, "customer_name", Types.StringType.get()),
      Types.NestedField.required(4, "event_time", Types.TimestampType.withZone()));
  public static final Schema DEAD_LETTERS = new Schema(
      Types.NestedField.required(1, "source_offset", Types.LongType.get()),
      Types.NestedField.optional(2, "record_key", Types.StringType.get()),
      Types.NestedField.optional(3, "record_value", Types.BinaryType.get()),
      Types.NestedField.required(4, "event_time", Types.TimestampType.withZone()));
  public static final Schema CUSTOMER_DATA_WITHOUT_ID = new Schema(
      Types.NestedField.required(1, "event_id", Types.StringType.get()),
      Types.NestedField.optional(2, "customer_name", Types.StringType.get()),
      Types.NestedField.required(3, "event_time", Types.TimestampType.withZone()));

  private PersonalTables() {}

  public static Table create(Catalog catalog, String namespace, String name, Schema schema) {
    SupportsNamespaces namespaces = (SupportsNamespaces) catalog;
    if (!namespaces.namespaceExists(Namespace.of(namespace))) {
      namespaces.createNamespace(Namespace.of(namespace));
    }
    return catalog.createTable(TableIdentifier.of(namespace, name), schema,
        PartitionSpec.builderFor(schema).hour("event_time").build(),
        Map.of("format-version", "2", "write.parquet.compression-codec", "uncompressed",
            "write.avro.compression-codec", "uncompressed"));
  }

  public static Record order(String eventId, String customerId, Instant time) {
    return GenericRecord.create(ORDERS).copy(Map.of("event_id", eventId, "customer_id", customerId,
        "customer_name", "name-of-" + customerId, "event_time", OffsetDateTime.ofInstant(time, ZoneOffset.UTC)));
  }

  /** {@code count} orders from event {@code first} on, the customers taking turns. */
  public static List<Record> orders(List<String> customers, int first, int count, Instant hour) {
    List<Record> rows = new ArrayList<>();
    for (int i = first; i < first + count; i++) {
      rows.add(order("evt-" + i, customers.get(i % customers.size()), hour.plusSeconds(i)));
    }
    return rows;
  }

  public static Record deadLetter(long offset, String key, byte[] value, Instant time) {
    return GenericRecord.create(DEAD_LETTERS).copy(Map.of("source_offset", offset, "record_key", key,
        "record_value", ByteBuffer.wrap(value), "event_time", OffsetDateTime.ofInstant(time, ZoneOffset.UTC)));
  }

  /** A string as Avro writes it: zig-zag varint length, then UTF-8 (lengths below 64 take one byte). */
  public static byte[] avroString(String text) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    ByteBuffer out = ByteBuffer.allocate(utf8.length + 1).put((byte) (utf8.length * 2)).put(utf8);
    return out.array();
  }

  /** Position deletes of rows {@code positions} of {@code file}, committed as a row delta (as Trino's MERGE does). */
  public static DeleteFile deleteRows(Table table, DataFile file, long... positions) throws IOException {
    PartitionSpec spec = table.specs().get(file.specId());
    PositionDeleteWriter<Record> writer = new GenericFileWriterFactory.Builder(table).build().newPositionDeleteWriter(
        EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(table.locationProvider()
            .newDataLocation(spec, file.partition(), "deletes-" + UUID.randomUUID() + ".parquet"))),
        spec, file.partition());
    try (writer) {
      PositionDelete<Record> delete = PositionDelete.create();
      for (long position : positions) {
        writer.write(delete.set(file.location(), position));
      }
    }
    DeleteFile deletes = writer.toDeleteFile();
    table.newRowDelta().addDeletes(deletes).commit();
    return deletes;
  }

  /** Every row of the table as text (bytes in hex), sorted: equal lists hold the same rows, row for row. */
  public static List<String> rows(Table table) {
    table.refresh();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      return render(records);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static List<String> render(Iterable<Record> records) {
    List<String> rows = new ArrayList<>();
    for (Record record : records) {
      StringBuilder row = new StringBuilder();
      for (int i = 0; i < record.size(); i++) {
        Object value = record.get(i);
        if (value instanceof ByteBuffer bytes) {
          ByteBuffer copy = bytes.duplicate();
          byte[] array = new byte[copy.remaining()];
          copy.get(array);
          value = HexFormat.of().formatHex(array);
        }
        row.append(value).append('|');
      }
      rows.add(row.toString());
    }
    rows.sort(null);
    return rows;
  }

  public static List<String> renderAll(Collection<? extends Iterable<Record>> batches) {
    List<Record> all = new ArrayList<>();
    batches.forEach(batch -> batch.forEach(all::add));
    return render(all);
  }

  /**
   * The files whose bytes hold the token, not followed by a digit (so an id is not found inside a
   * longer id). The tables are written uncompressed, so a value, a statistic or a column bound
   * anywhere in a data file or manifest shows as its plain bytes.
   */
  public static List<Path> filesHolding(List<Path> files, String token) throws IOException {
    byte[] needle = token.getBytes(StandardCharsets.UTF_8);
    List<Path> holding = new ArrayList<>();
    for (Path file : files) {
      byte[] data = Files.readAllBytes(file);
      for (int i = 0; i + needle.length <= data.length; i++) {
        if (java.util.Arrays.equals(data, i, i + needle.length, needle, 0, needle.length)
            && (i + needle.length == data.length || !Character.isDigit(data[i + needle.length]))) {
          holding.add(file);
          break;
        }
      }
    }
    return holding;
  }
}
