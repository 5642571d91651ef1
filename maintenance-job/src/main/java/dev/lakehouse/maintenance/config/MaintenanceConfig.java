package dev.lakehouse.maintenance.config;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The whole job configuration: catalog, table selection, sink timing, lock, report outputs and the
 * per-table task settings. Built by {@link ConfigLoader}; every cross-field rule is checked here.
 */
public final class MaintenanceConfig {
  public static final String CATALOG_NAME = "catalog.name";
  public static final String CATALOG_PROPERTIES_PREFIX = "catalog.properties.";
  public static final String TABLES = "tables";
  public static final String SINK_COMMIT_INTERVAL = "sink.commit-interval";
  public static final String SINK_COMMIT_TIMEOUT = "sink.commit-timeout";
  public static final String LOCK_TTL = "lock.ttl";
  public static final String LOCK_WAIT = "lock.wait";
  public static final String REPORT_JSON_FILE = "report.json-file";
  public static final String REPORT_PROMETHEUS_FILE = "report.prometheus-file";
  public static final String TABLE_OVERRIDES = "table-overrides";

  /** Orphan files must be older than this many sink commit cycles (interval + timeout). */
  public static final int ORPHAN_FLOOR_COMMIT_CYCLES = 10;
  public static final Duration ORPHAN_FLOOR_MINIMUM = Duration.ofHours(1);

  public static final Map<String, String[]> KEYS = Map.ofEntries(
      Map.entry(CATALOG_NAME, new String[] {"lakehouse", "Iceberg catalog name"}),
      Map.entry(TABLES, new String[] {"lakehouse.*", "tables to maintain: namespace.table, '*' matches any run of characters"}),
      Map.entry(SINK_COMMIT_INTERVAL, new String[] {"5m", "the sink's iceberg.control.commit.interval-ms; bounds the orphan safety floor"}),
      Map.entry(SINK_COMMIT_TIMEOUT, new String[] {"30m", "the sink's iceberg.control.commit.timeout-ms; bounds the orphan safety floor"}),
      Map.entry(LOCK_TTL, new String[] {"15m", "lease length; a crashed run's lease expires after this, a live run renews it"}),
      Map.entry(LOCK_WAIT, new String[] {"0s", "how long to wait for a table held by another run before skipping it"}),
      Map.entry(REPORT_JSON_FILE, new String[] {"", "write the run report as JSON to this file (empty: do not)"}),
      Map.entry(REPORT_PROMETHEUS_FILE, new String[] {"", "write the run report as a Prometheus textfile-collector .prom file (empty: do not)"}));

  private final Map<String, String> global;
  private final String catalogName;
  private final Map<String, String> catalogProperties;
  private final List<String> tablePatterns;
  private final Duration sinkCommitInterval;
  private final Duration sinkCommitTimeout;
  private final Duration lockTtl;
  private final Duration lockWait;
  private final String reportJsonFile;
  private final String reportPrometheusFile;
  private final Map<String, String> taskDefaults;
  private final Map<String, Map<String, String>> tableOverrides;
  private final TaskSettings defaultSettings;
  private final Map<String, TaskSettings> settingsByTable;

