package dev.lakehouse.local.faults;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A seeded fault schedule: how many of each fault, shuffled, each after a pause drawn between
 * {@code minPause} and {@code maxPause}. The same seed and counts give the same schedule.
 */
public final class FaultPlan {
  /** How many of each fault; kills pick a random instance each time. */
  public record Counts(int streamsKills, int connectKills, int rollingRestarts, int scaleDownUps, int maintenanceRuns,
      int brokerRestarts) {}

  private FaultPlan() {}

  public static List<Fault> seeded(long seed, Counts counts, int streamsInstances, int connectWorkers,
      Duration minPause, Duration maxPause) {
    require(counts.scaleDownUps() == 0 || streamsInstances >= 2, "scale-downs", counts.scaleDownUps(),
        "needs streams.instances >= 2 (the others take the stopped instance's partitions); it is " + streamsInstances);
    require(!maxPause.minus(minPause).isNegative(), "pauses",
        DurationFormat.format(minPause) + ".." + DurationFormat.format(maxPause), "must not end before they start");
    for (int n : List.of(counts.streamsKills(), counts.connectKills(), counts.rollingRestarts(), counts.scaleDownUps(),
        counts.maintenanceRuns(), counts.brokerRestarts())) {
      require(n >= 0, "counts", counts, "must be >= 0");
    }
    Random random = new Random(seed);
    List<Fault.Kind> kinds = new ArrayList<>();
    add(kinds, Fault.Kind.KILL, counts.streamsKills() + counts.connectKills());
    add(kinds, Fault.Kind.ROLLING_RESTART, counts.rollingRestarts());
    add(kinds, Fault.Kind.SCALE_DOWN_UP, counts.scaleDownUps());
    add(kinds, Fault.Kind.MAINTENANCE_RUN, counts.maintenanceRuns());
    add(kinds, Fault.Kind.BROKER_RESTART, counts.brokerRestarts());
    Collections.shuffle(kinds, random);
    // which kills hit Streams and which Connect: shuffled apart from the order of kinds
    List<String> killed = new ArrayList<>();
    for (int i = 0; i < counts.streamsKills(); i++) {
      killed.add(instance("streams", 1 + random.nextInt(streamsInstances)));
    }
    for (int i = 0; i < counts.connectKills(); i++) {
      killed.add(instance("connect", 1 + random.nextInt(connectWorkers)));
    }
    Collections.shuffle(killed, random);
    List<Fault> faults = new ArrayList<>();
    int kill = 0;
    int rolling = 0;
    for (Fault.Kind kind : kinds) {
      Duration pause = minPause.plusMillis((long) (random.nextDouble() * maxPause.minus(minPause).toMillis()));
      String target = switch (kind) {
        case KILL -> killed.get(kill++);
        // alternate, so that two rolling restarts cover both kinds
        case ROLLING_RESTART -> rolling++ % 2 == 0 ? "streams" : "connect";
        case SCALE_DOWN_UP -> instance("streams", 2 + random.nextInt(streamsInstances - 1));
        case MAINTENANCE_RUN -> "";
        case BROKER_RESTART -> "services";
      };
      faults.add(new Fault(kind, target, pause));
    }
    return List.copyOf(faults);
  }

  /** The component name of instance {@code n} (1-based) of a kind, as the local stack names them. */
  static String instance(String kind, int n) {
    return n == 1 ? kind : kind + "-" + n;
  }

  private static void add(List<Fault.Kind> kinds, Fault.Kind kind, int count) {
    for (int i = 0; i < count; i++) {
      kinds.add(kind);
    }
  }

  private static void require(boolean ok, String what, Object value, String rule) {
    if (!ok) {
      throw new IllegalArgumentException("Cannot plan the faults: " + what + "=" + value + " " + rule);
    }
  }
}
