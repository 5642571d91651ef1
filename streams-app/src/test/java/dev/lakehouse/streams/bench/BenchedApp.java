package dev.lakehouse.streams.bench;

import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.streams.App;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.JavaCommand;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The app (or the {@link StreamsPassThrough}) in its own JVM, as deployed, reading the input already
 * on the broker: {@link #awaitCatchUp} measures the wall-clock and CPU time until its group has
 * committed the whole input; closing it stops the app with SIGTERM. Its broker data and log live
 * under {@code work/<application id>}.
 */
final class BenchedApp implements AutoCloseable {
  private static final Pattern HEAP_BEFORE_GC = Pattern.compile(" (\\d+)M->\\d+M\\(\\d+M\\)");

  private final String bootstrapServers;
  private final String applicationId;
  private final Path gcLog;
  private final ChildProcess process;
  private double seconds;
  private double cpuSeconds;

  private BenchedApp(String bootstrapServers, String applicationId, Path gcLog, ChildProcess process) {
    this.bootstrapServers = bootstrapServers;
    this.applicationId = applicationId;
    this.gcLog = gcLog;
    this.process = process;
  }

  /** Starts the app with the given settings ({@code key=value}) and JVM options, and waits until it is ready. */
  static BenchedApp start(String bootstrapServers, Path work, String applicationId, List<String> appSettings,
      List<String> jvmOptions) throws Exception {
    int port = FreePorts.pick();
    List<String> settings = new ArrayList<>(List.of("http.bind-address=127.0.0.1", "http.port=" + port));
    settings.addAll(appSettings);
    // one client for every poll: each HttpClient keeps a selector thread alive in the benchmark's JVM
    HttpClient client = HttpClient.newHttpClient();
    return start(App.class, bootstrapServers, work.resolve(applicationId), applicationId, settings, jvmOptions,
        config -> List.of("--config", config.toString()), () -> status(client, port) == 200);
  }

  /** Starts the {@link StreamsPassThrough} with the same settings and JVM options, and waits until it is RUNNING. */
  static BenchedApp startStreamsPassThrough(String bootstrapServers, Path work, String applicationId,
      List<String> appSettings, List<String> jvmOptions, int partitions) throws Exception {
    Path dir = work.resolve(applicationId);
    Path running = dir.resolve("running");
    return start(StreamsPassThrough.class, bootstrapServers, dir, applicationId, appSettings, jvmOptions,
        config -> List.of(config.toString(), running.toString(), String.valueOf(partitions)), () -> Files.exists(running));
  }

  private static BenchedApp start(Class<?> mainClass, String bootstrapServers, Path dir, String applicationId,
      List<String> settings, List<String> jvmOptions, Function<Path, List<String>> args, BooleanSupplier ready)
      throws Exception {
    Files.createDirectories(dir);
    Path config = Files.writeString(dir.resolve("app.properties"), String.join("\n",
        "kafka.bootstrap.servers=" + bootstrapServers,
        "streams.application.id=" + applicationId,
        "data.dir=" + dir.resolve("app-data"),
        String.join("\n", settings),
        ""));
    Path gcLog = dir.resolve("app-gc.log");
    List<String> options = new ArrayList<>(jvmOptions);
    // peak heap from the GC log, so that nothing polls the app while it is measured
    options.add("-Xlog:gc:file=" + gcLog);
    ChildProcess process = JavaCommand.onThisClasspath(mainClass).jvmOptions(options)
        .args(args.apply(config)).start(dir.resolve("app.log"));
    BenchedApp app = new BenchedApp(bootstrapServers, applicationId, gcLog, process);
    try {
      app.awaitReady(ready);
    } catch (Exception e) {
      app.close();
      throw e;
    }
    return app;
  }

  /** Waits until the app's group has committed every input record; measures the time and the CPU it took. */
  void awaitCatchUp() throws Exception {
    Duration cpuAtStart = process.cpuTime();
    long start = System.nanoTime();
    new GroupCatchUp(bootstrapServers, applicationId, Duration.ofMinutes(30)).awaitBeforeTail();
    seconds = (System.nanoTime() - start) / 1e9;
    cpuSeconds = process.cpuTime().minus(cpuAtStart).toMillis() / 1e3;
  }

  double seconds() {
    return seconds;
  }

  /** CPU seconds of the app's JVM, all threads, during {@link #awaitCatchUp}. */
  double cpuSeconds() {
    return cpuSeconds;
  }

  /** The largest "used before" of the collections in the app's {@code -Xlog:gc} file ("... 123M->45M(1024M) ..."). */
  long peakHeapMiB() throws IOException {
    long peak = 0;
    Matcher matcher = HEAP_BEFORE_GC.matcher(Files.readString(gcLog));
    while (matcher.find()) {
      peak = Math.max(peak, Long.parseLong(matcher.group(1)));
    }
    return peak;
  }

  @Override
  public void close() throws InterruptedException {
    System.out.printf("app %s stopped with exit code %d after SIGTERM%n", applicationId,
        process.stop(Duration.ofSeconds(60)));
  }

  private void awaitReady(BooleanSupplier ready) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (!ready.getAsBoolean()) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException("Cannot benchmark: " + applicationId + " did not become ready (see its app.log)");
      }
      Thread.sleep(100);
    }
  }

  private static int status(HttpClient client, int port) {
    try {
      return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
          .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    } catch (Exception e) {
      return -1;
    }
  }
}
