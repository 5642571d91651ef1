package dev.lakehouse.e2e.oracle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/** Compares a table's rows with what the oracle expects: duplicated, lost, unexpected and wrong rows. */
public final class TableDiff {
  private static final int EXAMPLES = 5;

  private final ExpectedTable expected;
  private final Map<String, Integer> seen = new HashMap<>();
  private final List<String> duplicated = new ArrayList<>();
  private final List<String> unexpected = new ArrayList<>();
  private final List<String> wrong = new ArrayList<>();
  private final List<String> lost = new ArrayList<>();
  private int actualRows;

  private TableDiff(ExpectedTable expected) {
    this.expected = expected;
  }

  public static TableDiff of(ExpectedTable expected, List<Map<String, Object>> actualRows) {
    TableDiff diff = new TableDiff(expected);
    actualRows.forEach(diff::compare);
    expected.rows().keySet().stream().filter(k -> !diff.seen.containsKey(k)).sorted().forEach(diff.lost::add);
    return diff;
  }

  private void compare(Map<String, Object> actual) {
    actualRows++;
    OutputTable table = expected.table();
    String key = table.key(actual);
    if (seen.merge(key, 1, Integer::sum) > 1) {
      duplicated.add(key);
      return;
    }
    Map<String, Object> want = expected.rows().getOrDefault(key, expected.optional().get(key));
    if (want == null) {
      unexpected.add(key + " " + actual);
      return;
    }
    List<String> differences = new ArrayList<>();
    for (String column : table.comparedColumns()) {
      if (!Objects.equals(want.get(column), actual.get(column))) {
        differences.add(column + ": expected " + want.get(column) + " but was " + actual.get(column));
      }
    }
    if (!differences.isEmpty()) {
      wrong.add(key + " " + differences);
    }
  }

  public boolean matches() {
    return duplicated.isEmpty() && unexpected.isEmpty() && wrong.isEmpty() && lost.isEmpty();
  }

  public List<String> duplicated() {
    return duplicated;
  }

  public List<String> lost() {
    return lost;
  }

  public long presentOptionalRows() {
    return seen.keySet().stream().filter(expected.optional()::containsKey).count();
  }

  /** One line per kind of difference, with a few examples each; "ok" when the table matches. */
  public String report() {
    String name = expected.table().tableName();
    if (matches()) {
      return name + ": ok, " + actualRows + " rows (" + presentOptionalRows() + " of " + expected.optional().size()
          + " optional tail rows landed)";
    }
    return name + ": " + actualRows + " rows, expected " + expected.rows().size()
        + line("duplicated", duplicated) + line("lost", lost) + line("unexpected", unexpected) + line("wrong", wrong);
  }

  private static String line(String what, List<String> keys) {
    if (keys.isEmpty()) {
      return "";
    }
    return System.lineSeparator() + "  " + keys.size() + " " + what + ", e.g. "
        + keys.stream().limit(EXAMPLES).collect(Collectors.joining("; "));
  }
}
