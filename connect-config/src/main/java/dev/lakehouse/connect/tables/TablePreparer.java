package dev.lakehouse.connect.tables;

import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.types.Types.NestedField;

/**
 * Makes the connector's tables exist before it starts: the sink's own auto-create races when two
 * tasks create one table on a fresh JDBC catalog. Idempotent: an existing table keeps its data, spec
 * and properties and only gains the columns it lacks (added as optional, as Iceberg requires).
 */
public final class TablePreparer {
  /** What happened to one table. */
  public record Outcome(TableDefinition table, Action action, List<String> addedColumns) {
    @Override
    public String toString() {
      return table.identifier() + ": " + switch (action) {
        case CREATED -> "created, partitioned by " + (table.partitionBy() == null ? "nothing" : table.partitionBy());
        case EVOLVED -> "added columns " + addedColumns;
        case UNCHANGED -> "exists, unchanged";
      };
    }
  }

  /** Created, evolved (columns added) or left as it was. */
  public enum Action { CREATED, EVOLVED, UNCHANGED }

  private final Catalog catalog;

  public TablePreparer(Catalog catalog) {
    this.catalog = catalog;
  }

  public List<Outcome> prepare(List<TableDefinition> tables) {
    List<Outcome> outcomes = new ArrayList<>();
    for (TableDefinition table : tables) {
      ensureNamespace(table.identifier().namespace());
      outcomes.add(catalog.tableExists(table.identifier()) ? evolve(table) : create(table));
    }
    return outcomes;
  }

  private void ensureNamespace(Namespace namespace) {
    if (catalog instanceof SupportsNamespaces namespaces && !namespaces.namespaceExists(namespace)) {
      try {
        namespaces.createNamespace(namespace);
      } catch (AlreadyExistsException e) {
        // created concurrently: fine
      }
    }
  }

  private Outcome create(TableDefinition table) {
    PartitionSpec spec = PartitionTerms.toSpec(table.schema(), table.partitionBy());
    try {
      catalog.buildTable(table.identifier(), table.schema())
          .withPartitionSpec(spec)
          .withProperties(table.properties())
          .create();
      return new Outcome(table, Action.CREATED, List.of());
    } catch (AlreadyExistsException e) {
      return evolve(table);
    }
  }

  private Outcome evolve(TableDefinition table) {
    Table existing = catalog.loadTable(table.identifier());
    List<String> added = new ArrayList<>();
    UpdateSchema update = existing.updateSchema();
    for (NestedField field : table.schema().columns()) {
      if (existing.schema().findField(field.name()) == null) {
        update.addColumn(field.name(), field.type(), field.doc());
        added.add(field.name());
      }
    }
    if (added.isEmpty()) {
      return new Outcome(table, Action.UNCHANGED, List.of());
    }
    update.commit();
    return new Outcome(table, Action.EVOLVED, List.copyOf(added));
  }
}
