package dev.lakehouse.connect.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.connect.config.ConfigProblem;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Only Iceberg v2 tables pass: Athena cannot read v3, and v1 lacks the deletes the runbook's repairs use. */
class TableFormatsTest {
  private static final Schema SCHEMA = new Schema(Types.NestedField.required(1, "event_id", Types.StringType.get()));

  private final InMemoryCatalog catalog = new InMemoryCatalog();

  @BeforeEach
  void initialize() {
    catalog.initialize("test", Map.of());
    catalog.createNamespace(Namespace.of("lakehouse"));
  }

  @AfterEach
  void close() throws IOException {
    catalog.close();
  }

  private TableDefinition table(String name, String formatVersion) {
    TableIdentifier id = TableIdentifier.of("lakehouse", name);
    if (formatVersion != null) {
      catalog.buildTable(id, SCHEMA).withProperty("format-version", formatVersion).create();
    }
    return new TableDefinition(id, name, SCHEMA, null, Map.of("format-version", "2"));
  }

  @Test
  void namesEveryExistingTableThatIsNotV2AndSaysWhatToDo() {
    List<TableDefinition> tables = List.of(table("v1", "1"), table("v2", "2"), table("v3", "3"), table("missing", null));

    assertThat(TableFormats.check(catalog, tables)).containsExactly(
        new ConfigProblem("lakehouse.v1", "is an Iceberg v1 table; the lakehouse's tables are v2 (Athena cannot read v3). "
            + "Upgrade it in place (one-way), e.g. in Trino: ALTER TABLE lakehouse.v1 SET PROPERTIES format_version = 2, "
            + "then apply again"),
        new ConfigProblem("lakehouse.v3", "is an Iceberg v3 table; the lakehouse's tables are v2 (Athena cannot read v3). "
            + "Rewrite it into a new v2 table (CREATE TABLE ... AS SELECT with format_version = 2) and rename it into "
            + "place, then apply again"));
  }
}
