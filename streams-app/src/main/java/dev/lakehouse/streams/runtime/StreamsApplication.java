package dev.lakehouse.streams.runtime;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.StreamsProperties;
import dev.lakehouse.streams.config.TopologyKeys;
import dev.lakehouse.streams.health.StateTracker;
import dev.lakehouse.streams.http.StatusServer;
import dev.lakehouse.streams.topology.LakehouseTopology;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams.State;
import org.apache.kafka.streams.Topology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starts the pipeline: topic check, topology, Kafka Streams, HTTP endpoints, shutdown hook. */
public final class StreamsApplication {
  private static final Logger LOG = LoggerFactory.getLogger(StreamsApplication.class);

  private final AppConfig config;

  public StreamsApplication(AppConfig config) {
    this.config = config;
  }

  /** Runs until Kafka Streams stops, and returns the process exit code. */
  public int run() throws InterruptedException {
    if (config.topicCheckEnabled()) {
      List<String> topics = new ArrayList<>(Topics.INPUTS);
      topics.addAll(Topics.OUTPUTS);
      new TopicCheck(StreamsProperties.admin(config), config.topicCheckTimeout()).requireTopics(topics);
    }
    Properties properties = StreamsProperties.of(config);
    Topology topology = LakehouseTopology.build(TopologyKeys.settings(config), properties);
    LOG.info("Topology:\n{}", topology.describe());

    StateTracker tracker = new StateTracker();
    StreamsRunner runner = new StreamsRunner(topology, properties, tracker);
    StatusServer server = StatusServer.start(
        new InetSocketAddress(config.httpBindAddress(), config.httpPort()),
        StatusEndpoints.routes(tracker, runner::metrics));
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      LOG.info("Shutting down: closing Kafka Streams (at most {})", config.shutdownTimeout());
      runner.close(config.shutdownTimeout());
      server.close();
    }, "lakehouse-streams-shutdown"));

    runner.start();
    State finalState = runner.awaitStop();
    runner.close(config.shutdownTimeout());
    server.close();
    if (finalState == State.ERROR) {
      LOG.error("Kafka Streams stopped in ERROR; exiting with {}", ExitCode.FAILED.code());
      return ExitCode.FAILED.code();
    }
    return 0;
  }
}
