package dev.lakehouse.local.stack;

import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.schemas.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which namespace dbt may read: the live one always; a replay's only once the last saved audit
 * ({@code ./lakehouse audit}) covered every table of it and found each clean, so that a replay that
 * has not caught up, or lost or doubled a row, never reaches the serving views.
 */
public final class ReplaySwitch {
  private ReplaySwitch() {}

  /** The namespace of {@code target} ({@code live} or a started replay's id), checked as above. */
  public static String namespaceToRead(StackConfig config, String target) {
    if ("live".equals(target)) {
      return DbtComponent.LIVE_SCHEMA;
    }
    Replay replay = new Replay(target);
    if (!Replays.started(config.layout()).contains(replay)) {
      throw new InvalidInputException("Cannot switch dbt to replay " + target + ": no such replay in this stack (started: "
          + Replays.started(config.layout()).stream().map(Replay::id).toList() + "); ./lakehouse replay start " + target
          + " first");
    }
    requireCleanAudit(config.layout().lastAuditFile(), replay.namespace());
    return replay.namespace();
  }

  private static void requireCleanAudit(Path auditFile, String namespace) {
    String audit = "./lakehouse audit --tables '" + namespace + ".*' --settle 0s";
    if (!Files.exists(auditFile)) {
      throw new StackException("Cannot switch dbt to " + namespace + " before an audit passed on it: run " + audit
          + " once the replay caught up (./lakehouse status shows its lag)");
    }
    Map<String, TableAuditResult> audited;
    try {
      audited = SavedAudit.read(auditFile).tables().stream()
          .collect(Collectors.toMap(TableAuditResult::table, Function.identity(), (a, b) -> b));
    } catch (IOException e) {
      throw new StackException("Cannot read the last audit " + auditFile + ": " + e.getMessage() + "; run " + audit, e);
    }
    List<String> tables = Topics.OUTPUTS.stream().map(topic -> namespace + "." + Topics.tableName(topic)).toList();
    List<String> missing = tables.stream().filter(table -> !audited.containsKey(table)).toList();
    List<String> broken = tables.stream().filter(audited::containsKey).filter(table -> !audited.get(table).clean()).toList();
    if (!missing.isEmpty()) {
      throw new StackException("Cannot switch dbt to " + namespace + ": the last audit did not check " + missing
          + "; run " + audit);
    }
    if (!broken.isEmpty()) {
      throw new StackException("Cannot switch dbt to " + namespace + ": the last audit found breaks in " + broken
          + " (./lakehouse status shows them); if the replay was still catching up, run " + audit + " again");
    }
  }
}
