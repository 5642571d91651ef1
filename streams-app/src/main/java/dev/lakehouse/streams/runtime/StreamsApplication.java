package dev.lakehouse.streams.runtime;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.StreamsProperties;
import dev.lakehouse.streams.config.TopologyKeys;
import dev.lakehouse.streams.health.CombinedState;
import dev.lakehouse.streams.health.StateTracker;
import dev.lakehouse.streams.http.StatusServer;
import dev.lakehouse.streams.topology.LakehouseTopology;
import dev.lakehouse.streams.topology.ReferenceChecksTopology;
import dev.lakehouse.streams.topology.TopologySettings;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams.State;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the pipeline: topic check, topologies, Kafka Streams, HTTP endpoints, shutdown hook. Two
 * Kafka Streams clients run in the process: the pipeline, and the reference checks that
 * dead-letter invalid customers and merchants records (see {@link ReferenceChecksTopology}); when
 * one stops, the process stops both, within one deadline ({@link GracefulStop}).
 */
public final class StreamsApplication {
  private static final Logger LOG = LoggerFactory.getLogger(StreamsApplication.class);

  private final AppConfig config;

  public StreamsApplication(AppConfig config) {
    this.config = config;
  }

  /** Runs until Kafka Streams stops, and returns the process exit code. */
  public int run() throws InterruptedException {
    TopicCheck topics = new TopicCheck(StreamsProperties.admin(config), config.topicCheckTimeout());
    // every knob but the partition count, which is read from the cluster below
    TopologySettings configured = TopologyKeys.settings(config).build();
    if (config.topicCheckEnabled()) {
      List<String> required = new ArrayList<>(Topics.INPUTS);
      Topics.OUTPUTS.forEach(output -> required.add(configured.outputTopic(output)));
      topics.requireTopics(required);
    }
    int inputPartitions = topics.sharedPartitionCount(Topics.ORDERS, Topics.PAYMENTS);
    TopologySettings settings = configured.toBuilder().inputPartitions(inputPartitions).build();
    Properties pipeline = StreamsProperties.of(config, inputPartitions);
    LOG.info("{} stream thread(s) for {} input partitions", pipeline.get(StreamsConfig.NUM_STREAM_THREADS_CONFIG),
        inputPartitions);
    Properties referenceChecks = StreamsProperties.referenceChecks(config);
    Topology topology = LakehouseTopology.build(settings, pipeline);
    LOG.info("Topology:\n{}", topology.describe());

    CountDownLatch stopped = new CountDownLatch(1);
    StateTracker pipelineState = new StateTracker("Kafka Streams (pipeline)");
    StateTracker checksState = new StateTracker("Kafka Streams (reference checks)");
    RestoredRecords pipelineRestores = new RestoredRecords("pipeline");
    RestoredRecords checksRestores = new RestoredRecords("reference-checks");
    // before the pipeline client exists: it opens the stores it finds while it is constructed
    LocalState localState = new LocalState(config.stateDir(), config.applicationId());
    localState.discardAfterUncleanStop();
    StreamsRunner pipelineRunner = new StreamsRunner(topology, pipeline, pipelineState, stopped, pipelineRestores);
    StreamsRunner checksRunner = new StreamsRunner(ReferenceChecksTopology.build(settings, referenceChecks),
        referenceChecks, checksState, stopped, checksRestores);
    List<StreamsRunner> runners = List.of(pipelineRunner, checksRunner);
    StatusServer server = StatusServer.start(
        new InetSocketAddress(config.httpBindAddress(), config.httpPort()),
        StatusEndpoints.routes(new CombinedState(List.of(pipelineState, checksState)), () -> metrics(runners),
            RestoredRecords.metrics(List.of(pipelineRestores, checksRestores))));
    GracefulStop stop = new GracefulStop(pipelineRunner, checksRunner, localState::markCleanStop, server,
        config.shutdownTimeout(), Instant::now);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      LOG.info("Shutting down: closing both Kafka Streams clients within {} ms", config.shutdownTimeout().toMillis());
      stop.run();
    }, "lakehouse-streams-shutdown"));

    runners.forEach(StreamsRunner::start);
    stopped.await();
    boolean failed = runners.stream().anyMatch(runner -> runner.state() == State.ERROR);
    stop.run();
    if (failed) {
      LOG.error("Kafka Streams stopped in ERROR; exiting with {}", ExitCode.FAILED.code());
      return ExitCode.FAILED.code();
    }
    return 0;
  }

  private static Map<MetricName, Metric> metrics(List<StreamsRunner> runners) {
    Map<MetricName, Metric> all = new HashMap<>();
    runners.forEach(runner -> all.putAll(runner.metrics()));
    return all;
  }
}
