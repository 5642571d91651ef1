package dev.lakehouse.maintenance.evolution;

import dev.lakehouse.maintenance.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Term;

/**
 * A partition spec as people write it, e.g. {@code day(event_time), bucket(16, merchant_id)}: the
 * column alone (identity), {@code year|month|day|hour(column)}, {@code bucket(n, column)},
 * {@code truncate(n, column)}; and the same text for a table's current spec fields.
 */
public final class PartitionTerms {
  private static final Pattern TERM = Pattern.compile("(?:(\\w+)\\(\\s*(?:(\\d+)\\s*,\\s*)?(\\w+)\\s*\\)|(\\w+))");

  /** One field of a spec: its text (the comparison key) and the Iceberg term. */
  public record PartitionTerm(String text, Term term) {}

  private PartitionTerms() {}

  public static List<PartitionTerm> parse(String spec, Schema schema) {
    List<PartitionTerm> terms = new ArrayList<>();
    for (String part : spec.split(",(?![^(]*\\))")) {
      String text = part.strip();
      Matcher m = TERM.matcher(text);
      if (text.isEmpty() || !m.matches()) {
        throw invalid(spec, "'" + text + "' is not a column or transform(column)");
      }
      String column = m.group(4) != null ? m.group(4) : m.group(3);
      if (schema.findField(column) == null) {
        throw invalid(spec, "no column '" + column + "'; the table's columns: "
            + schema.columns().stream().map(f -> f.name()).toList());
      }
      terms.add(term(spec, m.group(1), m.group(2), column));
    }
    return terms;
  }

  private static PartitionTerm term(String spec, String transform, String width, String column) {
    if (transform == null) {
      return new PartitionTerm(column, Expressions.ref(column));
    }
    String name = transform.toLowerCase(Locale.ROOT);
    boolean takesWidth = name.equals("bucket") || name.equals("truncate");
    if (takesWidth != (width != null)) {
      throw invalid(spec, takesWidth ? name + " needs a width: " + name + "(n, " + column + ")"
          : name + " takes the column only: " + name + "(" + column + ")");
    }
    Term term = switch (name) {
      case "year" -> Expressions.year(column);
      case "month" -> Expressions.month(column);
      case "day" -> Expressions.day(column);
      case "hour" -> Expressions.hour(column);
      case "bucket" -> Expressions.bucket(column, Integer.parseInt(width));
      case "truncate" -> Expressions.truncate(column, Integer.parseInt(width));
      default -> throw invalid(spec, "unknown transform '" + transform + "'; use year, month, day, hour, bucket or truncate");
    };
    return new PartitionTerm(name + "(" + (width == null ? "" : width + ", ") + column + ")", term);
  }

  /** A current spec field in the same text as {@link #parse} gives. */
  public static String text(PartitionField field, Schema schema) {
    String column = schema.findColumnName(field.sourceId());
    String transform = field.transform().toString();  // identity, day, bucket[16], truncate[4], void
    if (transform.equals("identity")) {
      return column;
    }
    Matcher width = Pattern.compile("(\\w+)\\[(\\d+)]").matcher(transform);
    return width.matches() ? width.group(1) + "(" + width.group(2) + ", " + column + ")" : transform + "(" + column + ")";
  }

  private static ConfigException invalid(String spec, String reason) {
    return new ConfigException("Cannot use the partition spec '" + spec + "': " + reason);
  }
}
