package dev.lakehouse.maintenance.evolution;

import dev.lakehouse.conventions.PartitionTerms;
import dev.lakehouse.maintenance.config.ConfigException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdatePartitionSpec;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Term;

/**
 * Changes a table's partition spec in place (Iceberg partition evolution: metadata only, no data
 * rewritten), given in the sink's {@code partition-by} syntax ({@link PartitionTerms}): fields the
 * new spec lacks are removed, new ones added. Files already written keep their spec; writers use
 * the new one from their next file; compaction rewrites the old files into it.
 */
public final class PartitionEvolution {
  private static final Pattern WIDTH = Pattern.compile("(\\w+)\\[(\\d+)]");
  private static final int COMMIT_ATTEMPTS = 5;

  /** What changed: the spec before and after, one term per field, and the spec id after. */
  public record Result(String table, List<String> before, List<String> after, int specId, boolean changed) {}

  private PartitionEvolution() {}

  public static Result apply(String name, Table table, String spec, boolean dryRun) {
    List<PartitionTerms.Term> wanted = parse(spec, table.schema());
    List<String> before = current(table);
    List<String> after = wanted.stream().map(PartitionTerms.Term::text).toList();
    if (Set.copyOf(before).equals(Set.copyOf(after))) {
      return new Result(name, before, before, table.spec().specId(), false);
    }
    if (dryRun) {
      return new Result(name, before, after, table.spec().specId(), true);
    }
    commitBesideWriters(table, wanted, after);
    return new Result(name, before, current(table), table.spec().specId(), true);
  }

  /**
   * A spec update, unlike an append, does not retry when another writer (the live sink) committed
   * since the table was read: refresh and apply it again, a few times.
   */
  private static void commitBesideWriters(Table table, List<PartitionTerms.Term> wanted, List<String> after) {
    for (int attempt = 1; ; attempt++) {
      List<String> now = current(table);
      UpdatePartitionSpec update = table.updateSpec();
      for (PartitionField field : table.spec().fields()) {
        if (!after.contains(text(field, table.schema()))) {
          update.removeField(field.name());
        }
      }
      wanted.stream().filter(term -> !now.contains(term.text())).forEach(term -> update.addField(icebergTerm(term)));
      try {
        update.commit();
        table.refresh();
        return;
      } catch (CommitFailedException e) {
        if (attempt == COMMIT_ATTEMPTS) {
          throw e;
        }
        sleep(Duration.ofMillis(200L * attempt));
        table.refresh();
      }
    }
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while retrying the partition spec commit", e);
    }
  }

  /** The table's current spec, one term per field. */
  public static List<String> current(Table table) {
    return table.spec().fields().stream().map(field -> text(field, table.schema())).toList();
  }

  private static List<PartitionTerms.Term> parse(String spec, Schema schema) {
    List<PartitionTerms.Term> terms;
    try {
      terms = PartitionTerms.parse(spec);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
    if (terms.isEmpty()) {
      throw new ConfigException("Cannot use the partition spec '" + spec + "': it has no term (an unpartitioned table "
          + "is not what this command makes)");
    }
    for (PartitionTerms.Term term : terms) {
      if (schema.findField(term.column()) == null) {
        throw new ConfigException("Cannot use the partition spec '" + spec + "': no column '" + term.column()
            + "'; the table's columns: " + schema.columns().stream().map(f -> f.name()).toList());
      }
    }
    return terms;
  }

  private static Term icebergTerm(PartitionTerms.Term term) {
    return switch (term.transform()) {
      case "identity" -> Expressions.ref(term.column());
      case "years" -> Expressions.year(term.column());
      case "months" -> Expressions.month(term.column());
      case "days" -> Expressions.day(term.column());
      case "hours" -> Expressions.hour(term.column());
      case "bucket" -> Expressions.bucket(term.column(), term.width());
      case "truncate" -> Expressions.truncate(term.column(), term.width());
      default -> throw new IllegalStateException("unreachable: transform " + term.transform());
    };
  }

  /** A field of the current spec as the syntax writes it (Iceberg names transforms hour, bucket[16], ...). */
  private static String text(PartitionField field, Schema schema) {
    String column = schema.findColumnName(field.sourceId());
    String transform = field.transform().toString();
    Matcher width = WIDTH.matcher(transform);
    PartitionTerms.Term term = switch (transform) {
      case "identity" -> new PartitionTerms.Term("identity", column, 0);
      case "year", "month", "day", "hour" -> new PartitionTerms.Term(transform + "s", column, 0);
      default -> width.matches() ? new PartitionTerms.Term(width.group(1), column, Integer.parseInt(width.group(2)))
          : new PartitionTerms.Term(transform, column, 0);
    };
    return term.text();
  }
}
