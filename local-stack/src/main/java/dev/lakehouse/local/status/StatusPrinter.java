package dev.lakehouse.local.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.lakehouse.local.stack.config.Replay;
import java.util.List;

/** Renders a {@link StackStatus} as aligned text tables or as JSON. */
public final class StatusPrinter {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String NL = System.lineSeparator();

  private StatusPrinter() {}

  public static String json(StackStatus status) {
    try {
      return JSON.writeValueAsString(status) + NL;
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot render the status as JSON: " + e.getMessage(), e);
    }
  }

  public static String text(StackStatus status) {
    StringBuilder out = new StringBuilder("Local stack status at ").append(status.collectedAt()).append(NL);
    urls(status.urls(), out);
    inputs(status.inputs(), out);
    streams(status.streams(), out);
    replays(status.replays(), out);
    connect(status.connect(), out);
    iceberg(status.iceberg(), out);
    maintenance(status.maintenance(), out);
    audit(status.audit(), out);
    return out.append("Records are committed records (transaction markers and aborted writes are not counted).")
        .append(NL).toString();
  }

  private static void urls(StackStatus.Urls urls, StringBuilder out) {
    out.append("SQL (Trino): ").append(urls.trino())
        .append(urls.trinoAnswers() ? "  (./lakehouse sql \"show tables\")" : "  not answering (./lakehouse ps)")
        .append(NL);
    if (urls.dashboard() != null) {
      out.append("Dashboard:   ").append(urls.dashboard())
          .append(urls.dashboardAnswers() ? "  (refreshes every minute)" : "  not answering (./lakehouse ps)").append(NL);
    }
    out.append(NL);
  }

  private static void inputs(StackStatus.Inputs inputs, StringBuilder out) {
    out.append("Input topics").append(NL);
    if (inputs.error() != null) {
      out.append("  ").append(inputs.error()).append(NL).append(NL);
      return;
    }
    TextTable table = new TextTable("topic", "records in").numeric(1);
    inputs.topics().forEach(t -> table.row(t.topic(), t.records()));
    out.append(table.render("  ")).append(NL);
  }

  private static void streams(StackStatus.Streams streams, StringBuilder out) {
    out.append("Streams app (").append(streams.applicationId()).append("): ").append(streams.state()).append(NL);
    if (streams.error() != null) {
      out.append("  ").append(streams.error()).append(NL).append(NL);
      return;
    }
    TextTable table = new TextTable("figure", "records").numeric(1);
    streams.outputs().forEach(t -> table.row("out: " + t.topic(), t.records()));
    table.row("late (late-events)", streams.late());
    table.row("dead-lettered (dead-letters)", streams.deadLettered());
    table.row("consumer lag", streams.consumerLag() == null ? "no offsets committed yet" : streams.consumerLag());
    out.append(table.render("  ")).append(NL);
  }

  /** The replays' Streams apps, when the stack has any: lag 0 means it caught up with the inputs. */
  private static void replays(List<StackStatus.Replay> replays, StringBuilder out) {
    if (replays.isEmpty()) {
      return;
    }
    TextTable table = new TextTable("replay (application id)", "consumer lag").numeric(1);
    replays.forEach(r -> table.row(r.applicationId(), r.error() != null ? r.error()
        : r.consumerLag() == null ? "no offsets committed yet" : r.consumerLag()));
    out.append("Replays (./lakehouse replay)").append(NL).append(table.render("  ")).append(NL);
  }

  private static void connect(StackStatus.Connect connect, StringBuilder out) {
    out.append("Kafka Connect (").append(connect.url()).append(')').append(NL);
    if (connect.error() != null) {
      out.append("  ").append(connect.error()).append(NL).append(NL);
      return;
    }
    if (connect.connectors().isEmpty()) {
      out.append("  no connectors (./lakehouse up applies the Iceberg sink)").append(NL).append(NL);
      return;
    }
    TextTable table = new TextTable("connector", "state", "tasks", "consumer lag", "dead-lettered").numeric(3, 4);
    connect.connectors().forEach(c -> table.row(c.name(), c.state(), String.join(" ", c.tasks()),
        c.consumerLag() == null ? "no offsets committed yet" : c.consumerLag(), c.deadLettered()));
    out.append(table.render("  ")).append(NL);
  }

  private static void iceberg(StackStatus.Iceberg iceberg, StringBuilder out) {
    out.append("Iceberg tables (lakehouse)").append(NL);
    if (iceberg.error() != null) {
      out.append("  ").append(iceberg.error()).append(NL).append(NL);
      return;
    }
    TextTable table = new TextTable("table", "last snapshot", "committed at", "age", "rows").numeric(1, 3, 4);
    iceberg.tables().forEach(t -> {
      if (!t.exists()) {
        table.row(t.table(), "not created yet", "", "", "");
      } else if (t.snapshotId() == null) {
        table.row(t.table(), "no commit yet", "", "", "");
      } else {
        table.row(t.table(), t.snapshotId(), t.committedAt(), age(t.ageSeconds()), t.totalRecords());
      }
    });
    out.append(table.render("  ")).append(NL);
  }

  private static void maintenance(StackStatus.Maintenance maintenance, StringBuilder out) {
    out.append("Maintenance (table health, 100 = nothing to do)").append(NL);
    if (maintenance.tables().isEmpty()) {
      out.append("  ").append(maintenance.note().isEmpty() ? "no tables yet" : maintenance.note()).append(NL).append(NL);
      return;
    }
    TextTable table = new TextTable("table", "score", "detail").numeric(1);
    maintenance.tables().forEach(t -> table.row(t.table(), t.score(), t.detail()));
    out.append(table.render("  ")).append(NL);
  }

  private static void audit(StackStatus.Audit audit, StringBuilder out) {
    if (audit.auditedAt() == null) {
      out.append("Audit").append(NL).append("  ").append(audit.note()).append(NL).append(NL);
      return;
    }
    out.append("Audit (exactly-once checks of the last ./lakehouse audit, ").append(audit.auditedAt()).append(")").append(NL);
    TextTable table = new TextTable("table", "result", "detail");
    audit.tables().forEach(t -> table.row(t.table(), t.clean() ? "ok" : "BROKEN", t.detail()));
    out.append(table.render("  ")).append(NL);
  }

  static String age(long seconds) {
    if (seconds < 120) {
      return seconds + " s";
    }
    if (seconds < 7200) {
      return seconds / 60 + " min";
    }
    return seconds / 3600 + " h";
  }
}
