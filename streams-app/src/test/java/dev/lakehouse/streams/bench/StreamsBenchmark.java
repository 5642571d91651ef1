package dev.lakehouse.streams.bench;

import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.config.StreamsProperties;
import dev.lakehouse.streams.runtime.JvmOptions;
import dev.lakehouse.testkit.Folders;
import dev.lakehouse.testkit.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Events per second through the whole topology with exactly-once (the app in its own JVM, as
 * deployed) against a plain exactly-once consume-deserialize-serialize-produce loop on the same
 * broker and input (the ceiling), and then the same loop as a Kafka Streams app ({@link StreamsPassThrough}):
 * what Kafka Streams costs without our topology. Not part of {@code mvn verify}: run
 * {@code streams-app/bench/run.sh}.
 *
 * <p>Arguments: [events (default 20000)] [partitions (default 2)], then any number of app JVM
 * options (starting with {@code -}, default {@code -Xmx1g}; always after the app's own
 * {@link JvmOptions}, so they can override them) and app settings ({@code key=value}, e.g.
 * {@code streams.num.stream.threads=2}) to compare tunings.
 */
public final class StreamsBenchmark {
  private static final String APP_ID = "bench-streams";
  private static final String PASS_THROUGH_ID = "bench-passthrough-streams";

  private StreamsBenchmark() {}

  /** The run's app settings under {@code prefix} ({@code <prefix><key>=<value>}) by key, the prefix removed; the last wins. */
  private static Map<String, String> settingsUnder(String prefix, List<String> appSettings) {
    Map<String, String> settings = new HashMap<>();
    appSettings.stream().filter(setting -> setting.startsWith(prefix)).map(setting -> setting.substring(prefix.length()))
        .forEach(setting -> settings.put(setting.substring(0, setting.indexOf('=')), setting.substring(setting.indexOf('=') + 1)));
    return settings;
  }

  /** The app's commit interval when the run sets one (the ceiling then commits as often), else Streams' 100 ms under exactly-once. */
  private static long commitIntervalMs(List<String> appSettings) {
    return Long.parseLong(settingsUnder("streams.", appSettings).getOrDefault(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "100"));
  }

  /** The app's producer settings in this run, for the ceiling's producer: its tuned defaults, then the run's own. */
  private static Map<String, Object> producerSettings(List<String> appSettings) {
    Map<String, Object> settings = new HashMap<>(StreamsProperties.tunedProducerDefaults());
    settings.putAll(settingsUnder("streams." + StreamsConfig.PRODUCER_PREFIX, appSettings));
    return settings;
  }

  public static void main(String[] args) throws Exception {
    int events = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    // each further argument may hold several options separated by spaces (run.sh passes one)
    List<String> extra = args.length > 2
        ? List.of(args).subList(2, args.length).stream().flatMap(arg -> List.of(arg.trim().split("\\s+")).stream())
            .filter(arg -> !arg.isEmpty()).toList()
        : List.of();
    List<String> appSettings = extra.stream().filter(arg -> !arg.startsWith("-")).toList();
    List<String> givenJvmOptions = extra.stream().filter(arg -> arg.startsWith("-")).toList();
    // the app's own JVM options first, as deployed; given ones come after them and so win
    List<String> jvmOptions = new ArrayList<>(JvmOptions.recommended());
    jvmOptions.addAll(givenJvmOptions.isEmpty() ? List.of("-Xmx1g") : givenJvmOptions);
    Path work = Files.createTempDirectory("streams-bench");
    try {
      run(work, events, partitions, appSettings, jvmOptions);
    } catch (Exception e) {
      System.err.println("The failed run's broker, app state and app log (app.log) are kept in " + work);
      throw e;
    }
    Folders.delete(work); // the broker's log and the app's state: hundreds of MB after a long run
  }

  private static void run(Path work, int events, int partitions, List<String> appSettings, List<String> jvmOptions)
      throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"), 0)) {
      long inputRecords = produceInput(kafka, events, partitions);

      long commitIntervalMs = commitIntervalMs(appSettings);
      Map<String, Object> producerSettings = producerSettings(appSettings);
      CpuSteal ceilingSpan = CpuSteal.start();
      double ceilingSeconds = new PassThrough(kafka.bootstrapServers(), commitIntervalMs, producerSettings)
          .run(Topics.INPUTS, inputRecords);
      double ceiling = inputRecords / ceilingSeconds;
      String ceilingSteal = ceilingSpan.since();

