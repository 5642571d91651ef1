package dev.lakehouse.connect.tables;

import dev.lakehouse.connect.config.ConfigProblem;
import dev.lakehouse.connect.config.SinkConfigCheck;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;

/**
 * The connector's existing tables must be Iceberg v2: Athena (engine v3) reads v1 and v2 tables but
 * not v3, and the runbook's repairs (Athena's {@code DELETE}) and the erasure need v2. A table of
 * another version is named with what to do; nothing is changed (an upgrade is one-way, a downgrade
 * a rewrite: the operator's call).
 */
public final class TableFormats {
  private TableFormats() {}

  public static List<ConfigProblem> check(Catalog catalog, List<TableDefinition> tables) {
    List<ConfigProblem> problems = new ArrayList<>();
    for (TableDefinition definition : tables) {
      if (!catalog.tableExists(definition.identifier())) {
        continue;
      }
      Table table = catalog.loadTable(definition.identifier());
      int version = ((HasTableOperations) table).operations().current().formatVersion();
      if (version != SinkConfigCheck.TABLE_FORMAT_VERSION) {
        problems.add(new ConfigProblem(definition.identifier().toString(), "is an Iceberg v" + version + " table; the "
            + "lakehouse's tables are v" + SinkConfigCheck.TABLE_FORMAT_VERSION + " (Athena cannot read v3). "
            + (version < SinkConfigCheck.TABLE_FORMAT_VERSION
                ? "Upgrade it in place (one-way), e.g. in Trino: ALTER TABLE " + definition.identifier()
                    + " SET PROPERTIES format_version = " + SinkConfigCheck.TABLE_FORMAT_VERSION
                : "Rewrite it into a new v" + SinkConfigCheck.TABLE_FORMAT_VERSION
                    + " table (CREATE TABLE ... AS SELECT with format_version = 2) and rename it into place")
            + ", then apply again"));
      }
    }
    return problems;
  }
}