  MaintenanceConfig(
      Map<String, String> global,
      Map<String, String> catalogProperties,
      Map<String, String> taskDefaults,
      Map<String, Map<String, String>> tableOverrides) {
    this.global = Map.copyOf(global);
    TypedValues v = new TypedValues(global, KEYS);
    this.catalogName = v.string(CATALOG_NAME);
    this.catalogProperties = Map.copyOf(catalogProperties);
    this.tablePatterns = Arrays.stream(v.string(TABLES).split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    this.sinkCommitInterval = v.duration(SINK_COMMIT_INTERVAL);
    this.sinkCommitTimeout = v.duration(SINK_COMMIT_TIMEOUT);
    this.lockTtl = v.duration(LOCK_TTL);
    this.lockWait = v.duration(LOCK_WAIT);
    this.reportJsonFile = v.string(REPORT_JSON_FILE);
    this.reportPrometheusFile = v.string(REPORT_PROMETHEUS_FILE);
    this.taskDefaults = Map.copyOf(taskDefaults);
    this.tableOverrides = Map.copyOf(tableOverrides);
    if (catalogProperties.isEmpty()) {
      throw new ConfigException("Cannot configure the catalog: 'catalog.properties' is empty"
          + " (set type or catalog-impl, uri, warehouse, io-impl; see README)");
    }
    if (tablePatterns.isEmpty()) {
      throw new ConfigException("Cannot select tables: 'tables' is empty (e.g. lakehouse.*)");
    }
    if (lockTtl.compareTo(Duration.ofSeconds(1)) < 0) {
      throw new ConfigException("Cannot use '" + LOCK_TTL + "' = " + DurationFormat.format(lockTtl) + ": it must be at least 1s");
    }
    this.defaultSettings = checkedSettings("", Map.of());
    Map<String, TaskSettings> byTable = new HashMap<>();
    tableOverrides.forEach((table, overrides) ->
        byTable.put(table, checkedSettings(TABLE_OVERRIDES + "." + table + ".", overrides)));
    this.settingsByTable = Map.copyOf(byTable);
  }

  /** The task settings of one scope, every rule checked once here: each value, and the orphan age against the floor. */
  private TaskSettings checkedSettings(String keyPrefix, Map<String, String> overrides) {
    Map<String, String> merged = new HashMap<>(taskDefaults);
    merged.putAll(overrides);
    TaskSettings settings = TaskSettings.from(merged);
    Duration minAge = settings.orphanMinAge();
    Duration floor = orphanSafetyFloor();
    if (minAge.compareTo(floor) < 0) {
      throw new ConfigException(String.format(
          "Cannot use '%s%s' = %s: it is below the safety floor %s (%d x (%s + %s), at least %s);"
              + " a file of a sink commit still in flight could be deleted. Set it to %s or more",
          keyPrefix, TaskSettings.ORPHAN_MIN_AGE, DurationFormat.format(minAge), DurationFormat.format(floor),
          ORPHAN_FLOOR_COMMIT_CYCLES, SINK_COMMIT_INTERVAL, SINK_COMMIT_TIMEOUT,
          DurationFormat.format(ORPHAN_FLOOR_MINIMUM), DurationFormat.format(floor)));
    }
    return settings;
  }

  /** Files younger than this may belong to a sink commit in flight and are never orphan candidates. */
  public Duration orphanSafetyFloor() {
    Duration cycles = sinkCommitInterval.plus(sinkCommitTimeout).multipliedBy(ORPHAN_FLOOR_COMMIT_CYCLES);
    return cycles.compareTo(ORPHAN_FLOOR_MINIMUM) > 0 ? cycles : ORPHAN_FLOOR_MINIMUM;
  }

  /** Task settings of a table ({@code namespace.table}), overrides applied. */
  public TaskSettings settingsFor(String table) {
    return settingsByTable.getOrDefault(table, defaultSettings);
  }

  public MaintenanceConfig withTablePatterns(List<String> patterns) {
    Map<String, String> changed = new HashMap<>(global);
    changed.put(TABLES, String.join(",", patterns));
    return new MaintenanceConfig(changed, catalogProperties, taskDefaults, tableOverrides);
  }

  /** Catalog properties with every secret masked, for logs and --help output. */
  public Map<String, String> catalogPropertiesForDisplay() {
    Map<String, String> shown = new TreeMap<>();
    catalogProperties.forEach((key, value) -> shown.put(key, isSecret(key) ? "****" : value));
    return shown;
  }

  static boolean isSecret(String key) {
    String k = key.toLowerCase();
    return k.contains("secret") || k.contains("password") || k.contains("token") || k.contains("session");
  }

  public String catalogName() { return catalogName; }
  public Map<String, String> catalogProperties() { return catalogProperties; }
  public List<String> tablePatterns() { return tablePatterns; }
  public Duration sinkCommitInterval() { return sinkCommitInterval; }
  public Duration sinkCommitTimeout() { return sinkCommitTimeout; }
  public Duration lockTtl() { return lockTtl; }
  public Duration lockWait() { return lockWait; }
  public String reportJsonFile() { return reportJsonFile; }
  public String reportPrometheusFile() { return reportPrometheusFile; }
}
