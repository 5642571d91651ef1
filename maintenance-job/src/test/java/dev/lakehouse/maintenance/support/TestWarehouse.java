package dev.lakehouse.maintenance.support;

import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.WarehouseLayout;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real object store (s3proxy over the S3 API) and a real JDBC catalog on SQLite, as the local
 * stack runs them and laid out as its {@link WarehouseLayout} (so the local Trino can read them too),
 * plus helpers that write small files the way a streaming sink does. One per test class:
 * {@code @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();}
 */
public final class TestWarehouse implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
  public static final String NAMESPACE = LocalCatalog.NAMESPACE.toString();
  public static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "payload", Types.StringType.get()),
      Types.NestedField.required(3, "event_time", Types.TimestampType.withZone()));

  // set when started: by start(dir), or before a test class's tests when registered as its extension
  private Path dir;
  private EmbeddedS3 s3;
  private Catalog catalog;
  private final List<Catalog> opened = new java.util.concurrent.CopyOnWriteArrayList<>();

  private TestWarehouse() {}

  public static TestWarehouse start(Path dir) throws Exception {
    TestWarehouse warehouse = new TestWarehouse();
    warehouse.open(dir);
    return warehouse;
  }

  /** Started before the test class's first test in a folder of its own; closed and deleted after its last. */
  public static TestWarehouse perTestClass() {
    return new TestWarehouse();
  }

  private void open(Path folder) throws Exception {
    WarehouseLayout layout = new WarehouseLayout(folder);
    dir = folder;
    s3 = EmbeddedS3.start(layout.s3Dir(), 0);
    LocalCatalog.initialize(layout.catalogFile(), s3.endpoint());
    catalog = LocalCatalog.open(layout.catalogFile(), s3.endpoint());
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    open(Files.createTempDirectory("test-warehouse-"));
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    close();
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  public Catalog catalog() {
    return catalog;
  }

  public Path dir() {
    return dir;
  }

  public int s3Port() {
    return URI.create(s3.endpoint()).getPort();
  }

  public Map<String, String> catalogProperties() {
    return LocalCatalog.properties(new WarehouseLayout(dir).catalogFile(), s3.endpoint());
  }

  /** A new catalog instance on the same store, as a second process would have. */
  public Catalog newCatalog() {
    Catalog another = LocalCatalog.open(new WarehouseLayout(dir).catalogFile(), s3.endpoint());
    opened.add(another);
    return another;
  }

  public Table createEventsTable(String name) {
    return catalog.createTable(TableIdentifier.of(NAMESPACE, name), SCHEMA,
        PartitionSpec.builderFor(SCHEMA).hour("event_time").build(), Map.of("format-version", "2"));
  }

  /** Where s3proxy keeps an object on disk (its filesystem backend), to age or corrupt it. */
  public Path objectPath(String location) {
    String key = location.substring(("s3://" + EmbeddedS3.BUCKET + "/").length());
    return new WarehouseLayout(dir).s3Dir().resolve(EmbeddedS3.BUCKET).resolve(key);
  }

  public List<Path> objectsUnder(String location) throws IOException {
    Path root = objectPath(location);
    if (!Files.exists(root)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).collect(Collectors.toList());
    }
  }

  /** Rows with ids [firstId, firstId + count) in the given hour, payloads of about 100 bytes. */
  public static List<Record> rows(long firstId, int count, Instant hour) {
    List<Record> rows = new ArrayList<>(count);
    GenericRecord template = GenericRecord.create(SCHEMA);
    for (int i = 0; i < count; i++) {
      long id = firstId + i;
      OffsetDateTime time = OffsetDateTime.ofInstant(hour.plusMillis((id * 7919) % 3_600_000L), ZoneOffset.UTC);
      rows.add(template.copy(Map.of("id", id, "payload", payload(id), "event_time", time)));
    }
    return rows;
  }

  static String payload(long id) {
    StringBuilder out = new StringBuilder(100);
    long x = id * 6364136223846793005L + 1442695040888963407L;
    while (out.length() < 100) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
      out.append(Long.toString(x & Long.MAX_VALUE, 36));
    }
    return out.substring(0, 100);
  }

  /** Writes one Parquet data file holding the rows (all in one hour partition). */
  public static DataFile writeFile(Table table, List<Record> rows) throws IOException {
    PartitionKey partition = new PartitionKey(table.spec(), table.schema());
    partition.partition(new InternalRecordWrapper(table.schema().asStruct()).wrap(rows.get(0)));
    OutputFile out = table.io().newOutputFile(table.locationProvider()
        .newDataLocation(table.spec(), partition, "sink-" + UUID.randomUUID() + ".parquet"));
    DataWriter<Record> writer = new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build()
        .newDataWriter(EncryptedFiles.plainAsEncryptedOutput(out), table.spec(), partition);
    try (writer) {
      rows.forEach(writer::write);
    }
    return writer.toDataFile();
  }

  /** Writes the rows to one data file and appends it in a commit of its own; returns the file. */
  public static DataFile appendRows(Table table, List<Record> rows) throws IOException {
    DataFile file = writeFile(table, rows);
    append(table, List.of(file), Map.of());
    return file;
  }

  /** Appends files in one commit with the given snapshot summary entries, as the sink's coordinator does. */
  public static void append(Table table, List<DataFile> files, Map<String, String> summary) {
    AppendFiles append = table.newFastAppend();
    files.forEach(append::appendFile);
    summary.forEach(append::set);
    append.commit();
  }

  @Override
  public void close() throws Exception {
    opened.add(catalog);
    for (Catalog c : opened) {
      if (c instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
    s3.close();
  }
}
