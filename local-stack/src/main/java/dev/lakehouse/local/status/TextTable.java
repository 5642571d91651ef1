package dev.lakehouse.local.status;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Columns aligned with spaces; numbers right-aligned. */
public final class TextTable {
  private final List<String[]> rows = new ArrayList<>();
  private final boolean[] numeric;

  public TextTable(String... headers) {
    rows.add(headers);
    numeric = new boolean[headers.length];
  }

  /** Marks columns whose cells are right-aligned. */
  public TextTable numeric(int... columns) {
    Arrays.stream(columns).forEach(c -> numeric[c] = true);
    return this;
  }

  public TextTable row(Object... cells) {
    rows.add(Arrays.stream(cells).map(c -> c == null ? "-" : c.toString()).toArray(String[]::new));
    return this;
  }

  public String render(String indent) {
    int[] widths = new int[numeric.length];
    rows.forEach(row -> {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    });
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < row.length; i++) {
        String format = numeric[i] ? "%" + widths[i] + "s" : "%-" + widths[i] + "s";
        line.append(String.format(format, row[i])).append(i < row.length - 1 ? "  " : "");
      }
      out.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
    return out.toString();
  }
}
