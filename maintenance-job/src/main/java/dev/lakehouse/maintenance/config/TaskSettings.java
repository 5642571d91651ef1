package dev.lakehouse.maintenance.config;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import java.util.Map;

/**
 * The effective task settings of one table: the global task sections overlaid with the table's
 * entry under {@code table-overrides}.
 */
public record TaskSettings(
    boolean compactionEnabled,
    long targetFileSizeBytes,
    int minInputFiles,
    Duration sealedAfter,
    int hotPartitionMinSmallFiles,
    int commitRetries,
    Duration commitBackoff,
    Duration commitBackoffMax,
    boolean manifestsEnabled,
    int maxManifests,
    boolean expiryEnabled,
    Duration maxSnapshotAge,
    int minSnapshots,
    int maxSnapshots,
    boolean orphansEnabled,
    Duration orphanMinAge) {

  public static final String COMPACTION_ENABLED = "compaction.enabled";
  public static final String TARGET_FILE_SIZE_BYTES = "compaction.target-file-size-bytes";
  public static final String MIN_INPUT_FILES = "compaction.min-input-files";
  public static final String SEALED_AFTER = "compaction.sealed-after";
  public static final String HOT_PARTITION_MIN_SMALL_FILES = "compaction.hot-partition-min-small-files";
  public static final String COMMIT_RETRIES = "compaction.commit-retries";
  public static final String COMMIT_BACKOFF = "compaction.commit-backoff";
  public static final String COMMIT_BACKOFF_MAX = "compaction.commit-backoff-max";
  public static final String MANIFESTS_ENABLED = "manifests.enabled";
  public static final String MAX_MANIFESTS = "manifests.max-manifests";
  public static final String EXPIRY_ENABLED = "expiry.enabled";
  public static final String MAX_SNAPSHOT_AGE = "expiry.max-snapshot-age";
  public static final String MIN_SNAPSHOTS = "expiry.min-snapshots";
  public static final String MAX_SNAPSHOTS = "expiry.max-snapshots";
  public static final String ORPHANS_ENABLED = "orphans.enabled";
  public static final String ORPHAN_MIN_AGE = "orphans.min-age";

  /** Every task key with its default and its meaning (the source of --help and the README). */
  public static final Map<String, String[]> KEYS = Map.ofEntries(
      Map.entry(COMPACTION_ENABLED, new String[] {"true", "rewrite small data files into larger ones (bin-pack)"}),
      Map.entry(TARGET_FILE_SIZE_BYTES, new String[] {"134217728", "size of the files compaction writes"}),
      Map.entry(MIN_INPUT_FILES, new String[] {"2", "a group is rewritten only with at least this many files (or enough bytes for a full file)"}),
      Map.entry(SEALED_AFTER, new String[] {"15m", "a time partition is sealed this long after its end (window + grace + margin); sealed partitions are compacted first"}),
      Map.entry(HOT_PARTITION_MIN_SMALL_FILES, new String[] {"50", "a partition that is not sealed yet is compacted only once it has this many small files"}),
      Map.entry(COMMIT_RETRIES, new String[] {"10", "retries of one file group's commit after concurrent commits (on top of Iceberg's own)"}),
      Map.entry(COMMIT_BACKOFF, new String[] {"500ms", "first wait before retrying a commit, doubled per retry"}),
      Map.entry(COMMIT_BACKOFF_MAX, new String[] {"30s", "longest wait between commit retries"}),
      Map.entry(MANIFESTS_ENABLED, new String[] {"true", "rewrite manifests when the current snapshot has too many"}),
      Map.entry(MAX_MANIFESTS, new String[] {"100", "manifests per snapshot above which they are rewritten"}),
      Map.entry(EXPIRY_ENABLED, new String[] {"true", "expire old snapshots (never the sink's latest offsets snapshot)"}),
      Map.entry(MAX_SNAPSHOT_AGE, new String[] {"5d", "snapshots older than this are expired"}),
      Map.entry(MIN_SNAPSHOTS, new String[] {"50", "the newest snapshots kept whatever their age"}),
      Map.entry(MAX_SNAPSHOTS, new String[] {"1000", "at most this many snapshots of main are kept, however young: size it to the"
          + " sink's commit rate (metadata.json holds every snapshot and is rewritten on each commit)"}),
      Map.entry(ORPHANS_ENABLED, new String[] {"true", "delete files under the table location that no snapshot references"}),
      Map.entry(ORPHAN_MIN_AGE, new String[] {"3d", "only files older than this are orphan candidates; never below the safety floor derived from the sink commit interval"}));

  static TaskSettings from(Map<String, String> values) {
    TypedValues v = new TypedValues(values, KEYS);
    TaskSettings settings = new TaskSettings(
        v.bool(COMPACTION_ENABLED),
        v.positiveLong(TARGET_FILE_SIZE_BYTES),
        v.positiveInt(MIN_INPUT_FILES),
        v.duration(SEALED_AFTER),
        v.positiveInt(HOT_PARTITION_MIN_SMALL_FILES),
        v.nonNegativeInt(COMMIT_RETRIES),
        v.duration(COMMIT_BACKOFF),
        v.duration(COMMIT_BACKOFF_MAX),
        v.bool(MANIFESTS_ENABLED),
        v.positiveInt(MAX_MANIFESTS),
        v.bool(EXPIRY_ENABLED),
        v.duration(MAX_SNAPSHOT_AGE),
        v.positiveInt(MIN_SNAPSHOTS),
        v.positiveInt(MAX_SNAPSHOTS),
        v.bool(ORPHANS_ENABLED),
        v.duration(ORPHAN_MIN_AGE));
    if (settings.maxSnapshots < settings.minSnapshots) {
      throw new ConfigException(String.format("Cannot use '%s' = %d: it is below '%s' = %d", MAX_SNAPSHOTS,
          settings.maxSnapshots, MIN_SNAPSHOTS, settings.minSnapshots));
    }
    if (settings.commitBackoffMax.compareTo(settings.commitBackoff) < 0) {
      throw new ConfigException(String.format(
          "Cannot use '%s' = %s: it is shorter than '%s' = %s", COMMIT_BACKOFF_MAX,
          DurationFormat.format(settings.commitBackoffMax), COMMIT_BACKOFF, DurationFormat.format(settings.commitBackoff)));
    }
    return settings;
  }

  /** Share of the target size below which a file counts as small (Iceberg's default min-file-size ratio). */
  public long smallFileBytes() {
    return (long) (targetFileSizeBytes * 0.75);
  }
}