      double appSeconds;
      double cpuSeconds;
      long peakHeapMiB;
      Map<String, Long> writes;
      String appSteal;
      BenchedApp app = BenchedApp.start(kafka.bootstrapServers(), work, APP_ID, appSettings, jvmOptions);
      try {
        CpuSteal appSpan = CpuSteal.start();
        app.awaitCatchUp();
        appSteal = appSpan.since();
        writes = recordsWrittenByApp(kafka.bootstrapServers());
      } finally {
        app.close();
      }
      appSeconds = app.seconds();
      cpuSeconds = app.cpuSeconds();
      peakHeapMiB = app.peakHeapMiB();
      double throughput = inputRecords / appSeconds;
      // after the app, so that the app's figures stay comparable with the runs before this yardstick
      BenchedApp streamsPassThrough = BenchedApp.startStreamsPassThrough(kafka.bootstrapServers(), work,
          PASS_THROUGH_ID, appSettings, jvmOptions, partitions);
      try {
        streamsPassThrough.awaitCatchUp();
      } finally {
        streamsPassThrough.close();
      }
      double passThroughThroughput = inputRecords / streamsPassThrough.seconds();
      System.out.printf(Locale.ROOT, "app JVM options: %s; app settings: %s; ceiling: plain consumer + transactional producer "
          + "(read_committed, commit every %d ms, linger.ms=100, the app's producer settings %s), same Avro serde, same broker%n",
          jvmOptions, appSettings.isEmpty() ? "defaults" : appSettings, commitIntervalMs, producerSettings);
      System.out.printf(Locale.ROOT, "throughput: %.0f events/s (%d records in %.1f s)%n", throughput, inputRecords,
          appSeconds);
      System.out.printf(Locale.ROOT, "ceiling: %.0f events/s (%.1f s)%n", ceiling, ceilingSeconds);
      System.out.printf(Locale.ROOT, "ceiling ratio: %.2f%n", throughput / ceiling);
      System.out.printf(Locale.ROOT, "cpu steal: %s during the ceiling, %s during the app (/proc/stat: time the hypervisor "
          + "gave other guests; a quiet machine shows 0 %%)%n", ceilingSteal, appSteal);
      System.out.printf(Locale.ROOT, "events per cpu second: %.0f (%.1f CPU seconds of the app's JVM, all threads)%n",
          inputRecords / cpuSeconds, cpuSeconds);
      System.out.printf(Locale.ROOT, "streams pass-through: %.0f events/s (%.1f s), %.0f events per cpu second (the "
          + "ceiling's work as a Kafka Streams app with the app's settings and JVM options, in its own JVM, after the app)%n",
          passThroughThroughput, streamsPassThrough.seconds(), inputRecords / streamsPassThrough.cpuSeconds());
      System.out.printf(Locale.ROOT, "streams pass-through ratio: %.2f (to the ceiling)%n", passThroughThroughput / ceiling);
      System.out.printf(Locale.ROOT, "app to streams pass-through: %.2f%n", throughput / passThroughThroughput);
      long totalWrites = writes.values().stream().mapToLong(Long::longValue).sum();
      System.out.printf(Locale.ROOT, "writes per input record: %.1f (%d offsets on internal and output topics, "
          + "transaction markers included)%n", (double) totalWrites / inputRecords, totalWrites);
      writes.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
          .forEach(topic -> System.out.printf(Locale.ROOT, "  %5.2f per input  %s%n",
              (double) topic.getValue() / inputRecords, topic.getKey()));
      System.out.printf(Locale.ROOT, "peak heap: %d MiB (app JVM, largest heap before a collection in its GC log)%n",
          peakHeapMiB);
    }
  }

  /** Creates every topic of the pipeline and the ceiling, and produces the generator's seeded input; returns its size. */
  static long produceInput(EmbeddedKafka kafka, int events, int partitions) throws Exception {
    List<String> topics = new ArrayList<>(Topics.ALL);
    topics.add(PassThrough.SINK);
    topics.add(StreamsPassThrough.SINK);
    kafka.createTopics(partitions, topics.toArray(String[]::new));
    GeneratorConfig input = GeneratorConfig.builder()
        .bootstrapServers(kafka.bootstrapServers()).seed(7).events(events).tail(false).build();
    try (Generator generator = Generator.create(input)) {
      long inputRecords = generator.produceMain().size();
      System.out.printf("input: %d records on %s, %d partitions each%n", inputRecords, Topics.INPUTS, partitions);
      return inputRecords;
    }
  }

  /** End offsets summed per topic, for every topic but the inputs and the pass-throughs' own outputs. */
  private static Map<String, Long> recordsWrittenByApp(String bootstrapServers) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      Set<String> written = new HashSet<>(admin.listTopics().names().get());
      written.removeAll(Topics.INPUTS);
      written.remove(PassThrough.SINK);
      written.remove(StreamsPassThrough.SINK);
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      admin.describeTopics(written).allTopicNames().get().values().forEach(topic -> topic.partitions()
          .forEach(p -> latest.put(new TopicPartition(topic.name(), p.partition()), OffsetSpec.latest())));
      Map<String, Long> perTopic = new HashMap<>();
      admin.listOffsets(latest).all().get()
          .forEach((partition, end) -> perTopic.merge(partition.topic(), end.offset(), Long::sum));
      return perTopic;
    }
  }
}
