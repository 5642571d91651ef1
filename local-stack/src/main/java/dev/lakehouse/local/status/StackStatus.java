package dev.lakehouse.local.status;

import dev.lakehouse.local.stack.config.Replay;
import java.util.List;

/**
 * What {@code lakehouse status} reports, stage by stage. A section that could not be read carries
 * the reason in {@code error} instead of failing the whole report. Record counts are committed
 * records: transaction markers and aborted records are not counted, so they compare with table rows.
 */
public record StackStatus(String collectedAt, Urls urls, Inputs inputs, Streams streams, List<Replay> replays,
    Connect connect, Iceberg iceberg, Maintenance maintenance, Audit audit) {

  /** Where users look: the SQL engine, and whether it answers. */
  /** Where users look: Trino for SQL, the dashboard page (null when the stack leaves it out). */
  public record Urls(String trino, boolean trinoAnswers, String dashboard, boolean dashboardAnswers) {}

  public record TopicRecords(String topic, long records) {}

  public record Inputs(List<TopicRecords> topics, String error) {}

  /** {@code consumerLag} is null when the group has committed nothing yet. */
  public record Streams(String applicationId, String state, List<TopicRecords> outputs, Long late, Long deadLettered,
      Long consumerLag, String error) {}

  /**
   * A replay's Streams app ({@code ./lakehouse replay start}): how far it still is from the end of
   * the inputs; {@code consumerLag} is null before it committed anything, {@code error} says why it was not read.
   */
  public record Replay(String applicationId, Long consumerLag, String error) {}

  /** {@code deadLettered} counts the connector's dead-letter topic {@code <name>-dlq}; null when it has none. */
  public record Connector(String name, String state, List<String> tasks, Long consumerLag, Long deadLettered) {}

  public record Connect(String url, List<Connector> connectors, String error) {}

  /** A table without a snapshot yet has null snapshot fields; {@code exists} is false before the sink creates it. */
  public record Table(String table, boolean exists, Long snapshotId, String committedAt, Long ageSeconds, Long totalRecords) {}

  public record Iceberg(List<Table> tables, String error) {}

  public record TableHealth(String table, Integer score, String detail) {}

  /** {@code note} explains an empty list (job not built, tables not created yet). */
  public record Maintenance(List<TableHealth> tables, String note) {}

  /** One table in the last audit: clean or not, and what was checked or found. */
  public record TableAudit(String table, boolean clean, String detail) {}

  /** The last {@code ./lakehouse audit}: when it ran ({@code auditedAt} null when none is saved; {@code note} says why). */
  public record Audit(String auditedAt, List<TableAudit> tables, String note) {}
}
