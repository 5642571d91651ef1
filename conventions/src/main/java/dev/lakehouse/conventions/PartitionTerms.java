package dev.lakehouse.conventions;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one partition spec syntax of the project: the Iceberg sink's {@code partition-by}
 * ({@code hours(event_time)}, {@code bucket(id, 16)}, a bare column for identity, comma-separated;
 * {@code year/month/day/hour} read as their plural). connect-config builds the tables' specs from it,
 * the maintenance job's {@code partition-spec} evolves them with it; each maps the terms to Iceberg.
 */
public final class PartitionTerms {
  private static final Pattern TERM = Pattern.compile("(\\w+)\\((.+)\\)");
  private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
  private static final String SEPARATOR = ",(?![^()]*+\\))";

  /** One term of a spec: transform {@code identity, years, months, days, hours, bucket, truncate}; width for the last two. */
  public record Term(String transform, String column, int width) {
    /** The term as the syntax writes it. */
    public String text() {
      return switch (transform) {
        case "identity" -> column;
        case "bucket", "truncate" -> transform + "(" + column + ", " + width + ")";
        default -> transform + "(" + column + ")";
      };
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
}
