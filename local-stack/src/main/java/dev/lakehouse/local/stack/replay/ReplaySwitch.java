package dev.lakehouse.local.stack.replay;

import dev.lakehouse.local.stack.InvalidInputException;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.components.DbtComponent;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.Replays;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.maintenance.erasure.ErasedRowsLeft;
import dev.lakehouse.maintenance.erasure.ErasureReport;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.schemas.Topics;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which namespace dbt may read: the live one always; a replay's only once the last saved audit
 * ({@code ./lakehouse audit}) covered every table of it and found each clean (a replay that has not
 * caught up, or lost or doubled a row, never reaches the serving views), every recorded erasure is
 * applied to it again and none of those customers is left in it (it re-read them from the input
 * topics), and its results equal the live ones, or the user said why they may differ.
 */
public final class ReplaySwitch {
  private ReplaySwitch() {}

  /**
   * Where dbt may read from now.
   *
   * @param comparison the replay against the live tables, as printed and recorded; null when switching back to live
   */
  public record Decision(String namespace, ReplayComparison comparison) {}

  /**
   * The namespace of {@code target} ({@code live} or a started replay's id), checked as above; prints
   * the erasures applied and the comparison with the live tables.
   *
   * @param acceptedDifferences why the replay may differ from the live tables (a logic change), or null
   * @param settle ledger rows younger than this are left out of the comparison
   */
  public static Decision decide(StackConfig config, String target, String acceptedDifferences, Duration settle,
      Duration finalAfter, PrintStream out) throws Exception {
    if (acceptedDifferences != null && acceptedDifferences.isBlank()) {
      throw new InvalidInputException("Cannot accept differences without a reason: give one, e.g. --accept-differences"
          + " \"payments before their order in event time are now UNKNOWN_ORDER (issue 47)\"; it is recorded in "
          + config.layout().replaySwitchesFile());
    }
    if ("live".equals(target)) {
      if (acceptedDifferences != null) {
        throw new InvalidInputException("Cannot accept differences when switching back to live: --accept-differences"
            + " belongs to a switch to a replay");
      }
      return new Decision(DbtComponent.LIVE_SCHEMA, null);
    }
    Replay replay = audited(config, target);
    try (ReplayGate gate = ReplayGate.open(config)) {
      Optional<ErasureReport> erasure = gate.reapplyErasures(replay);
      erasure.ifPresent(report -> out.print("Recorded erasures applied again to " + replay.namespace() + ":"
          + System.lineSeparator() + report.text()));
      List<ErasedRowsLeft.Held> left = gate.erasedRowsLeft(replay);
      if (!left.isEmpty()) {
        throw new StackException("Cannot switch dbt to " + replay.namespace() + ": it still holds rows of erased customers ("
            + left.stream().map(h -> h.table() + ": " + h.rows() + " rows").collect(Collectors.joining(", "))
            + "); the erasure report above says why they could not be removed; run ./lakehouse replay switch "
            + replay.id() + " again once that is resolved");
      }
      ReplayComparison comparison = gate.compare(replay, settle, finalAfter);
      out.print(comparison.text());
      if (!comparison.same() && acceptedDifferences == null) {
        throw new StackException("Cannot switch dbt to " + replay.namespace() + ": its results differ from the live"
            + " tables' (above). If the new logic is meant to change them, switch with --accept-differences \"<why>\""
            + " (recorded in " + config.layout().replaySwitchesFile() + "); if not, the replay is wrong: find out why"
            + " before dbt reads it (if it was still catching up, compare again: ./lakehouse replay compare "
            + replay.id() + ")");
      }
      ReplaySwitches.record(config.layout(), replay, comparison, comparison.same() ? null : acceptedDifferences);
      return new Decision(replay.namespace(), comparison);
    }
  }

  /** A started replay whose tables the last saved audit checked and found clean. */
  public static Replay audited(StackConfig config, String target) {
    Replay replay = new Replay(target);
    if (!Replays.started(config.layout()).contains(replay)) {
      throw new InvalidInputException("Cannot switch dbt to replay " + target + ": no such replay in this stack (started: "
          + Replays.started(config.layout()).stream().map(Replay::id).toList() + "); ./lakehouse replay start " + target
          + " first");
    }
    requireCleanAudit(config.layout().lastAuditFile(), replay.namespace());
    return replay;
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
