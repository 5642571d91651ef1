package dev.lakehouse.maintenance.report;

/**
 * A 0-100 score of how much a table needs maintenance, from three parts (Amoro scores the same
 * figures): files (50 points: the ideal file count for the bytes in each partition over the actual
 * count), manifests (25: the rewrite threshold over the count, capped at 1) and snapshots (25: the
 * share of snapshots not yet past the maximum age). 100 is a freshly maintained table.
 */
public record HealthScore(int score, double fileScore, double manifestScore, double snapshotScore) {
  public static final int FILE_POINTS = 50;
  public static final int MANIFEST_POINTS = 25;
  public static final int SNAPSHOT_POINTS = 25;

  public static HealthScore of(TableStats stats, int maxManifests) {
    double files = stats.dataFiles() == 0 ? 1 : Math.min(1, (double) stats.idealFiles() / stats.dataFiles());
    double manifests = stats.manifests() <= maxManifests ? 1 : (double) maxManifests / stats.manifests();
    double snapshots = stats.snapshots() == 0 ? 1 : 1 - (double) stats.snapshotsPastMaxAge() / stats.snapshots();
    int score = (int) Math.round(FILE_POINTS * files + MANIFEST_POINTS * manifests + SNAPSHOT_POINTS * snapshots);
    return new HealthScore(score, round(files), round(manifests), round(snapshots));
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
