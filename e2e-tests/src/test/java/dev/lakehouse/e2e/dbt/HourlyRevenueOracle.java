package dev.lakehouse.e2e.dbt;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code agg_revenue_hourly} must hold, from the pipeline oracle's expected rows (which come
 * from the generator's events, not from the landed tables): per merchant, currency and hour, the
 * closed windows' PLACED orders plus the late PLACED orders. Hours from the first tail window's on
 * are not expected: whether a tail window closes depends on stream time.
 */
public final class HourlyRevenueOracle {
  private final Map<String, long[]> counts = new TreeMap<>();
  private final Map<String, BigDecimal> revenues = new TreeMap<>();
  private long newestWindowStart = Long.MIN_VALUE;
  private long firstTailWindowStart = Long.MAX_VALUE;

  /** From the pipeline oracle's expected tables: their closed windows, the tail's windows and the late PLACED orders. */
  public static HourlyRevenueOracle of(Map<OutputTable, ExpectedTable> expected) {
    ExpectedTable windows = expected.get(OutputTable.REVENUE_BY_MERCHANT_1M);
    return new HourlyRevenueOracle()
        .addWindows(windows.rows().values())
        .tail(windows.optional().values())
        .addLateEvents(expected.get(OutputTable.LATE_EVENTS));
  }

  /** Adds the rows every closed window must have landed (revenue_by_merchant_1m). */
  private HourlyRevenueOracle addWindows(Collection<Map<String, Object>> windows) {
    for (Map<String, Object> w : windows) {
      long start = (Long) w.get("window_start");
      add(w, start, (Long) w.get("order_count"), new BigDecimal((String) w.get("revenue")));
      newestWindowStart = Math.max(newestWindowStart, start);
    }
    return this;
  }

  /** Notes the tail's windows (the pipeline oracle's optional rows): their hours and later ones are not expected. */
  private HourlyRevenueOracle tail(Collection<Map<String, Object>> tailWindows) {
    for (Map<String, Object> w : tailWindows) {
      firstTailWindowStart = Math.min(firstTailWindowStart, (Long) w.get("window_start"));
    }
    return this;
  }

  /** Adds the late PLACED orders (late_events rows of type order). */
  private HourlyRevenueOracle addLateEvents(ExpectedTable lateEvents) {
    for (Map<String, Object> e : lateEvents.rows().values()) {
      if ("order".equals(e.get("event_type")) && "PLACED".equals(e.get("status"))) {
        add(e, (Long) e.get("window_start"), 1, new BigDecimal((String) e.get("amount")));
      }
    }
    return this;
  }

  private void add(Map<String, Object> row, long windowStart, long orders, BigDecimal revenue) {
    String key = row.get("merchant_id") + "|" + row.get("currency") + "|" + hour(windowStart);
    counts.computeIfAbsent(key, k -> new long[1])[0] += orders;
    revenues.merge(key, revenue, BigDecimal::add);
  }

  /** The first hour not expected: the tail's first, else the one after the newest window. */
  public Instant settledBefore() {
    return firstTailWindowStart != Long.MAX_VALUE
        ? hour(firstTailWindowStart)
        : hour(newestWindowStart).plus(1, ChronoUnit.HOURS);
  }

  private static Instant hour(long epochMillis) {
    return Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.HOURS);
  }

  /**
   * {"settled_before": "...", "hours": [{merchant_id, currency, revenue_hour, order_count, revenue}]}: the
   * expected hours (those before settled_before), UTC wall-clock times.
   */
  public void write(Path file) throws IOException {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("settled_before", wallClock(settledBefore()));
    document.put("hours", expectedHours());
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(partial.toFile(), document);
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The expected hours (those before {@link #settledBefore}): merchant_id, currency, revenue_hour (UTC wall clock), order_count, revenue. */
  public List<Map<String, Object>> expectedHours() {
    List<Map<String, Object>> hours = new ArrayList<>();
    Instant settledBefore = settledBefore();
    counts.forEach((key, count) -> {
      String[] parts = key.split("\\|");
      if (!Instant.parse(parts[2]).isBefore(settledBefore)) {
        return;
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("merchant_id", parts[0]);
      row.put("currency", parts[1]);
      row.put("revenue_hour", wallClock(Instant.parse(parts[2])));
      row.put("order_count", count[0]);
      row.put("revenue", revenues.get(key).toPlainString());
      hours.add(row);
    });
    return hours;
  }

  private static String wallClock(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC).toLocalDateTime().toString();
  }
}
