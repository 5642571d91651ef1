package dev.lakehouse.connect.config;

import dev.lakehouse.conventions.PartitionTerms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The checks Connect's validate endpoint does not make for the Iceberg sink: it ignores keys it
 * does not define (a misspelt key silently falls back to a default), and the sink checks its catalog
 * and routing only when a task starts. Found here, they are reported like the worker's own errors.
 */
public final class SinkConfigCheck {
  public static final String TABLES = "iceberg.tables";
  public static final String ROUTE_FIELD = "iceberg.tables.route-field";
  public static final String TABLE_PREFIX = "iceberg.table.";
  public static final String ROUTE_REGEX = "route-regex";
  public static final String PARTITION_BY = "partition-by";
  public static final String FORMAT_VERSION = "iceberg.tables.auto-create-props.format-version";
  /** The Iceberg table format every table of the lakehouse has: Athena (engine v3) cannot read v3 tables. */
  public static final int TABLE_FORMAT_VERSION = 2;
  static final String CATALOG_IMPL = "iceberg.catalog.catalog-impl";
  static final String CATALOG_TYPE = "iceberg.catalog.type";
  /** Prefixes whose keys go to a catalog, a client, a converter or a transform, not to the sink's ConfigDef. */
  static final List<String> PASS_THROUGH_PREFIXES =
      List.of("iceberg.catalog.", "iceberg.hadoop.", "iceberg.kafka.", "iceberg.tables.write-props.",
          "iceberg.tables.auto-create-props.", "consumer.override.", "producer.override.", "admin.override.",
          "key.converter.", "value.converter.", "header.converter.", "transforms.", "predicates.");
  static final Set<String> TABLE_PROPERTIES = Set.of(ROUTE_REGEX, PARTITION_BY, "id-columns", "commit-branch");

  private SinkConfigCheck() {}

  /**
   * @param definedKeys the keys the worker's validate answer defines for this connector (with its
   *     transforms and converters); empty to skip the unknown-key check
   */
  public static List<ConfigProblem> check(Map<String, String> config, Set<String> definedKeys) {
    List<ConfigProblem> problems = new ArrayList<>();
    List<String> tables = tables(config);
    if (!config.containsKey(CATALOG_IMPL) && !config.containsKey(CATALOG_TYPE)) {
      problems.add(new ConfigProblem(CATALOG_IMPL, "no Iceberg catalog is configured: set " + CATALOG_IMPL
          + " (or " + CATALOG_TYPE + ") and the catalog's properties under iceberg.catalog.*"));
    }
    for (String key : config.keySet()) {
      if (key.startsWith(TABLE_PREFIX)) {
        tableKeyProblem(key, config.get(key), tables).ifPresent(problems::add);
      } else if (!definedKeys.isEmpty() && !key.equals("name") && !definedKeys.contains(key)
          && PASS_THROUGH_PREFIXES.stream().noneMatch(key::startsWith)) {
        problems.add(new ConfigProblem(key, "the connector does not define this key, so it would be ignored"
            + closest(key, definedKeys).map(k -> "; did you mean '" + k + "'?").orElse("")));
      }
    }
    if (config.containsKey(ROUTE_FIELD)) {
      problems.addAll(routingProblems(config, tables));
    }
    formatVersionProblem(config.get(FORMAT_VERSION)).ifPresent(problems::add);
    return problems;
  }

  /** New tables must be created as Iceberg v2, said explicitly: Iceberg's own default may move to v3. */
  private static Optional<ConfigProblem> formatVersionProblem(String declared) {
    if (String.valueOf(TABLE_FORMAT_VERSION).equals(declared)) {
      return Optional.empty();
    }
    return Optional.of(new ConfigProblem(FORMAT_VERSION, (declared == null ? "missing" : "is " + declared)
        + ": set it to " + TABLE_FORMAT_VERSION + ". The tables must be Iceberg v" + TABLE_FORMAT_VERSION
        + ": Athena (engine v3) cannot read v3 tables, and Iceberg's default format may change with its version"));
  }

  public static List<String> tables(Map<String, String> config) {
    String tables = config.getOrDefault(TABLES, "");
    return Arrays.stream(tables.split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
  }

  public static String tableKey(String table, String property) {
    return TABLE_PREFIX + table + "." + property;
  }

  private static Optional<ConfigProblem> tableKeyProblem(String key, String value, List<String> tables) {
    Optional<String> table = tables.stream()
        .filter(t -> key.startsWith(TABLE_PREFIX + t + "."))
        .max(Comparator.comparingInt(String::length));
    if (table.isEmpty()) {
      return Optional.of(new ConfigProblem(key, "names no table of " + TABLES + " " + tables));
    }
    String property = key.substring((TABLE_PREFIX + table.get() + ".").length());
    if (!TABLE_PROPERTIES.contains(property)) {
      return Optional.of(new ConfigProblem(key, "unknown table property '" + property + "'; known: "
          + TABLE_PROPERTIES.stream().sorted().toList()));
    }
    if (property.equals(PARTITION_BY)) {
      try {
        PartitionTerms.parse(value);
      } catch (IllegalArgumentException e) {
        return Optional.of(new ConfigProblem(key, e.getMessage()));
      }
    }
    if (property.equals(ROUTE_REGEX)) {
      try {
        Pattern.compile(value);
      } catch (PatternSyntaxException e) {
        return Optional.of(new ConfigProblem(key, "not a regular expression: " + e.getDescription()));
      }
    }
    return Optional.empty();
  }

  private static List<ConfigProblem> routingProblems(Map<String, String> config, List<String> tables) {
    List<ConfigProblem> problems = new ArrayList<>();
    List<Pattern> routes = new ArrayList<>();
    for (String table : tables) {
      String regex = config.get(tableKey(table, ROUTE_REGEX));
      if (regex == null) {
        problems.add(new ConfigProblem(tableKey(table, ROUTE_REGEX),
            "missing: with " + ROUTE_FIELD + " set, table " + table + " receives only records whose route value matches it"));
      } else {
        try {
          routes.add(Pattern.compile(regex));
        } catch (PatternSyntaxException e) {
          // reported with the key above
        }
      }
    }
    String topics = config.getOrDefault("topics", "");
    for (String topic : topics.split(",")) {
      String name = topic.trim();
      if (!name.isEmpty() && routes.stream().noneMatch(p -> p.matcher(name).matches())) {
        problems.add(new ConfigProblem("topics", "topic '" + name + "' matches no " + TABLE_PREFIX + "<table>."
            + ROUTE_REGEX + ", so the sink would drop its records"));
      }
    }
    return problems;
  }

  static Optional<String> closest(String key, Set<String> candidates) {
    return candidates.stream()
        .filter(c -> distance(key, c) <= Math.max(2, key.length() / 8))
        .min(Comparator.comparingInt((String c) -> distance(key, c)).thenComparing(c -> c));
  }

  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
