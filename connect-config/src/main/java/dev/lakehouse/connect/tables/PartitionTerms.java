package dev.lakehouse.connect.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;

/**
 * The sink's {@code partition-by} syntax ({@code hours(event_time)}, {@code bucket(id, 16)}, a bare
 * column for identity, comma-separated), read the way the sink reads it when it creates a table, so
 * the tables created here get the spec the sink would give them.
 */
public final class PartitionTerms {
  private static final Pattern TERM = Pattern.compile("(\\w+)\\((.+)\\)");
  private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
  private static final String SEPARATOR = ",(?![^()]*+\\))";

  /** One term of a spec. */
  public record Term(String transform, String column, int width) {
    void addTo(PartitionSpec.Builder builder) {
      switch (transform) {
        case "identity" -> builder.identity(column);
        case "years" -> builder.year(column);
        case "months" -> builder.month(column);
        case "days" -> builder.day(column);
        case "hours" -> builder.hour(column);
        case "bucket" -> builder.bucket(column, width);
        case "truncate" -> builder.truncate(column, width);
        default -> throw new IllegalStateException("unreachable: transform " + transform);
      }
    }
  }

  private PartitionTerms() {}

  public static List<Term> parse(String spec) {
    List<Term> terms = new ArrayList<>();
    if (spec == null || spec.isBlank()) {
      return terms;
    }
    for (String raw : spec.split(SEPARATOR)) {
      terms.add(term(raw.trim(), spec));
    }
    return terms;
  }

  private static Term term(String text, String spec) {
    Matcher matcher = TERM.matcher(text);
    if (!matcher.matches()) {
      return new Term("identity", column(text, spec), 0);
    }
    String argument = matcher.group(2).trim();
    switch (matcher.group(1)) {
      case "year", "years":
        return new Term("years", column(argument, spec), 0);
      case "month", "months":
        return new Term("months", column(argument, spec), 0);
      case "day", "days":
        return new Term("days", column(argument, spec), 0);
      case "hour", "hours":
        return new Term("hours", column(argument, spec), 0);
      case "bucket", "truncate":
        String[] parts = argument.split(",");
        if (parts.length != 2 || !parts[1].trim().matches("[1-9][0-9]*")) {
          throw new IllegalArgumentException("Cannot parse partition term '" + text + "' of '" + spec + "': "
              + matcher.group(1) + " takes (column, width), e.g. " + matcher.group(1) + "(id, 16)");
        }
        return new Term(matcher.group(1), column(parts[0].trim(), spec), Integer.parseInt(parts[1].trim()));
      default:
        throw new IllegalArgumentException("Cannot parse partition term '" + text + "' of '" + spec
            + "': unknown transform '" + matcher.group(1) + "'; use years, months, days, hours, bucket, truncate "
            + "or a bare column");
    }
  }

  private static String column(String text, String spec) {
    if (!COLUMN.matcher(text).matches()) {
      throw new IllegalArgumentException("Cannot parse partition term '" + text + "' of '" + spec + "': not a column name");
    }
    return text;
  }

  /** The spec for a schema; fails naming the column when the schema lacks it or its type does not fit. */
  public static PartitionSpec toSpec(Schema schema, String spec) {
    PartitionSpec.Builder builder = PartitionSpec.builderFor(schema);
    for (Term term : parse(spec)) {
      try {
        term.addTo(builder);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("Cannot partition by '" + spec + "': " + e.getMessage(), e);
      }
    }
    return builder.build();
  }
}
