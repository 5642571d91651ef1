package dev.lakehouse.maintenance.config;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
  public static final String REPORT_STDOUT = "report.stdout";
  public static final String REPORT_PUSHGATEWAY_URL = "report.pushgateway-url";
  public static final String REPORT_S3_URI = "report.s3-uri";
  public static final List<String> REPORT_STDOUT_FORMATS = List.of("json", "text");
  public static final String TABLE_OVERRIDES = "table-overrides";
  public static final String ERASURE_TABLES = "erasure.tables";
  public static final String ERASURE_REGISTER = "erasure.register";
  /** Where the register is when {@code erasure.register} is empty: this prefix in the warehouse's bucket. */
  public static final String ERASURE_REGISTER_DEFAULT_PREFIX = "erasure-register";

  /**
   * The sink's cadence as {@code connect-config apply} records it in each table it prepares; the
   * connector config is its one source, and {@code sink.*} here only covers tables without it.
   */
  public static final String TABLE_SINK_COMMIT_INTERVAL_MS = "lakehouse.sink.commit-interval-ms";
  public static final String TABLE_SINK_COMMIT_TIMEOUT_MS = "lakehouse.sink.commit-timeout-ms";

  /** Orphan files must be older than this many sink commit cycles (interval + timeout). */
  public static final int ORPHAN_FLOOR_COMMIT_CYCLES = 10;
  public static final Duration ORPHAN_FLOOR_MINIMUM = Duration.ofHours(1);

  private static final Pattern OBJECT_STORE_URI = Pattern.compile("[a-z0-9]+://[^/\\s]+(/.*)?");

  public static final Map<String, String[]> KEYS = Map.ofEntries(
      Map.entry(CATALOG_NAME, new String[] {"lakehouse", "Iceberg catalog name"}),
      Map.entry(TABLES, new String[] {"lakehouse.*", "tables to maintain: namespace.table, '*' matches any run of characters"}),
      Map.entry(SINK_COMMIT_INTERVAL, new String[] {"5m", "the sink's iceberg.control.commit.interval-ms for tables that do not"
          + " record it (connect-config apply records it as table property " + TABLE_SINK_COMMIT_INTERVAL_MS + "); bounds the orphan safety floor"}),
      Map.entry(SINK_COMMIT_TIMEOUT, new String[] {"30m", "the sink's iceberg.control.commit.timeout-ms for tables that do not"
          + " record it (table property " + TABLE_SINK_COMMIT_TIMEOUT_MS + "); bounds the orphan safety floor"}),
      Map.entry(LOCK_TTL, new String[] {"15m", "lease length; a crashed run's lease expires after this, a live run renews it"}),
      Map.entry(LOCK_WAIT, new String[] {"0s", "how long to wait for a table held by another run before skipping it"}),
      Map.entry(REPORT_JSON_FILE, new String[] {"", "write the run report as JSON to this file (empty: do not)"}),
      Map.entry(REPORT_PROMETHEUS_FILE, new String[] {"", "write the run report as a Prometheus textfile-collector .prom file (empty: do not)"}),
      Map.entry(ERASURE_TABLES, new String[] {"lakehouse.*,analytics.*", "tables erase searches, in this order: the landed tables, then the dbt marts' schema"}),
      Map.entry(ERASURE_REGISTER, new String[] {"", "object store prefix where erase records each erasure (when, the"
          + " customers' pseudonyms and ids) so it can be re-applied to a replay or a restore; only the erasure role may"
          + " read it (empty: " + ERASURE_REGISTER_DEFAULT_PREFIX + "/ in the bucket of catalog.properties.warehouse)"}),
      Map.entry(REPORT_STDOUT, new String[] {"json", "the run report on stdout: json (one line per run, for log collectors) or text (a table for people)"}),
      Map.entry(REPORT_PUSHGATEWAY_URL, new String[] {"", "push the run's metrics to this Prometheus Pushgateway, e.g. http://pushgateway:9091 (empty: do not)"}),
      Map.entry(REPORT_S3_URI, new String[] {"", "write the JSON report under this prefix, e.g. s3://bucket/warehouse/_maintenance/reports (empty: do not)"}));

  private final Map<String, String> global;
  private final String catalogName;
  private final Map<String, String> catalogProperties;
  private final List<String> tablePatterns;
  private final List<String> erasureTablePatterns;
  private final Duration sinkCommitInterval;
  private final Duration sinkCommitTimeout;
  private final Duration lockTtl;
  private final Duration lockWait;
  private final String reportJsonFile;
  private final String reportPrometheusFile;
  private final String reportStdout;
  private final String reportPushgatewayUrl;
  private final String reportS3Uri;
  private final String erasureRegister;
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
    this.tablePatterns = patterns(v.string(TABLES));
    this.erasureTablePatterns = patterns(v.string(ERASURE_TABLES));
    this.sinkCommitInterval = v.duration(SINK_COMMIT_INTERVAL);
    this.sinkCommitTimeout = v.duration(SINK_COMMIT_TIMEOUT);
    this.lockTtl = v.duration(LOCK_TTL);
    this.lockWait = v.duration(LOCK_WAIT);
    this.reportJsonFile = v.string(REPORT_JSON_FILE);
    this.reportPrometheusFile = v.string(REPORT_PROMETHEUS_FILE);
    this.reportStdout = v.string(REPORT_STDOUT);
    this.reportPushgatewayUrl = v.string(REPORT_PUSHGATEWAY_URL);
    this.reportS3Uri = v.string(REPORT_S3_URI);
    this.erasureRegister = v.string(ERASURE_REGISTER);
    this.taskDefaults = Map.copyOf(taskDefaults);
    this.tableOverrides = Map.copyOf(tableOverrides);
    if (catalogProperties.isEmpty()) {
      throw new ConfigException("Cannot configure the catalog: 'catalog.properties' is empty"
          + " (set type or catalog-impl, uri, warehouse, io-impl; see README)");
    }
    if (tablePatterns.isEmpty()) {
      throw new ConfigException("Cannot select tables: 'tables' is empty (e.g. lakehouse.*)");
    }
    if (erasureTablePatterns.isEmpty()) {
      throw new ConfigException("Cannot select tables: '" + ERASURE_TABLES + "' is empty (e.g. lakehouse.*,analytics.*)");
    }
    if (!REPORT_STDOUT_FORMATS.contains(reportStdout)) {
      throw new ConfigException("Cannot use '" + REPORT_STDOUT + "' = " + reportStdout + ": it must be one of "
          + REPORT_STDOUT_FORMATS);
    }
    if (!reportPushgatewayUrl.isEmpty() && !reportPushgatewayUrl.matches("https?://[^/\\s]+(/.*)?")) {
      throw new ConfigException("Cannot use '" + REPORT_PUSHGATEWAY_URL + "' = " + reportPushgatewayUrl
          + ": it must be an http:// or https:// URL of the Pushgateway, e.g. http://pushgateway:9091");
    }
    if (!reportS3Uri.isEmpty() && !OBJECT_STORE_URI.matcher(reportS3Uri).matches()) {
      throw new ConfigException("Cannot use '" + REPORT_S3_URI + "' = " + reportS3Uri
          + ": it must be an object store URI with a bucket, e.g. s3://acme-lakehouse/warehouse/_maintenance/reports");
    }
    if (!erasureRegister.isEmpty() && !OBJECT_STORE_URI.matcher(erasureRegister).matches()) {
      throw new ConfigException("Cannot use '" + ERASURE_REGISTER + "' = " + erasureRegister
          + ": it must be an object store URI with a bucket, e.g. s3://acme-lakehouse-restricted/erasure-register");
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

  private static List<String> patterns(String commaSeparated) {
    return Arrays.stream(commaSeparated.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
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
    return orphanSafetyFloor(sinkCommitInterval, sinkCommitTimeout);
  }

  /** The floor for one table: from the sink cadence it records, else from this config's {@code sink.*}. */
  public Duration orphanSafetyFloor(Map<String, String> tableProperties) {
    return orphanSafetyFloor(
        tableDuration(tableProperties, TABLE_SINK_COMMIT_INTERVAL_MS, sinkCommitInterval),
        tableDuration(tableProperties, TABLE_SINK_COMMIT_TIMEOUT_MS, sinkCommitTimeout));
  }

  private static Duration orphanSafetyFloor(Duration interval, Duration timeout) {
    Duration cycles = interval.plus(timeout).multipliedBy(ORPHAN_FLOOR_COMMIT_CYCLES);
    return cycles.compareTo(ORPHAN_FLOOR_MINIMUM) > 0 ? cycles : ORPHAN_FLOOR_MINIMUM;
  }

  /** A table property in milliseconds; a missing or unreadable one falls back (the floor stays the config's). */
  private static Duration tableDuration(Map<String, String> tableProperties, String key, Duration fallback) {
    try {
      String value = tableProperties.get(key);
      return value == null ? fallback : Duration.ofMillis(Math.max(0, Long.parseLong(value.trim())));
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  /** Task settings of a table ({@code namespace.table}), overrides applied. */
  public TaskSettings settingsFor(String table) {
    return settingsByTable.getOrDefault(table, defaultSettings);
  }

  public MaintenanceConfig withTablePatterns(List<String> patterns) {
    return with(TABLES, patterns);
  }

  public MaintenanceConfig withErasureTablePatterns(List<String> patterns) {
    return with(ERASURE_TABLES, patterns);
  }

  private MaintenanceConfig with(String key, List<String> patterns) {
    Map<String, String> changed = new HashMap<>(global);
    changed.put(key, String.join(",", patterns));
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
  public List<String> erasureTablePatterns() { return erasureTablePatterns; }
  public Duration sinkCommitInterval() { return sinkCommitInterval; }
  public Duration sinkCommitTimeout() { return sinkCommitTimeout; }
  public Duration lockTtl() { return lockTtl; }
  public Duration lockWait() { return lockWait; }
  public String reportJsonFile() { return reportJsonFile; }
  public String reportPrometheusFile() { return reportPrometheusFile; }
  public String reportStdout() { return reportStdout; }
  public String reportPushgatewayUrl() { return reportPushgatewayUrl; }
  public String reportS3Uri() { return reportS3Uri; }

  /** The erasure register's prefix: {@code erasure.register}, or {@code erasure-register} in the warehouse's bucket. */
  public String erasureRegister() {
    if (!erasureRegister.isEmpty()) {
      return erasureRegister.replaceAll("/+$", "");
    }
    String warehouse = catalogProperties.getOrDefault("warehouse", "");
    Matcher bucket = Pattern.compile("([a-z0-9]+://[^/\\s]+)(/.*)?").matcher(warehouse);
    if (!bucket.matches()) {
      throw new ConfigException("Cannot locate the erasure register: '" + ERASURE_REGISTER + "' is empty and"
          + " catalog.properties.warehouse (" + (warehouse.isEmpty() ? "not set" : warehouse) + ") names no bucket;"
          + " set " + ERASURE_REGISTER + ", e.g. s3://acme-lakehouse/" + ERASURE_REGISTER_DEFAULT_PREFIX);
    }
    return bucket.group(1) + "/" + ERASURE_REGISTER_DEFAULT_PREFIX;
  }
}
