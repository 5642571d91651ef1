package dev.lakehouse.e2e.bench;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.local.stack.ModuleJars;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.io.File;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
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
    Map<String, Object> props = Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.LINGER_MS_CONFIG, 20,
        ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024,
        SchemaRegistries.URL_CONFIG, "file:");
    AvroSerializer serializer = new AvroSerializer();
    serializer.configure(props, false);
    try (KafkaProducer<String, GenericRecord> producer = new KafkaProducer<>(props, new StringSerializer(), serializer)) {
      Instant base = Instant.now().minus(Duration.ofHours(1));
      for (int i = 0; i < rows; i++) {
        GenericRecord row = enrichedRow(i, base.plusMillis(i));
        producer.send(new ProducerRecord<>(Topics.ORDERS_ENRICHED, String.valueOf(row.get("order_id")), row));
      }
      producer.flush();
    }
  }

  private static GenericRecord enrichedRow(int i, Instant time) {
    GenericRecord row = new GenericData.Record(Topics.valueSchema(Topics.ORDERS_ENRICHED));
    row.put("event_id", "bench-evt-" + i);
    row.put("order_id", "bench-ord-" + i);
    row.put("customer_id", "bench-cus-" + i % 1000);
    row.put("merchant_id", "bench-mer-" + i % 50);
    row.put("status", "PLACED");
    row.put("amount", BigDecimal.valueOf(1000 + i % 50_000, 2));
    row.put("currency", "EUR");
    row.put("event_time", time);
    row.put("customer_name", "Customer " + i % 1000);
    row.put("customer_country", "DE");
    row.put("customer_segment", "retail");
    row.put("merchant_name", "Merchant " + i % 50);
    row.put("merchant_country", "FR");
    row.put("merchant_category", "grocery");
    row.put("source_topic", Topics.ORDERS);
    row.put("source_partition", i % 3);
    row.put("source_offset", (long) i);
    row.put("processing_time", time);
    return row;
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
    Path repo = PipelineStack.repoDir();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
        "-cp", ModuleJars.classpath(repo, "connect-config", "the connect-config CLI"),
        "dev.lakehouse.connect.cli.ConnectConfigCli", verb,
        "--connect-url", stack.connectUrl(), "--name", name));
    if (verb.equals("apply")) {
      command.addAll(List.of("--env", "local", "--tasks-max", Integer.toString(tasks),
          "--bootstrap-servers", stack.bootstrapServers(), "--s3-endpoint", stack.s3Endpoint(),
          "--data-dir", stack.config().dataDir().toString()));
    }
    Process process = new ProcessBuilder(command).inheritIO().redirectInput(new File("/dev/null")).start();
    if (!process.waitFor(3, TimeUnit.MINUTES) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot " + verb + " connector " + name + ": the connect-config CLI failed ("
          + String.join(" ", command) + ")");
    }
  }
}
