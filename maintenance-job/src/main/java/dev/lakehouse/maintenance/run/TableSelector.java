package dev.lakehouse.maintenance.run;

import dev.lakehouse.maintenance.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Resolves table patterns ({@code lakehouse.*}, {@code lakehouse.orders_enriched}) to the tables
 * of the catalog. A pattern without a wildcard must name an existing table.
 */
public final class TableSelector {
  private TableSelector() {}

  public static List<TableIdentifier> select(Catalog catalog, List<String> patterns) {
    TreeSet<String> selected = new TreeSet<>();
    for (String pattern : patterns) {
      int dot = pattern.lastIndexOf('.');
      if (dot <= 0 || dot == pattern.length() - 1) {
        throw new ConfigException("Cannot select tables with '" + pattern
            + "': write namespace.table, e.g. lakehouse.orders_enriched or lakehouse.*");
      }
      Namespace namespace = Namespace.of(pattern.substring(0, dot).split("\\."));
      String tablePattern = pattern.substring(dot + 1);
      if (!tablePattern.contains("*")) {
        TableIdentifier id = TableIdentifier.of(namespace, tablePattern);
        if (!catalog.tableExists(id)) {
          throw new ConfigException("Cannot maintain table " + id + ": it does not exist in catalog '"
              + catalog.name() + "' (check the name, or list tables with a pattern like "
              + namespace + ".*)");
        }
        selected.add(id.toString());
        continue;
      }
      Pattern regex = Pattern.compile(("\\Q" + tablePattern + "\\E").replace("*", "\\E.*\\Q"));
      List<TableIdentifier> tables;
      try {
        tables = catalog.listTables(namespace);
      } catch (RuntimeException e) {
        throw new ConfigException("Cannot list tables of namespace " + namespace + " in catalog '"
            + catalog.name() + "': " + e.getMessage(), e);
      }
      tables.stream().filter(t -> regex.matcher(t.name()).matches()).forEach(t -> selected.add(t.toString()));
    }
    List<TableIdentifier> result = new ArrayList<>();
    selected.forEach(name -> result.add(TableIdentifier.parse(name)));
    return result;
  }
}
