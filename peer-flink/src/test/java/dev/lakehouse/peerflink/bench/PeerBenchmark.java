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
 * second, CPU per input record and peak heap of each, the machine's load and CPU steal over each
 * span, their ratios, and the Streams benchmark's pass-through ceiling on the same input. The peer
 * runs once per configuration given ({@link FlinkConfigs}), each against the same Streams app run;
 * {@code flink ratio} and {@code flink cpu ratio} are those of the one that needed the least CPU per
 * record (on a shared machine a run's throughput follows the others' load). Not part of {@code mvn
 * verify}: run {@code peer-flink/bench/run.sh [events] [partitions] [flink configs]}.
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
    List<FlinkConfigs> configs = FlinkConfigs.parse(args.length > 2 ? args[2] : "", HEAP);
    Path work = Files.createTempDirectory("peer-flink-bench");
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"), 0)) {
      List<String> topics = new ArrayList<>(List.of(BothSystems.topics()));
      topics.add(PassThrough.SINK);
      for (int i = 0; i < configs.size(); i++) {
        String prefix = flinkPrefix(i);
        Topics.OUTPUTS.forEach(topic -> topics.add(prefix + topic));
      }
      kafka.createTopics(partitions, topics.toArray(String[]::new));
      long inputRecords;
      GeneratorConfig input = GeneratorConfig.builder()
          .bootstrapServers(kafka.bootstrapServers()).seed(7).events(events).tail(false).build();
      try (Generator generator = Generator.create(input)) {
        inputRecords = generator.produceMain().size();
      }
      System.out.printf("input: %d records on %s, %d partitions each (generator seed 7, no tail)%n", inputRecords,
          Topics.INPUTS, partitions);

      MachineLoad ceilingSpan = MachineLoad.start();
      double ceiling = inputRecords / new PassThrough(kafka.bootstrapServers(), 100, StreamsProperties.tunedProducerDefaults())
          .run(Topics.INPUTS, inputRecords);
      String ceilingMachine = ceilingSpan.since();

      BothSystems both = new BothSystems(kafka.bootstrapServers(), work);
      Measured streams = measure("Streams app", inputRecords,
          StreamsAppJvm.start(both.streamsConfig(Map.of()), work.resolve("streams-app.log"), List.of(HEAP)),
          jvm -> StreamsAppJvm.awaitReady(jvm, both.streamsHttpPort(), Duration.ofMinutes(3)),
          both.streamsGroup(CATCH_UP), writes(kafka, t -> t.startsWith(BothSystems.STREAMS_GROUP + "-")
              || Topics.OUTPUTS.contains(t)));
      List<Measured> flink = new ArrayList<>();
      for (int i = 0; i < configs.size(); i++) {
        flink.add(measureFlink(kafka, both, work, i, configs.get(i), partitions, inputRecords));
      }

      System.out.printf(Locale.ROOT, "settings: Streams app defaults (a stream thread per core, up to the partitions; "
          + "exactly_once_v2, commit every 100 ms, RocksDB), JVM %s; Flink peer parallelism %d, exactly-once "
          + "(transactional Kafka sink committing on checkpoints), its defaults (checkpoints every 1 s, RocksDB, "
          + "incremental) under each configuration below; same broker, same input, one after the other%n", HEAP,
          partitions);
      System.out.println(streams.describe());
      for (int i = 0; i < flink.size(); i++) {
        System.out.printf(Locale.ROOT, "flink config %d: %s%n  %s; flink ratio %.2f, flink cpu ratio %.2f%n", i,
            configs.get(i), flink.get(i).describe(), ratio(streams, flink.get(i)), cpuRatio(streams, flink.get(i)));
      }
      // the least CPU per record: on a shared machine the throughput of one run follows the others' load
      int best = 0;
      for (int i = 1; i < flink.size(); i++) {
        best = flink.get(i).cpuSecondsPerRecord() < flink.get(best).cpuSecondsPerRecord() ? i : best;
      }
      System.out.printf(Locale.ROOT, "ceiling: %.0f events/s (plain consumer + transactional producer, read_committed, "
          + "commit every 100 ms, the Streams app's producer settings, same Avro serde, same broker and input, "
          + "as streams-app/bench/run.sh); %s%n", ceiling, ceilingMachine);
      System.out.printf(Locale.ROOT, "ceiling ratio: %.2f (Streams app), %.2f (Flink peer, config %d)%n",
          streams.eventsPerSecond() / ceiling, flink.get(best).eventsPerSecond() / ceiling, best);
      System.out.printf(Locale.ROOT, "best flink config (least CPU per record): %d, %s%n", best, configs.get(best));
      System.out.printf(Locale.ROOT, "flink ratio: %.2f%n", ratio(streams, flink.get(best)));
      System.out.printf(Locale.ROOT, "flink cpu ratio: %.2f%n", cpuRatio(streams, flink.get(best)));
    } finally {
      // the broker's log, both systems' state and logs: about 150 MB per 100,000 events
      FileUtils.deleteDirectory(work.toFile());
    }
  }

  /** Streams events/s over Flink's: above 1, the Streams app is faster. */
  private static double ratio(Measured streams, Measured flink) {
    return streams.eventsPerSecond() / flink.eventsPerSecond();
  }

  /** Flink's CPU per record over the Streams app's: above 1, the Streams app needs less CPU. */
  private static double cpuRatio(Measured streams, Measured flink) {
    return flink.cpuSecondsPerRecord() / streams.cpuSecondsPerRecord();
  }

  /** Configuration {@code index}'s run: its own output topics, consumer group and data directory. */
  private static Measured measureFlink(EmbeddedKafka kafka, BothSystems both, Path work, int index, FlinkConfigs config,
      int partitions, long inputRecords) throws Exception {
    String group = BothSystems.FLINK_GROUP + "-" + index;
    Map<String, String> settings = new HashMap<>(Map.of("parallelism", Integer.toString(partitions),
        "topic.prefix", flinkPrefix(index), "group.id", group, "data.dir", work.resolve("flink-data-" + index).toString()));
    settings.putAll(config.settings());
    return measure("Flink peer, config " + index, inputRecords,
        FlinkPeerJvm.start(both.flinkConfig(settings), work.resolve("flink-peer-" + index + ".log"), config.jvmOptions()),
        jvm -> FlinkPeerJvm.awaitRunning(jvm, both.flinkRestPort(), Duration.ofMinutes(3)),
        new GroupCatchUp(kafka.bootstrapServers(), group, CATCH_UP),
        writes(kafka, t -> t.startsWith(flinkPrefix(index))));
  }

  private static String flinkPrefix(int index) {
    return BothSystems.FLINK_PREFIX + index + "-";
  }

  private static Measured measure(String system, long inputRecords, ChildProcess jvm, Ready ready, GroupCatchUp group,
      WrittenRecords written) throws Exception {
    try (jvm) {
      ready.await(jvm);
      // attached only once ready: the attach handshake signals the JVM, which must have its handlers installed
      Measured measured;
      try (JvmProbe probe = JvmProbe.attach(jvm.pid())) {
        double startupCpu = probe.cpuSeconds();
        MachineLoad machine = MachineLoad.start();
        long start = System.nanoTime();
        group.awaitBeforeTail();
        double seconds = (System.nanoTime() - start) / 1e9;
        measured = new Measured(system, inputRecords, seconds, probe.cpuSeconds() - startupCpu, startupCpu,
            probe.peakHeapBytes(), written.count(), machine.since());
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
