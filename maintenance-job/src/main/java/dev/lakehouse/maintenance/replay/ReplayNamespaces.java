package dev.lakehouse.maintenance.replay;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.catalog.Namespace;

/**
 * The naming rule of a replay's namespace (docs/operations.md "Replaying history"): replay {@code <n>}
 * of namespace {@code lakehouse} lands in {@code lakehouse_replay_<n>}, so the namespace it replays
 * is read off its name.
 */
public final class ReplayNamespaces {
  private static final Pattern REPLAY = Pattern.compile("(.+)_replay_([a-z0-9]{1,16})");

  private ReplayNamespaces() {}

  /** {@code lakehouse_replay_2} for replay {@code 2} of {@code lakehouse}. */
  public static Namespace of(Namespace live, String id) {
    return Namespace.of(live + "_replay_" + id);
  }

  /** The namespace a replay's namespace replays ({@code lakehouse} for {@code lakehouse_replay_2}), or empty for any other. */
  public static Optional<Namespace> liveOf(Namespace namespace) {
    Matcher matcher = REPLAY.matcher(namespace.toString());
    return matcher.matches() ? Optional.of(Namespace.of(matcher.group(1).split("\\."))) : Optional.empty();
  }
}
