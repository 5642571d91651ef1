package dev.lakehouse.maintenance.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Reads one table's live snapshot for the two ways exactly-once breaks in a table: a data file
 * registered twice (the sink committing a file again after a rebalance), and two live rows with the
 * same {@link ResultKeys} (a result landed twice). Read-only.
 */
public final class TableAudit {
  /** How many duplicated keys a finding lists (the count is always complete). */
  static final int EXAMPLES = 5;

  private TableAudit() {}

  /**
   * @param keyColumns the columns naming one result, or empty to check the files only
   */
  public static TableAuditResult audit(String name, Table table, Optional<List<String>> keyColumns) {
    return audit(name, table, keyColumns, Optional.empty());
  }

  /**
   * @param tally also counts every live row into the ledger's rows (a table the ledger counts has key columns)
   */
  static TableAuditResult audit(String name, Table table, Optional<List<String>> keyColumns, Optional<LedgerTally> tally) {
    Snapshot current = table.currentSnapshot();
    if (current == null) {
      return new TableAuditResult(name, 0, 0, List.of(), keyColumns.orElse(List.of()), 0, List.of());
    }
    Map<String, Integer> files = liveDataFiles(table, current);
    List<String> duplicateFiles = files.entrySet().stream().filter(e -> e.getValue() > 1)
        .map(e -> e.getKey() + " (" + e.getValue() + " times)").sorted().toList();
    long fileCount = files.values().stream().mapToLong(Integer::longValue).sum();
    if (keyColumns.isEmpty()) {
      return new TableAuditResult(name, fileCount, -1, duplicateFiles, List.of(), 0, List.of());
    }
    Map<List<Object>, Integer> keys = new HashMap<>();
    long rows = 0;
    Set<String> columns = new LinkedHashSet<>(keyColumns.get());
    // a tally's columns the table lacks (added to its contract later) read as null
    tally.ifPresent(t -> t.columns().stream().filter(c -> table.schema().findField(c) != null).forEach(columns::add));
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).select(columns).build()) {
      for (Record record : records) {
        tally.ifPresent(t -> t.add(record));
        List<Object> key = new ArrayList<>(keyColumns.get().size());
        keyColumns.get().forEach(column -> key.add(record.getField(column)));
        keys.merge(key, 1, Integer::sum);
        rows++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + name + ": " + e.getMessage(), e);
    }
    List<Map.Entry<List<Object>, Integer>> duplicated = keys.entrySet().stream().filter(e -> e.getValue() > 1).toList();
    List<String> examples = duplicated.stream().map(e -> e.getKey() + " x" + e.getValue()).sorted().limit(EXAMPLES).toList();
    return new TableAuditResult(name, fileCount, rows, duplicateFiles, keyColumns.get(), duplicated.size(), examples);
  }

  /** Path of every live data file in the snapshot's manifests, with how often it is registered. */
  private static Map<String, Integer> liveDataFiles(Table table, Snapshot snapshot) {
    Map<String, Integer> files = new HashMap<>();
    for (ManifestFile manifest : snapshot.dataManifests(table.io())) {
      try (ManifestReader<DataFile> reader = ManifestFiles.read(manifest, table.io(), table.specs())) {
        for (DataFile file : reader) {
          files.merge(file.location(), 1, Integer::sum);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read a manifest of " + table.name() + ": " + e.getMessage(), e);
      }
    }
    return files;
  }
}
