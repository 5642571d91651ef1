package dev.lakehouse.local.stack.components;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.NewTopics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;

/** Creates the pipeline's topics that do not exist yet; existing topics are left as they are. */
public final class PipelineTopics {
  private static final Set<String> REFERENCE_DATA = Set.of(Topics.CUSTOMERS, Topics.MERCHANTS);

  private PipelineTopics() {}

  /**
   * Every pipeline topic, with {@code partitions} partitions each. The sink's control topic is
   * created by the connect-config CLI, Connect's and Streams' internal topics by themselves.
   */
  public static List<NewTopic> plan(int partitions) {
    List<NewTopic> topics = new ArrayList<>();
    for (String name : Topics.ALL) {
      NewTopic topic = new NewTopic(name, partitions, (short) 1);
      if (REFERENCE_DATA.contains(name)) {
        // latest value per key is the reference data; versioned tables rebuild history from it
        topic.configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
      }
      topics.add(topic);
    }
    return topics;
  }

  public static void ensure(String bootstrapServers, int partitions) throws ExecutionException, InterruptedException {
    NewTopics.ensure(bootstrapServers, plan(partitions));
  }

  /** The output topics under a replay's prefix, with {@code partitions} partitions each. */
  public static void ensureOutputs(String bootstrapServers, int partitions, String prefix)
      throws ExecutionException, InterruptedException {
    NewTopics.ensure(bootstrapServers,
        Topics.OUTPUTS.stream().map(topic -> new NewTopic(prefix + topic, partitions, (short) 1)).toList());
  }
}
