package dev.lakehouse.local.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.local.status.StatusCollector;
import dev.lakehouse.local.status.StatusTargets;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.RepoDir;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code streams.instances=2} and {@code connect.workers=2} on the real processes: two Streams app
 * JVMs in one application, two Connect worker JVMs in one cluster running the sink's tasks between
 * them, every instance in {@code status} and {@code ps}, and {@code down} stopping all of them.
 */
class ScaledStackTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dataDir;
  private LocalStack stack;

  @AfterEach
  void stopEverything() {
    if (stack != null) {
      stack.down();
    }
  }

  @Test
  void twoStreamsInstancesShareTheAppAndTwoWorkersShareTheSink() throws Exception {
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    // every port setting, the unused ones too: the stack refuses a port that any other one takes
    overrides.put(Setting.KAFKA_PORT, Integer.toString(FreePorts.pickWithNext()));
    overrides.put(Setting.S3_PORT, Integer.toString(FreePorts.pick()));
    // the second instance takes the port + 100
    overrides.put(Setting.CONNECT_PORT, Integer.toString(FreePorts.pickSpaced(2, StackConfig.INSTANCE_PORT_STEP)));
    overrides.put(Setting.STREAMS_PORT, Integer.toString(FreePorts.pickSpaced(2, StackConfig.INSTANCE_PORT_STEP)));
    overrides.put(Setting.TRINO_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.DASHBOARD_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.STREAMS_INSTANCES, "2");
    overrides.put(Setting.CONNECT_WORKERS, "2");
    overrides.put(Setting.TOPIC_PARTITIONS, "2");
    overrides.put(Setting.SERVICES_HEAP, "512m");
    for (Setting off : List.of(Setting.TRINO_ENABLED, Setting.DBT_ENABLED, Setting.DASHBOARD_ENABLED,
        Setting.MAINTENANCE_ENABLED, Setting.GENERATOR_ENABLED)) {
      overrides.put(off, "false");
    }
    StackConfig config = StackConfig.of(RepoDir.get(), overrides);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stack = LocalStack.standard(config, new PrintStream(out, true));

    stack.up();

    assertThat(stack.states()).filteredOn(s -> s.state().equals("running")).extracting(LocalStack.ComponentState::name)
        .containsExactly("services", "connect", "connect-2", "streams", "streams-2");
    // one Streams application: both instances (each with its stream threads as members) hold partitions of its group
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers()))) {
      Awaitility.await("both instances assigned in " + config.streamsApplicationId()).atMost(Duration.ofSeconds(90))
          .until(() -> admin.describeConsumerGroups(List.of(config.streamsApplicationId())).all().get(30, TimeUnit.SECONDS)
              .get(config.streamsApplicationId()).members().stream()
              .filter(m -> !m.assignment().topicPartitions().isEmpty())
              .map(m -> m.clientId().substring(0, Math.max(0, m.clientId().indexOf("-StreamThread-"))))  // <app>-<process id>
              .distinct().count() == 2);
    }
    // one Connect cluster: the second worker serves the connector the first was given, and runs some of its tasks
    Awaitility.await("the sink's tasks on both workers").atMost(Duration.ofSeconds(90)).until(() -> {
      Http.Response status = Http.get(config.connectUrl(2) + "/connectors/" + connectorName(config) + "/status");
      if (!status.ok()) {
        return false;
      }
      Set<String> workers = new HashSet<>();
      JsonNode tasks = JSON.readTree(status.body()).path("tasks");
      tasks.forEach(task -> workers.add(task.path("worker_id").asText()));
      return tasks.size() == config.topicPartitions() && workers.size() == 2;
    });
    // status names each instance's state; a follow-up rebalance (the standby's warm-up) may still be under way
    StatusCollector statusCollector = new StatusCollector(StatusTargets.of(config), Clock.systemUTC());
    Awaitility.await("status showing both instances RUNNING").atMost(Duration.ofSeconds(60)).untilAsserted(() ->
        assertThat(statusCollector.collect().streams().state()).isEqualTo("instance 1 RUNNING, instance 2 RUNNING"));

    assertThat(stack.down()).contains("streams", "streams-2", "connect", "connect-2", "services");
    assertThat(stack.states()).filteredOn(s -> !s.state().startsWith("skipped")).extracting(LocalStack.ComponentState::state)
        .containsOnly("stopped");
  }

  private static String connectorName(StackConfig config) throws Exception {
    JsonNode names = JSON.readTree(Http.get(config.connectUrl() + "/connectors").body());
    assertThat(names).as("connectors").hasSize(1);
    return names.get(0).asText();
  }
}
