package dev.lakehouse.connect.kafka;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * The sink's control topic (commit requests and data-written events between its tasks and its
 * coordinator). The sink does not create it, and brokers with topic auto-creation off would leave
 * the tasks waiting, so it is created here, with one partition, before the connector starts.
 */
public final class ControlTopic {
  private static final String KAFKA_PREFIX = "iceberg.kafka.";
  private static final short MAX_REPLICAS = 3;

  private ControlTopic() {}

  /** @return true when it was created, false when it existed */
  public static boolean ensure(Map<String, String> resolvedConfig, String topic) {
    return ensure(resolvedConfig, topic, Admin::create);
  }

  /** @param admins opens the admin client from its settings; tests pass a fake */
  static boolean ensure(Map<String, String> resolvedConfig, String topic, Function<Map<String, Object>, Admin> admins) {
    Map<String, Object> admin = new HashMap<>();
    resolvedConfig.forEach((key, value) -> {
      if (key.startsWith(KAFKA_PREFIX)) {
        admin.put(key.substring(KAFKA_PREFIX.length()), value);
      }
    });
    if (!admin.containsKey(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)) {
      throw new IllegalArgumentException("Cannot create the control topic " + topic
          + ": iceberg.kafka.bootstrap.servers is not set");
    }
    admin.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
    try (Admin client = admins.apply(admin)) {
      if (client.listTopics().names().get(30, TimeUnit.SECONDS).contains(topic)) {
        return false;
      }
      int brokers = client.describeCluster().nodes().get(30, TimeUnit.SECONDS).size();
      short replicas = (short) Math.max(1, Math.min(MAX_REPLICAS, brokers));
      client.createTopics(List.of(new NewTopic(topic, 1, replicas))).all().get(30, TimeUnit.SECONDS);
      return true;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof TopicExistsException) {
        return false;
      }
      throw new IllegalStateException("Cannot create the control topic " + topic + " on "
          + admin.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG) + ": " + e.getCause().getMessage(), e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("Cannot create the control topic " + topic + ": no answer from Kafka at "
          + admin.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG) + " within 30 s; is it running?", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot create the control topic " + topic + ": interrupted", e);
    }
  }
}
