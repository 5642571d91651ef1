package dev.lakehouse.testkit;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;

/** Topics for a broker of this project: created when missing (existing ones are left as they are), then waited for until online. */
public final class NewTopics {
  private NewTopics() {}

  /** {@code names} with {@code partitions} partitions and one replica each. */
  static void create(String bootstrapServers, int partitions, String... names)
      throws ExecutionException, InterruptedException {
    ensure(bootstrapServers, Arrays.stream(names).map(name -> new NewTopic(name, partitions, (short) 1)).toList());
  }

  public static void ensure(String bootstrapServers, List<NewTopic> topics)
      throws ExecutionException, InterruptedException {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      Set<String> existing = admin.listTopics().names().get();
      admin.createTopics(topics.stream().filter(topic -> !existing.contains(topic.name())).toList()).all().get();
      TopicLeaders.await(admin, topics.stream().map(NewTopic::name).toList());
    }
  }
}
