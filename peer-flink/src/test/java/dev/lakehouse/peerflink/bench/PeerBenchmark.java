package dev.lakehouse.peerflink.bench;

import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.peerflink.harness.BothSystems;
import dev.lakehouse.peerflink.harness.FlinkPeerJvm;
import dev.lakehouse.peerflink.harness.StreamsAppJvm;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.bench.PassThrough;
import dev.lakehouse.streams.config.StreamsProperties;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.flink.util.FileUtils;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * The Streams app and the Flink peer, one after the other, over the same generated input on the
 * same in-process broker, each with exactly-once and {@code -Xmx1g} in its own JVM: events per
 * second, CPU per input record and peak heap of each, their ratios, and the Streams benchmark's
 * pass-through ceiling on the same input. Not part of {@code mvn
 * verify}: run {@code peer-flink/bench/run.sh [events] [partitions]}.
 */
public final class PeerBenchmark {
  private static final String HEAP = "-Xmx1g";
  private static final Duration CATCH_UP = Duration.ofMinutes(30);
  private static final Duration STOP_GRACE = Duration.ofSeconds(60);

  private PeerBenchmark() {}

  /** A started system: how to wait until it is ready. */
  private interface Ready {
    void await(ChildProcess jvm) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    int events = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    Path work = Files.createTempDirectory("peer-flink-bench");
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"), 0)) {
      List<String> topics = new ArrayList<>(List.of(BothSystems.topics()));
      topics.add(PassThrough.SINK);
      kafka.createTopics(partitions, topics.toArray(String[]::new));
      long inputRecords;
      GeneratorConfig input = GeneratorConfig.builder()
          .bootstrapServers(kafka.bootstrapServers()).seed(7).events(events).tail(false).build();
      try (Generator generator = Generator.create(input)) {
        inputRecords = generator.produceMain().size();
      }
      System.out.printf("input: %d records on %s, %d partitions each (generator seed 7, no tail)%n", inputRecords,
          Topics.INPUTS, partitions);

      double ceiling = inputRecords / new PassThrough(kafka.bootstrapServers(), 100, StreamsProperties.tunedProducerDefaults())
          .run(Topics.INPUTS, inputRecords);

      BothSystems both = new BothSystems(kafka.bootstrapServers(), work);
      Measured streams = measure("Streams app", inputRecords,
          StreamsAppJvm.start(both.streamsConfig(Map.of()), work.resolve("streams-app.log"), List.of(HEAP)),
          jvm -> StreamsAppJvm.awaitReady(jvm, both.streamsHttpPort(), Duration.ofMinutes(3)),
          both.streamsGroup(CATCH_UP), writes(kafka, t -> t.startsWith(BothSystems.STREAMS_GROUP + "-")
              || Topics.OUTPUTS.contains(t)));
      Measured flink = measure("Flink peer", inputRecords,
          FlinkPeerJvm.start(both.flinkConfig(Map.of("parallelism", Integer.toString(partitions))),
              work.resolve("flink-peer.log"), HEAP),
          jvm -> FlinkPeerJvm.awaitRunning(jvm, both.flinkRestPort(), Duration.ofMinutes(3)),
          both.flinkGroup(CATCH_UP), writes(kafka, t -> t.startsWith(BothSystems.FLINK_PREFIX)));

      System.out.printf(Locale.ROOT, "settings: Streams app defaults (a stream thread per core, up to the partitions; "
          + "exactly_once_v2, commit every 100 ms, RocksDB); Flink peer parallelism %d, exactly-once checkpoints "
          + "every 1 s (RocksDB, incremental), transactional Kafka sink; both JVMs %s, same broker, same input%n",
          partitions, HEAP);
      System.out.println(streams.describe());
      System.out.println(flink.describe());
      System.out.printf(Locale.ROOT, "ceiling: %.0f events/s (plain consumer + transactional producer, read_committed, "
          + "commit every 100 ms, the Streams app's producer settings, same Avro serde, same broker and input, "
          + "as streams-app/bench/run.sh)%n", ceiling);
      System.out.printf(Locale.ROOT, "ceiling ratio: %.2f (Streams app), %.2f (Flink peer)%n",
          streams.eventsPerSecond() / ceiling, flink.eventsPerSecond() / ceiling);
      System.out.printf(Locale.ROOT, "flink ratio: %.2f%n", streams.eventsPerSecond() / flink.eventsPerSecond());
      System.out.printf(Locale.ROOT, "flink cpu ratio: %.2f%n",
          flink.cpuSecondsPerRecord() / streams.cpuSecondsPerRecord());
    } finally {
      // the broker's log, both systems' state and logs: about 150 MB per 100,000 events
      FileUtils.deleteDirectory(work.toFile());
    }
  }

  private static Measured measure(String system, long inputRecords, ChildProcess jvm, Ready ready, GroupCatchUp group,
      WrittenRecords written) throws Exception {
    try (jvm) {
      ready.await(jvm);
      // attached only once ready: the attach handshake signals the JVM, which must have its handlers installed
      Measured measured;
      try (JvmProbe probe = JvmProbe.attach(jvm.pid())) {
        double startupCpu = probe.cpuSeconds();
        long start = System.nanoTime();
        group.awaitBeforeTail();
        double seconds = (System.nanoTime() - start) / 1e9;
        measured = new Measured(system, inputRecords, seconds, probe.cpuSeconds() - startupCpu, startupCpu,
            probe.peakHeapBytes(), written.count());
      }
      System.out.printf("%s stopped with exit code %d after SIGTERM%n", system, jvm.stop(STOP_GRACE));
      return measured;
    }
  }

  /** Records written to some topics: the sum of their end offsets (transaction markers included). */
  private interface WrittenRecords {
    long count() throws Exception;
  }

  private static WrittenRecords writes(EmbeddedKafka kafka, Predicate<String> topics) {
    return () -> {
      try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
        List<String> names = admin.listTopics().names().get().stream().filter(topics).toList();
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(names).allTopicNames().get().values().forEach(topic -> topic.partitions()
            .forEach(p -> latest.put(new TopicPartition(topic.name(), p.partition()), OffsetSpec.latest())));
        return admin.listOffsets(latest).all().get().values().stream().mapToLong(end -> end.offset()).sum();
      }
    };
  }
}
