package dev.lakehouse.testkit;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;

/** Topics for a test broker: created when missing, one replica each, then waited for until online. */
final class NewTopics {
  private NewTopics() {}

  static void create(String bootstrapServers, int partitions, String... names)
      throws ExecutionException, InterruptedException {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      Set<String> existing = admin.listTopics().names().get();
      List<NewTopic> missing = Arrays.stream(names)
          .filter(name -> !existing.contains(name))
          .map(name -> new NewTopic(name, partitions, (short) 1))
          .toList();
      admin.createTopics(missing).all().get();
      TopicLeaders.await(admin, Arrays.asList(names));
    }
  }
}
