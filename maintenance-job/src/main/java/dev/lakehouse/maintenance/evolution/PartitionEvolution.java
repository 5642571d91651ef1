package dev.lakehouse.maintenance.evolution;

import dev.lakehouse.maintenance.evolution.PartitionTerms.PartitionTerm;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdatePartitionSpec;

/**
 * Changes a table's partition spec in place (Iceberg partition evolution: metadata only, no data
 * rewritten): fields the new spec lacks are removed, new ones added. Files already written keep
 * their spec; writers use the new one from their next file; compaction rewrites the old files
 * into it.
 */
public final class PartitionEvolution {
  /** What changed: the spec before and after, as text, and the new spec id (the old one when nothing changed). */
  public record Result(String table, List<String> before, List<String> after, int specId, boolean changed) {}

  private PartitionEvolution() {}

  public static Result apply(String name, Table table, String spec, boolean dryRun) {
    List<PartitionTerm> wanted = PartitionTerms.parse(spec, table.schema());
    List<String> before = current(table);
    Set<String> wantedTexts = wanted.stream().map(PartitionTerm::text).collect(Collectors.toSet());
    List<String> after = wanted.stream().map(PartitionTerm::text).toList();
    if (Set.copyOf(before).equals(wantedTexts)) {
      return new Result(name, before, before, table.spec().specId(), false);
    }
    if (dryRun) {
      return new Result(name, before, after, table.spec().specId(), true);
    }
    UpdatePartitionSpec update = table.updateSpec();
    for (PartitionField field : table.spec().fields()) {
      if (!wantedTexts.contains(PartitionTerms.text(field, table.schema()))) {
        update.removeField(field.name());
      }
    }
    wanted.stream().filter(term -> !before.contains(term.text())).forEach(term -> update.addField(term.term()));
    update.commit();
    table.refresh();
    return new Result(name, before, current(table), table.spec().specId(), true);
  }

  /** The table's current spec, one text per field ({@link PartitionTerms#text}). */
  public static List<String> current(Table table) {
    return table.spec().fields().stream().map(field -> PartitionTerms.text(field, table.schema())).toList();
  }
}
