package dev.lakehouse.maintenance.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.lakehouse.maintenance.audit.LedgerCheck;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** Renders a run report for people (a table), for machines (JSON) and for Prometheus (textfile collector). */
public final class ReportWriter {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final ObjectMapper JSON_LINE = new ObjectMapper();

  private ReportWriter() {}

  public static String text(RunReport report) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "maintenance run %s%s: %d tables in %.1f s%n", report.runId(),
        report.dryRun() ? " (dry run)" : "", report.tables().size(), report.durationMs() / 1000.0));
    out.append(String.format(Locale.ROOT, "%-36s %-7s %13s %15s %11s %7s %9s %9s %8s %7s %6s%n",
        "table", "status", "files", "bytes", "avg MB", "small%", "snapshots", "manifests", "rewrote", "retries", "health"));
    for (TableReport t : report.tables()) {
      if (t.before() == null || t.after() == null) {
        out.append(String.format(Locale.ROOT, "%-36s %-7s %s%n", t.table(), t.status(),
            t.skipReason() != null ? t.skipReason() : String.join("; ", t.errors())));
        continue;
      }
      TableStats b = t.before();
      TableStats a = t.after();
      out.append(String.format(Locale.ROOT, "%-36s %-7s %13s %15s %11s %7s %9s %9s %8s %7d %6s%n",
          t.table(), t.status(),
          b.dataFiles() + "->" + a.dataFiles(),
          b.bytes() + "->" + a.bytes(),
          String.format(Locale.ROOT, "%.1f->%.1f", b.averageFileBytes() / 1e6, a.averageFileBytes() / 1e6),
          String.format(Locale.ROOT, "%.0f->%.0f", 100 * b.smallFileShare(), 100 * a.smallFileShare()),
          b.snapshots() + "->" + a.snapshots(),
          b.manifests() + "->" + a.manifests(),
          t.compaction() == null ? "-" : (t.compaction().bytesRewritten() / 1_000_000) + "MB",
          t.compaction() == null ? 0 : t.compaction().commitRetries(),
          t.health() == null ? "-" : Integer.toString(t.health().score())));
      t.errors().forEach(e -> out.append("    error: ").append(e).append('\n'));
      if (b.filesOnOldSpecs() > 0 || a.filesOnOldSpecs() > 0) {
        out.append(String.format(Locale.ROOT, "    partition spec %d (schema %d): files on older specs %d->%d%n",
            a.specId(), a.schemaId(), b.filesOnOldSpecs(), a.filesOnOldSpecs()));
      }
      if (!t.leftoversDeleted().isEmpty()) {
        out.append("    removed ").append(t.leftoversDeleted().size()).append(" uncommitted files of a crashed run\n");
      }
      if (t.compactionPlan() != null) {
        out.append(t.compactionPlan().indent(4));
      }
      if (report.dryRun() && t.orphans() != null) {
        t.orphans().orphans().forEach(o -> out.append("    would delete orphan: ").append(o).append('\n'));
      }
      if (report.dryRun() && t.expiry() != null) {
        t.expiry().expiredSnapshotIds().forEach(id -> out.append("    would expire snapshot: ").append(id).append('\n'));
      }
    }
    return out.toString();
  }

  public static String json(Object report) {
    try {
      return JSON.writeValueAsString(report);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot render the report as JSON: " + e.getMessage(), e);
    }
  }

  /** The JSON report on one line: one log event per run for a log collector. */
  public static String jsonLine(RunReport report) {
    try {
      return JSON_LINE.writeValueAsString(report);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot render the report as JSON: " + e.getMessage(), e);
    }
  }

  public static String prometheus(RunReport report) {
    PrometheusRegistry registry = new PrometheusRegistry();
    Gauge failed = gauge(registry, "lakehouse_maintenance_last_run_failed", "1 when a task failed in the last run");
    failed.labelValues().set(report.failed() ? 1 : 0);
    gauge(registry, "lakehouse_maintenance_last_run_timestamp_seconds", "start of the last run")
        .labelValues().set(report.startedAtMs() / 1000.0);
    gauge(registry, "lakehouse_maintenance_last_run_duration_seconds", "duration of the last run")
        .labelValues().set(report.durationMs() / 1000.0);
    Gauge status = gauge(registry, "lakehouse_maintenance_table_failed", "1 when maintenance of the table failed", "table");
    Gauge files = gauge(registry, "lakehouse_maintenance_table_data_files", "data files after the run", "table");
    Gauge bytes = gauge(registry, "lakehouse_maintenance_table_bytes", "data bytes after the run", "table");
    Gauge small = gauge(registry, "lakehouse_maintenance_table_small_file_ratio", "share of small data files after the run", "table");
    Gauge avg = gauge(registry, "lakehouse_maintenance_table_average_file_bytes", "average data file size after the run", "table");
    Gauge snapshots = gauge(registry, "lakehouse_maintenance_table_snapshots", "snapshots after the run", "table");
    Gauge manifests = gauge(registry, "lakehouse_maintenance_table_manifests", "manifests of the current snapshot after the run", "table");
    Gauge oldSpecs = gauge(registry, "lakehouse_maintenance_table_files_on_old_specs",
        "live data files written with an older partition spec, after the run", "table");
    Gauge specId = gauge(registry, "lakehouse_maintenance_table_spec_id", "current partition spec id", "table");
    Gauge schemaId = gauge(registry, "lakehouse_maintenance_table_schema_id", "current schema id", "table");
    Gauge rewritten = gauge(registry, "lakehouse_maintenance_table_rewritten_bytes", "bytes rewritten by compaction in the run", "table");
    Gauge retries = gauge(registry, "lakehouse_maintenance_table_commit_retries", "compaction commit retries in the run", "table");
    Gauge health = gauge(registry, "lakehouse_maintenance_table_health_score", "0-100 health score (100 = nothing to do)", "table");
    Gauge duration = gauge(registry, "lakehouse_maintenance_table_duration_seconds", "time spent on the table", "table");
    for (TableReport t : report.tables()) {
      status.labelValues(t.table()).set(t.status() == TableReport.Status.FAILED ? 1 : 0);
      duration.labelValues(t.table()).set(t.durationMs() / 1000.0);
      if (t.after() != null) {
        files.labelValues(t.table()).set(t.after().dataFiles());
        bytes.labelValues(t.table()).set(t.after().bytes());
        small.labelValues(t.table()).set(t.after().smallFileShare());
        avg.labelValues(t.table()).set(t.after().averageFileBytes());
        snapshots.labelValues(t.table()).set(t.after().snapshots());
        manifests.labelValues(t.table()).set(t.after().manifests());
        oldSpecs.labelValues(t.table()).set(t.after().filesOnOldSpecs());
        specId.labelValues(t.table()).set(t.after().specId());
        schemaId.labelValues(t.table()).set(t.after().schemaId());
      }
      if (t.compaction() != null) {
        rewritten.labelValues(t.table()).set(t.compaction().bytesRewritten());
        retries.labelValues(t.table()).set(t.compaction().commitRetries());
      }
      if (t.health() != null) {
        health.labelValues(t.table()).set(t.health().score());
      }
    }
    return scrape(registry);
  }

  /** An audit's findings per table, for the textfile collector: alert on lakehouse_audit_table_clean == 0. */
  public static String prometheus(List<TableAuditResult> audit) {
    PrometheusRegistry registry = new PrometheusRegistry();
    Gauge clean = gauge(registry, "lakehouse_audit_table_clean", "1 when the audit found no break in the table", "table");
    Gauge files = gauge(registry, "lakehouse_audit_table_duplicate_files",
        "data files registered more than once in the live snapshot", "table");
    Gauge keys = gauge(registry, "lakehouse_audit_table_duplicated_keys",
        "result keys (lineage or window) held by more than one live row", "table");
    Gauge ledger = gauge(registry, "lakehouse_audit_ledger_rows",
        "rows held against the pipeline ledger, by how they compare with its counts", "table", "state");
    Gauge gaps = gauge(registry, "lakehouse_audit_ledger_gaps",
        "places where the ledger's rows of a partition do not tile its offsets", "table");
    Gauge replay = gauge(registry, "lakehouse_audit_replay_differences",
        "in a replay's namespace: business keys held by one run only or with other values than the live table's", "table");
    for (TableAuditResult t : audit) {
      if (t.replay() != null) {
        replay.labelValues(t.table()).set(t.replay().differences() + (t.replay().missingIn() == null ? 0 : 1));
      }
      clean.labelValues(t.table()).set(t.clean() ? 1 : 0);
      files.labelValues(t.table()).set(t.duplicateFiles().size());
      keys.labelValues(t.table()).set(t.duplicatedKeys());
      if (t.ledger() != null) {
        LedgerCheck l = t.ledger();
        ledger.labelValues(t.table(), "expected").set(l.expected());
        ledger.labelValues(t.table(), "missing").set(l.missing());
        ledger.labelValues(t.table(), "pending").set(l.pending());
        ledger.labelValues(t.table(), "extra").set(l.extra());
        ledger.labelValues(t.table(), "erased").set(l.erased());
        gaps.labelValues(t.table()).set(l.ledgerGaps());
      }
    }
    return scrape(registry);
  }

  private static String scrape(PrometheusRegistry registry) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      PrometheusTextFormatWriter.create().write(out, registry.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Gauge gauge(PrometheusRegistry registry, String name, String help, String... labels) {
    return Gauge.builder().name(name).help(help).labelNames(labels).register(registry);
  }
}
