package dev.lakehouse.peerflink.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.config.PeerConfig;
import dev.lakehouse.peerflink.runtime.FlinkSettings;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.junit.jupiter.api.Test;

class PeerJobTest {

  @Test
  void theJobBuildsWithEveryTypeAPojoAndEveryOperatorAStableUid() {
    PeerConfig config = PeerConfig.of(Map.of("data.dir", "target/peer-job-test"));
    // generic (Kryo) types are disabled, so any type Flink could not analyse would fail here
    StreamExecutionEnvironment env =
        StreamExecutionEnvironment.getExecutionEnvironment(FlinkSettings.of(config, Optional.empty()));
    PeerJob.build(env, config.jobSettings(4), config.kafkaIo());

    StreamGraph graph = env.getStreamGraph();
    JobGraph jobGraph = graph.getJobGraph();

    assertThat(graph.getStreamNodes()).extracting(StreamNode::getTransformationUID)
        .contains("events-source", "references-source", "events-validation", "order-tracker", "tracked-outputs",
            "revenue-by-merchant-1m-watermarks", "revenue-by-merchant-1m", "payments-by-outcome-1m", "outputs");
    assertThat(jobGraph.getNumberOfVertices()).isGreaterThan(5);
  }
}
