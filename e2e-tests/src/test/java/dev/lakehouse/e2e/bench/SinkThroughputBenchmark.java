package dev.lakehouse.e2e.bench;

import dev.lakehouse.e2e.harness.EnrichedOrders;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.local.stack.components.ConnectorComponent;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.JavaCommand;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.awaitility.Awaitility;

/**
 * Sink throughput: rows per second from {@code orders-enriched} into its Iceberg table with 1 and
 * with 2 sink tasks (each a fresh connector reading the topic from the start), beside a plain
 * consumer reading the same topic (the broker's ceiling on this machine).
 *
 * <p>Run: {@code e2e-tests/bench/sink-throughput.sh} (system property bench.rows).
 */
public final class SinkThroughputBenchmark {
  private SinkThroughputBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rows = Integer.getInteger("bench.rows", 300_000);
    try (PipelineStack stack = PipelineStack.startWorkerOnly("bench-sink");
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      produce(stack.bootstrapServers(), rows);
      double ceiling = consumeAll(stack.bootstrapServers(), rows);
      System.out.printf("sink bench: %d rows of %s; broker ceiling (plain consumer): %.0f rows/s%n",
          rows, Topics.ORDERS_ENRICHED, ceiling);
      long landed = 0;
      for (int tasks : List.of(1, 2)) {
        String name = "bench-t" + tasks;
        connectConfig(stack, "apply", name, tasks);
        long start = System.nanoTime();
        long target = landed + rows;
        Awaitility.await().atMost(Duration.ofMinutes(10)).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
            .until(() -> tables.rowCount(OutputTable.ORDERS_ENRICHED) >= target);
        double elapsed = (System.nanoTime() - start) / 1e9;
        landed = tables.rowCount(OutputTable.ORDERS_ENRICHED);
        System.out.printf("sink bench: %d task(s): %d rows in %.1f s = %.0f rows/s (ratio to ceiling %.3f)%n",
            tasks, rows, elapsed, rows / elapsed, rows / elapsed / ceiling);
        connectConfig(stack, "delete", name, tasks);
      }
    }
  }

  private static void produce(String bootstrapServers, int rows) {
    Instant base = Instant.now().minus(Duration.ofHours(1));
    List<GenericRecord> batch = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      batch.add(EnrichedOrders.row("bench", i, base.plusMillis(i)));
    }
    EnrichedOrders.produce(bootstrapServers, batch);
  }

  /** Rows per second of a plain consumer reading the whole topic once. */
  private static double consumeAll(String bootstrapServers, int rows) {
    Map<String, Object> props = Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(Topics.ORDERS_ENRICHED).stream()
          .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long start = System.nanoTime();
      long read = 0;
      while (read < rows) {
        read += consumer.poll(Duration.ofMillis(200)).count();
      }
      return read / ((System.nanoTime() - start) / 1e9);
    }
  }

  /** Runs the connect-config CLI (its packaged jar) against the stack's worker. */
  private static void connectConfig(PipelineStack stack, String verb, String name, int tasks) throws Exception {
    JavaCommand command = new JavaCommand(ModuleJars.classpath(RepoDir.get(), ConnectorComponent.MODULE,
            "the connect-config CLI"), ConnectorComponent.CLI_CLASS)
        .heap("256m").args(verb, "--connect-url", stack.connectUrl(), "--name", name);
    if (verb.equals("apply")) {
      command.args("--env", "local", "--tasks-max", Integer.toString(tasks),
          "--bootstrap-servers", stack.bootstrapServers(), "--s3-endpoint", stack.s3Endpoint(),
          "--data-dir", stack.config().dataDir().toString());
    }
    Path log = stack.config().layout().logFile("connect-config-" + verb + "-" + name);
    try (ChildProcess cli = command.start(log)) {
      int exit = cli.waitFor(Duration.ofMinutes(3));
      if (exit != 0) {
        throw new IllegalStateException("Cannot " + verb + " connector " + name + ": the connect-config CLI exited with "
            + exit + ":\n" + cli.log());
      }
    }
  }
}
