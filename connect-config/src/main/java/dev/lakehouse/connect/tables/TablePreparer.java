package dev.lakehouse.connect.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.types.Types.NestedField;

/**
 * Makes the connector's tables exist before it starts: the sink's own auto-create races when two
 * tasks create one table on a fresh JDBC catalog. Idempotent: an existing table keeps its data and
 * spec, gains the columns it lacks (added as optional, as Iceberg requires) and takes the table
 * properties the config declares (so a changed commit retry count reaches tables created earlier),
 * in one commit. Reserved properties such as {@code format-version} are never changed on an existing
 * table: an upgrade is one-way and is an operator's decision.
 */
public final class TablePreparer {
  /** What happened to one table. */
  public record Outcome(TableDefinition table, Action action, List<String> addedColumns, Map<String, String> setProperties) {
    @Override
    public String toString() {
      return table.identifier() + ": " + switch (action) {
        case CREATED -> "created, partitioned by " + (table.partitionBy() == null ? "nothing" : table.partitionBy());
        case EVOLVED -> evolution();
        case UNCHANGED -> "exists, unchanged";
      };
    }

    private String evolution() {
      List<String> changes = new ArrayList<>();
      if (!addedColumns.isEmpty()) {
        changes.add("added columns " + addedColumns);
      }
      if (!setProperties.isEmpty()) {
        changes.add("set properties " + setProperties);
      }
      return String.join("; ", changes);
    }
  }

  /** Created, evolved (columns added or properties set) or left as it was. */
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
      } catch (RuntimeException e) {
        throw new IllegalStateException("Cannot create the namespace " + namespace + " (" + e.getMessage()
            + "): create it once with your infrastructure code (on AWS: aws glue create-database --database-input Name="
            + namespace + "); the connector's role may not create databases", e);
      }
    }
  }

  private Outcome create(TableDefinition table) {
    PartitionSpec spec = PartitionSpecs.toSpec(table.schema(), table.partitionBy());
    try {
      catalog.buildTable(table.identifier(), table.schema())
          .withPartitionSpec(spec)
          .withProperties(table.properties())
          .create();
      return new Outcome(table, Action.CREATED, List.of(), Map.of());
    } catch (AlreadyExistsException e) {
      return evolve(table);
    }
  }

  private Outcome evolve(TableDefinition table) {
    Table existing = catalog.loadTable(table.identifier());
    List<String> added = new ArrayList<>();
    for (NestedField field : table.schema().columns()) {
      if (existing.schema().findField(field.name()) == null) {
        added.add(field.name());
      }
    }
    Map<String, String> changed = new TreeMap<>();
    table.properties().forEach((key, value) -> {
      if (!TableProperties.RESERVED_PROPERTIES.contains(key) && !Objects.equals(existing.properties().get(key), value)) {
        changed.put(key, value);
      }
    });
    if (added.isEmpty() && changed.isEmpty()) {
      return new Outcome(table, Action.UNCHANGED, List.of(), Map.of());
    }
    Transaction transaction = existing.newTransaction();
    if (!added.isEmpty()) {
      UpdateSchema update = transaction.updateSchema();
      added.forEach(name -> {
        NestedField field = table.schema().findField(name);
        update.addColumn(field.name(), field.type(), field.doc());
      });
      update.commit();
    }
    if (!changed.isEmpty()) {
      UpdateProperties update = transaction.updateProperties();
      changed.forEach(update::set);
      update.commit();
    }
    transaction.commitTransaction();
    return new Outcome(table, Action.EVOLVED, List.copyOf(added), Map.copyOf(changed));
  }
}
