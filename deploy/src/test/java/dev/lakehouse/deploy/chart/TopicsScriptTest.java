package dev.lakehouse.deploy.chart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.deploy.tools.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The topics Job's script (files/topics.sh) against a stand-in kafka-topics.sh that answers
 * --describe from a file per existing topic, as Kafka 4.3's prints it, and records every other call.
 */
class TopicsScriptTest {
  private static final Path SCRIPT = Chart.DIR.resolve("files/topics.sh");

  @TempDir
  Path dir;

  @Test
  void createsTheMissingTopicsWithTheirPartitionsAndConfigs() throws Exception {
    Tools.Result result = run("orders 12 delete min.insync.replicas=2,retention.ms=1209600000,\n"
        + "customers 3 compact cleanup.policy=compact,min.insync.replicas=2,\n", Map.of(), "true");

    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(Files.readAllLines(dir.resolve("calls"))).containsExactly(
        "--create --if-not-exists --topic orders --partitions 12 --replication-factor 3 --config min.insync.replicas=2 --config retention.ms=1209600000",
        "--create --if-not-exists --topic customers --partitions 3 --replication-factor 3 --config cleanup.policy=compact --config min.insync.replicas=2");
  }

  @Test
  void acceptsExistingTopicsThatMatch() throws Exception {
    Tools.Result result = run("orders 12 delete retention.ms=1,\ncustomers 3 compact cleanup.policy=compact,\n",
        Map.of("orders", describe("orders", 12, "retention.ms=1"),
            "customers", describe("customers", 3, "min.insync.replicas=2,cleanup.policy=compact,segment.ms=1")),
        "true");

    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).contains("checked orders: 12 partitions", "checked customers: 3 partitions, cleanup.policy=compact");
    assertThat(dir.resolve("calls")).doesNotExist();
  }

  @Test
  void refusesAnExistingTopicWithOtherPartitionsOrPolicyAndOrdersUnlikePayments() throws Exception {
    Tools.Result result = run("orders 12 delete ,\npayments 12 delete ,\ncustomers 3 compact cleanup.policy=compact,\n",
        Map.of("orders", describe("orders", 12, ""), "payments", describe("payments", 8, ""), "customers", describe("customers", 3, "")),
        "true");

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.output()).contains("Cannot use topic payments: it has 8 partitions, the chart's values say 12")
        .contains("Cannot use topic customers: its cleanup.policy is delete, the chart's values say compact")
        .contains("orders has 12 partitions and payments 8; they must have the same count")
        .contains("3 topic problem(s)");
  }

  @Test
  void checkOnlyRefusesAMissingTopicInsteadOfCreatingIt() throws Exception {
    Tools.Result result = run("orders 12 delete ,\n", Map.of(), "false");

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.output()).contains("Cannot use topic orders: it does not exist and topics.create is false");
    assertThat(dir.resolve("calls")).doesNotExist();
  }

  private Tools.Result run(String topics, Map<String, String> existing, String create) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path described = Files.createDirectories(dir.resolve("described"));
    for (Map.Entry<String, String> topic : existing.entrySet()) {
      Files.writeString(described.resolve(topic.getKey()), topic.getValue());
    }
    Path fake = Files.writeString(bin.resolve("kafka-topics.sh"), """
        #!/usr/bin/env bash
        # the stand-in: --describe prints the described/<topic> file or fails; anything else is recorded
        args=("$@")
        for ((i = 0; i < ${#args[@]}; i++)); do [[ "${args[i]}" == --topic ]] && topic="${args[i+1]}"; done
        if [[ " $* " == *" --describe "* ]]; then
          [[ -f "%1$s/$topic" ]] || { echo "Error while executing topic command : Topic '$topic' does not exist" >&2; exit 1; }
          cat "%1$s/$topic"
        else
          echo "${args[@]:4}" >> "%2$s"
        fi
        """.formatted(described, dir.resolve("calls")));
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
    Path topicsFile = Files.writeString(dir.resolve("topics.txt"), topics);
    return Tools.run(List.of("bash", SCRIPT.toString()), Map.of("KAFKA_BIN", bin.toString(), "BOOTSTRAP_SERVERS", "b-1:9098",
        "CLIENT_CONFIG", "/dev/null", "TOPICS_FILE", topicsFile.toString(), "CREATE", create, "REPLICATION_FACTOR", "3"), 60);
  }

  private static String describe(String topic, int partitions, String configs) {
    StringBuilder out = new StringBuilder("Topic: " + topic + "\tTopicId: 5PvPMYsTQSGVlTHv6tUGYQ\tPartitionCount: " + partitions
        + "\tReplicationFactor: 3\tConfigs: " + configs + "\n");
    for (int partition = 0; partition < partitions; partition++) {
      out.append("\tTopic: ").append(topic).append("\tPartition: ").append(partition).append("\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2,3\n");
    }
    return out.toString();
  }
}
