package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.OutputTopics;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Streams app alone (its JVM from the packaged jar, on the local stack's broker) checked on its
 * output topics against the same oracle as the Iceberg tables: a difference found here is the
 * topology's, one found only in {@link PipelineEndToEndIT} is the sink's.
 */
class StreamsOutputIT {
  @Test
  void everyOutputTopicMatchesTheOracle() throws Exception {
    int events = Integer.getInteger("e2e.streams.events", 20_000);
    try (PipelineStack stack = PipelineStack.startStreamsOnly("streams-output");
        GroupCatchUp streamsApp = Scenarios.follow(stack)) {
      // 8 minutes of event time, late events from minute 6 on; a lag of 1000 records is 24 s of event time
      GeneratorRun run = Generator.runFollowing(Scenarios.anomalyMix(stack, events, 11)
          .eventsPerMinute(2500).beyondGraceExtra(Duration.ofMinutes(3)).maxLag(1000).build(), streamsApp);
      Map<OutputTable, ExpectedTable> expected = new PipelineOracle(run, Scenarios.APP).expectedTables();
      OutputTopics topics = new OutputTopics(stack.bootstrapServers());
      Landing.awaitComplete(topics, expected, Duration.ofMinutes(3));
      PipelineVerification verification = new PipelineVerification(topics, expected, run.manifest(), Scenarios.GRACE);
      System.out.println("streams output, " + events + " events:" + System.lineSeparator() + verification.report());
      assertThat(verification.ok()).as(verification.problems()).isTrue();
    }
  }
}
