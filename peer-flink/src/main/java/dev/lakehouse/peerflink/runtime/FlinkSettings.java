package dev.lakehouse.peerflink.runtime;

import dev.lakehouse.peerflink.config.PeerConfig;
import dev.lakehouse.peerflink.job.PartitionKeys;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.core.execution.RecoveryClaimMode;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;

/**
 * The Flink configuration of the local MiniCluster: exactly-once checkpoints at the configured
 * interval, RocksDB state with incremental checkpoints kept after the process ends (so a restart
 * resumes from the last one), no Kryo (every type the job moves is a POJO or record), then the
 * {@code flink.*} overrides.
 */
public final class FlinkSettings {
  private FlinkSettings() {}

  public static Configuration of(PeerConfig config, Optional<Path> restoreFrom) {
    Path data = config.dataDir();
    Configuration flink = new Configuration();
    flink.set(CoreOptions.DEFAULT_PARALLELISM, config.parallelism());
    flink.set(PipelineOptions.MAX_PARALLELISM, PartitionKeys.MAX_PARALLELISM);
    flink.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, config.checkpointInterval());
    flink.set(CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE, CheckpointingMode.EXACTLY_ONCE);
    flink.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpointDir(data).toUri().toString());
    flink.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, true);
    flink.set(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
        ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
    flink.set(StateBackendOptions.STATE_BACKEND, "rocksdb");
    flink.set(RocksDBOptions.LOCAL_DIRECTORIES, data.resolve("rocksdb").toString());
    flink.set(PipelineOptions.GENERIC_TYPES, false);
    flink.set(PipelineOptions.OBJECT_REUSE, true);
    restoreFrom.ifPresent(checkpoint -> {
      flink.set(StateRecoveryOptions.SAVEPOINT_PATH, checkpoint.toUri().toString());
      flink.set(StateRecoveryOptions.RESTORE_MODE, RecoveryClaimMode.NO_CLAIM);
    });
    config.flinkOverrides().forEach(flink::setString);
    return flink;
  }

  public static Path checkpointDir(Path dataDir) {
    return dataDir.resolve("checkpoints");
  }
}
