package dev.lakehouse.peerflink;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.peerflink.config.PeerConfig;
import dev.lakehouse.peerflink.config.SettingsSources;
import dev.lakehouse.peerflink.job.KafkaIo;
import dev.lakehouse.peerflink.job.PeerJob;
import dev.lakehouse.peerflink.runtime.FlinkSettings;
import dev.lakehouse.peerflink.runtime.LatestCheckpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.common.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Runs the peer job on a local Flink MiniCluster in this JVM until it is stopped or fails. */
@Command(name = "flink-peer", mixinStandardHelpOptions = true,
    description = {
        "The Streams app's job on Apache Flink: a local MiniCluster, RocksDB state and an",
        "exactly-once Kafka sink, writing the same contracts to topics with a prefix (flink-).",
        "Resumes from the newest checkpoint under <data.dir>/checkpoints when there is one.",
        "Settings: the defaults, then --config, then the environment (" + SettingsSources.ENV_PREFIX + "<KEY>);",
        "keys in peer-flink/README.md."})
public final class FlinkPeer implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(FlinkPeer.class);
  private static final Duration TOPIC_CHECK_TIMEOUT = Duration.ofSeconds(30);

  @Option(names = "--config", paramLabel = "FILE", description = "Java properties file with settings.")
  private Path configFile;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The CLI with the project's exit codes in its {@code --help}; SIGTERM stops it with 143. */
  public static CommandLine commandLine() {
    return ExitCode.describeIn(new CommandLine(new FlinkPeer()), Map.of(
        ExitCode.FAILED, "the job failed (its log says why); 143 when stopped with SIGTERM",
        ExitCode.UNREACHABLE, "the job failed because Kafka or the schema registry did not answer; or, at startup, "
            + "orders and payments could not be described or have different partition counts"));
  }

  @Override
  public Integer call() throws Exception {
    PeerConfig config;
    try {
      config = SettingsSources.load(configFile, System.getenv());
    } catch (ConfigException e) {
      System.err.println(e.getMessage());
      return ExitCode.INVALID.code();
    }
    int inputPartitions;
    try {
      inputPartitions = config.kafkaIo().inputPartitions(TOPIC_CHECK_TIMEOUT);
    } catch (KafkaIo.InputTopicsException e) {
      System.err.println(e.getMessage());
      return ExitCode.UNREACHABLE.code();
    }
    Optional<Path> restoreFrom = LatestCheckpoint.in(FlinkSettings.checkpointDir(config.dataDir()));
    LOG.info("Starting {} with parallelism {} on {} input partitions, checkpoints every {} in {}; {}", PeerJob.NAME,
        config.parallelism(), inputPartitions, config.checkpointInterval(), FlinkSettings.checkpointDir(config.dataDir()),
        restoreFrom.map(path -> "restoring from " + path).orElse("no checkpoint to restore from"));
    StreamExecutionEnvironment env =
        StreamExecutionEnvironment.getExecutionEnvironment(FlinkSettings.of(config, restoreFrom));
    PeerJob.build(env, config.jobSettings(inputPartitions), config.kafkaIo());
    try {
      env.execute(PeerJob.NAME);
      return ExitCode.OK.code();
    } catch (Exception e) {
      LOG.error("The job failed", e);
      return ExitCode.ofFailure(e).code();
    }
  }
}
