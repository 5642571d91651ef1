package dev.lakehouse.e2e.bench;

import dev.lakehouse.e2e.containers.Container;
import dev.lakehouse.e2e.containers.Podman;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.runtime.JvmOptions;
import dev.lakehouse.testkit.FreePorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Streams app's memory under a container limit: the app's image, in a container with
 * {@code --memory} ({@code bench.memory-limit-mib}, 1024), through a run of {@code bench.events}
 * (1,000,000) input events produced up front on topics of {@code bench.partitions} (12) partitions
 * (each partition a task with its own stores: what multiplies RocksDB's memory when it is unbounded),
 * stopped with SIGTERM at a quarter, killed with SIGKILL at half (its state then restored from the
 * changelogs) and stopped again at three quarters of the input, each time started again as a
 * supervisor would; an OOM kill is counted and restarted the same way. Prints the peak resident
 * memory of the app's process (the kernel's high-water mark, read every second) against the limit,
 * with the settings before the shared RocksDB budget as the baseline of the same run: the heap at 75 %
 * of the container (the image's MaxRAMPercentage then), no bound on the JDK's cached NIO buffers,
 * glibc's default arenas and every store with RocksDB's own caches.
 * Not part of {@code mvn verify}: run {@code e2e-tests/bench/streams-memory.sh}.
 */
public final class StreamsMemoryBenchmark {
  private static final Duration POLL = Duration.ofSeconds(1);
  private static final Duration GRACE = Duration.ofSeconds(60);
  /** A run that keeps being OOM-killed is over after this many kills: the figure is made. */
  private static final int MAX_OOM_KILLS = 4;
  /** 128 + SIGKILL: the exit code of a process the kernel (or the benchmark) killed. */
  private static final int SIGKILL_EXIT = 137;

  private StreamsMemoryBenchmark() {}

  /** The settings a run differs in. */
  private enum Settings {
    CURRENT("the image as built: heap 50 %, rocksdb.memory 25 % shared by every store, NIO buffer cache bounded, "
        + "MALLOC_ARENA_MAX=2"),
    BEFORE("baseline, the settings before: jvm.options without the heap share and NIO buffer bound, heap 75 %, every "
        + "store with RocksDB's own caches (rocksdb.memory=0), glibc's default arenas");

    private final String description;

    Settings(String description) {
      this.description = description;
    }
  }

  private record Outcome(long peakRssBytes, int oomKills, int restarts, boolean finished, double seconds) {}

  public static void main(String[] args) throws Exception {
    int events = Integer.getInteger("bench.events", 1_000_000);
    long limitMiB = Long.getLong("bench.memory-limit-mib", 1024);
    int partitions = Integer.getInteger("bench.partitions", 12);
    long buildSeconds = Podman.buildImages("streams-app");
    System.out.printf(Locale.ROOT, "image lakehouse/streams-app:dev built in %d s; %d partitions per topic%n",
        buildSeconds, partitions);
    try (PipelineStack stack = PipelineStack.startServicesOnly("streams-memory", partitions)) {
      long inputRecords = produce(stack, events);
      Outcome current = run(stack, Settings.CURRENT, limitMiB, inputRecords);
      Outcome before = run(stack, Settings.BEFORE, limitMiB, inputRecords);
      System.out.printf(Locale.ROOT, "streams memory limit: %d MiB%n", limitMiB);
      System.out.printf(Locale.ROOT, "streams peak rss: %d MiB (baseline, the settings before: %d MiB)%n",
          current.peakRssBytes() >> 20, before.peakRssBytes() >> 20);
      System.out.printf(Locale.ROOT, "streams oom kills: %d (baseline: %d)%n", current.oomKills(), before.oomKills());
      if (!current.finished() || current.oomKills() > 0 || current.peakRssBytes() >= limitMiB << 20) {
        System.err.println("The app went over its memory limit with the current settings");
        System.exit(1);
      }
    }
  }

  /** The generator's input (anomalies included, no tail), produced before the app starts. */
  private static long produce(PipelineStack stack, int events) throws InterruptedException {
    GeneratorConfig input = GeneratorConfig.builder().bootstrapServers(stack.bootstrapServers()).seed(43)
        .events(events).tail(false).build();
    long started = System.nanoTime();
    try (Generator generator = Generator.create(input)) {
      long records = generator.produceMain().size();
      System.out.printf(Locale.ROOT, "input: %d events, %d records (reference data included), produced in %.0f s%n",
          events, records, (System.nanoTime() - started) / 1e9);
      return records;
    }
  }

  private static Outcome run(PipelineStack stack, Settings settings, long limitMiB, long inputRecords) throws Exception {
    String label = settings.name().toLowerCase(Locale.ROOT);
    String applicationId = "memory-bench-" + label;
    Path stateDir = Files.createDirectories(stack.config().dataDir().resolve(label + "-state"));
    Container.giveToImageUser(stateDir);
    Container.Spec spec = new Container.Spec("streams-app", "lakehouse-bench-" + label + "-" + System.currentTimeMillis(),
        limitMiB + "m")
        .env("LAKEHOUSE_STREAMS_KAFKA_BOOTSTRAP_SERVERS", stack.bootstrapServers())
        .env("LAKEHOUSE_STREAMS_STREAMS_APPLICATION_ID", applicationId)
        .env("LAKEHOUSE_STREAMS_STREAMS_REPLICATION_FACTOR", "1")
        .env("LAKEHOUSE_STREAMS_HTTP_PORT", Integer.toString(FreePorts.pick()))
        .mount(stateDir, "/var/lib/lakehouse/streams", false);
    String javaToolOptions = System.getProperty("bench.java-tool-options", "");
    if (settings == Settings.CURRENT && !javaToolOptions.isBlank()) {
      // a tuning to compare, or a diagnosis (-XX:NativeMemoryTracking=summary, then jcmd <pid> VM.native_memory)
      spec.env("JAVA_TOOL_OPTIONS", javaToolOptions);
    }
    if (settings == Settings.BEFORE) {
      spec.env("LAKEHOUSE_STREAMS_ROCKSDB_MEMORY", AppConfig.ROCKSDB_MEMORY_UNBOUNDED)
          .mount(jvmOptionsBefore(stack.config().dataDir()), "/opt/streams-app/jvm.options", true)
          .unsetEnv("MALLOC_ARENA_MAX");
    }
    System.out.printf(Locale.ROOT, "run %s: %s; limit %d MiB%n", label, settings.description, limitMiB);
    Path logDir = stack.config().dataDir().resolve("logs");
    long started = System.nanoTime();
    // SIGTERM at a quarter of the input left, SIGKILL at a half, SIGTERM at three quarters
    List<Long> restartsAt = new ArrayList<>(List.of(inputRecords * 3 / 4, inputRecords / 2, inputRecords / 4));
    long peak = 0;
    int oomKills = 0;
    int restarts = 0;
    try (Container app = Container.start(spec, logDir);
        GroupCatchUp progress = new GroupCatchUp(stack.bootstrapServers(), applicationId, Duration.ofMinutes(1))) {
      while (true) {
        peak = Math.max(peak, app.peakRssBytes().orElse(0L));
        Container.State state = app.state();
        if (!state.running()) {
          // podman's OOMKilled stays false on this cgroup v1 host (the kernel log shows the kill): a SIGKILL the
          // benchmark did not send is the OOM killer's
          if (!state.oomKilled() && state.exitCode() != SIGKILL_EXIT) {
            throw new IllegalStateException("The app's container " + app.name() + " exited with " + state.exitCode()
                + " (not killed for memory); its log: " + logDir.resolve(app.name() + ".log"));
          }
          oomKills++;
          System.out.printf(Locale.ROOT, "  OOM-killed (%d so far), peak rss so far %d MiB%n", oomKills, peak >> 20);
          if (oomKills >= MAX_OOM_KILLS) {
            return outcome(peak, oomKills, restarts, false, started);
          }
          app.restart();
          continue;
        }
        long lag = progress.lag().values().stream().mapToLong(Long::longValue).sum();
        if (lag == 0) {
          return outcome(peak, oomKills, restarts, true, started);
        }
        if (!restartsAt.isEmpty() && lag <= restartsAt.get(0)) {
          restartsAt.remove(0);
          restarts++;
          if (restarts == 2) {
            app.kill();
          } else {
            app.stop(GRACE);
          }
          System.out.printf(Locale.ROOT, "  %s at %d records behind, peak rss so far %d MiB%n",
              restarts == 2 ? "killed (SIGKILL)" : "stopped (SIGTERM)", lag, peak >> 20);
          app.restart();
        }
        Thread.sleep(POLL.toMillis());
      }
    }
  }

  /**
   * The app's JVM options as they were before the memory budget: without the heap share and the NIO
   * buffer bound it added, with the image's heap share then (75 %).
   */
  private static Path jvmOptionsBefore(Path dir) throws IOException {
    List<String> options = new ArrayList<>(JvmOptions.recommended());
    options.removeIf(option -> option.startsWith("-XX:MaxRAMPercentage=") || option.startsWith("-Djdk.nio.maxCachedBufferSize="));
    options.add("-XX:MaxRAMPercentage=75");
    return Files.write(dir.resolve("jvm.options.before"), options);
  }

  private static Outcome outcome(long peak, int oomKills, int restarts, boolean finished, long startedNanos) {
    Outcome outcome = new Outcome(peak, oomKills, restarts, finished, (System.nanoTime() - startedNanos) / 1e9);
    System.out.printf(Locale.ROOT, "  %s in %.0f s: peak rss %d MiB, %d restarts, %d OOM kills%n",
        finished ? "worked through the input" : "gave up", outcome.seconds(), peak >> 20, restarts, oomKills);
    return outcome;
  }
}
