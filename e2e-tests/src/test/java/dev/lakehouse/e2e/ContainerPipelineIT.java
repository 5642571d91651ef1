package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.rest.ConnectUnreachableException;
import dev.lakehouse.connect.rest.RestTls;
import dev.lakehouse.e2e.containers.Container;
import dev.lakehouse.e2e.containers.Podman;
import dev.lakehouse.e2e.containers.ProductionWorkerFile;
import dev.lakehouse.e2e.dbt.HourlyRevenueOracle;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.TestCertificates;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.local.stack.components.ConnectorComponent;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.TrinoQuery;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The pipeline from the project's images (podman, {@code --network host}, each with a memory limit)
 * against the local broker, S3 server and catalog (the services JVM) and Trino: the Streams app; the
 * Connect worker started with the production worker template (HTTPS REST with client certificates,
 * the plugin where the template's plugin.path says, the keystore password from the environment and the
 * truststore's from the secrets file, TLS material made here); the connector applied by the
 * connect-config image over mutual TLS; one maintenance run and one dbt build from their images. The
 * tables must hold the oracle's rows, before and after the maintenance run, and the mart
 * {@code agg_revenue_hourly} the hourly revenue the oracle derives from them; no container's log may
 * hold a store password.
 */
class ContainerPipelineIT {
  private static final int EVENTS = 3_000;
  /** 3,000 events over 15 minutes of event time from 10 minutes before an hour: two settled hours in the mart. */
  private static final int EVENTS_PER_MINUTE = 200;
  private static final String DBT_SCHEMA = "containers_it";
  private static final Duration START_TIMEOUT = Duration.ofMinutes(4);
  private static final Duration RUN_TIMEOUT = Duration.ofMinutes(5);

  @Test
  void thePipelineRunsFromItsImagesWithinTheirMemoryLimits() throws Exception {
    Stopwatch time = new Stopwatch();
    Podman.buildImages();
    time.lap("images built (bin/images.sh build)");
    Map<String, String> secrets = secrets();
    Path tlsDir = Files.createDirectories(Path.of(System.getProperty("e2e.work.dir", "target/e2e")).toAbsolutePath())
        .resolve("containers-tls-" + System.currentTimeMillis());
    // thirteen keytool runs: beside the stack's start
    CompletableFuture<TestCertificates> certificates = CompletableFuture.supplyAsync(() -> certificates(tlsDir, secrets));
    try (PipelineStack stack = PipelineStack.startServicesForTrino("containers");
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      CompletableFuture<Void> trino = stack.startTrino();
      Path data = stack.config().dataDir();
      Path logs = data.resolve("logs");
      TestCertificates tls = certificates.join();
      Path secretsFile = Files.writeString(tlsDir.resolve("connect-secrets.properties"),
          "rest.truststore.password=" + secrets.get("truststore") + "\n");
      int restPort = FreePorts.pick();
      Path worker = ProductionWorkerFile.write(data.resolve("config/worker-production.properties"),
          stack.bootstrapServers(), restPort, stack.config().layout().configDir());
      Path streamsState = Files.createDirectories(stack.config().layout().streamsStateDir());
      Files.createDirectories(stack.config().layout().maintenanceDir());
      // the images' user writes the catalog, the connector's S3 keys file, the app's state, and reads the TLS files
      Container.giveToImageUser(data);
      Container.giveToImageUser(tlsDir);
      int streamsPort = FreePorts.pick();
      String connectUrl = "https://127.0.0.1:" + restPort;

      try (Container connect = Container.start(connectWorker(tls, secretsFile, worker, data, secrets), logs);
          Container streams = Container.start(streamsApp(stack, streamsState, streamsPort), logs)) {
        await("the Connect worker's health check over mTLS").atMost(START_TIMEOUT).pollInterval(Duration.ofSeconds(2))
            .until(connect::healthy);
        await("the Streams app ready").atMost(START_TIMEOUT).pollInterval(Duration.ofSeconds(1))
            .until(() -> ready(streamsPort));
        assertThat(streams.healthy()).as("the streams-app image's health check").isTrue();
        time.lap("Connect worker healthy over mTLS, Streams app ready");
        assertThatThrownBy(() -> withoutClientCertificate(connectUrl, tls, secrets).connectorPlugins())
            .as("the REST API without a client certificate").isInstanceOf(ConnectUnreachableException.class);

        Podman.Result apply = Container.runToEnd(connectConfig(stack, connectUrl, tls, data, secrets), logs, RUN_TIMEOUT);
        assertThat(apply.exitCode()).as(apply.output()).isZero();
        time.lap("connector applied over mTLS (connect-config image)");

        GeneratorRun run;
        try (GroupCatchUp app = Scenarios.follow(stack)) {
          run = Generator.runFollowing(Scenarios.anomalyMix(stack, EVENTS, 20261206)
              .eventsPerMinute(EVENTS_PER_MINUTE).startTime(tenMinutesBeforeAnHour()).build(), app);
        }
        Map<OutputTable, ExpectedTable> expected = new PipelineOracle(run, Scenarios.APP).expectedTables();
        Landing.awaitComplete(tables, expected, RUN_TIMEOUT);
        assertAsTheOracleSays(tables, expected, run);
        time.lap("events produced, processed and landed");

        Podman.Result maintenance = Container.runToEnd(maintenanceRun(stack, data), logs, RUN_TIMEOUT);
        assertThat(maintenance.exitCode()).as(maintenance.output()).isZero();
        assertAsTheOracleSays(tables, expected, run);
        time.lap("maintenance run (maintenance-job image), tables unchanged");

        trino.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        Podman.Result dbt = Container.runToEnd(dbtBuild(stack), logs, RUN_TIMEOUT);
        assertThat(dbt.exitCode()).as(dbt.output()).isZero();
        HourlyRevenueOracle hourly = HourlyRevenueOracle.of(expected);
        assertThat(hourly.expectedHours()).as("settled hours to compare").isNotEmpty();
        assertThat(martHours(stack.trinoPort(), hourly.settledBefore())).isEqualTo(hours(hourly.expectedHours()));
        time.lap("dbt build (dbt image), agg_revenue_hourly as the oracle says");

        for (Container service : List.of(connect, streams)) {
          Container.State state = service.state();
          assertThat(state.running()).as("%s still running, not OOM-killed (%s)", service.name(), state).isTrue();
          System.out.printf("%s: peak rss %d MiB (limit 1024 MiB)%n", service.name(),
              service.peakRssBytes().orElseThrow() >> 20);
        }
      }
      assertNoSecretIn(logs, secrets);
      System.out.printf("containers: %s%n", time);
    }
  }

  /** The containers' logs (saved when each ended) hold neither store password. */
  private static void assertNoSecretIn(Path logs, Map<String, String> secrets) throws IOException {
    try (var files = Files.list(logs)) {
      List<Path> containerLogs = files.filter(file -> file.getFileName().toString().startsWith("lakehouse-it-")).toList();
      assertThat(containerLogs).hasSize(5);
      for (Path log : containerLogs) {
        assertThat(Files.readString(log)).as("the log of %s", log.getFileName()).doesNotContain(secrets.values());
      }
    }
  }

  private static TestCertificates certificates(Path dir, Map<String, String> secrets) {
    try {
      return TestCertificates.create(dir, secrets.get("keystore"), secrets.get("truststore"), "connect-worker",
          "connect-config");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while making the test certificates", e);
    }
  }

  private static Container.Spec connectWorker(TestCertificates tls, Path secretsFile, Path worker, Path data,
      Map<String, String> secrets) {
    return new Container.Spec("connect", name("connect"), "1g")
        .mount(worker, "/etc/lakehouse/connect/worker.properties", true)
        .mount(tls.keystore("connect-worker"), "/etc/lakehouse/connect-rest-keystore.p12", true)
        .mount(tls.truststore(), "/etc/lakehouse/connect-rest-truststore.p12", true)
        .mount(secretsFile, "/etc/lakehouse/connect-secrets.properties", true)
        .mount(data)
        .env(RestTls.KEYSTORE_PASSWORD, secrets.get("keystore"))
        .env("LAKEHOUSE_CONNECT_REST_ADVERTISED_HOST_NAME", "127.0.0.1");
  }

  private static Container.Spec streamsApp(PipelineStack stack, Path state, int port) {
    return new Container.Spec("streams-app", name("streams"), "1g")
        .mount(state, "/var/lib/lakehouse/streams", false)
        .env("LAKEHOUSE_STREAMS_KAFKA_BOOTSTRAP_SERVERS", stack.bootstrapServers())
        .env("LAKEHOUSE_STREAMS_STREAMS_APPLICATION_ID", stack.streamsApplicationId())
        .env("LAKEHOUSE_STREAMS_STREAMS_REPLICATION_FACTOR", "1")
        .env("LAKEHOUSE_STREAMS_HTTP_PORT", Integer.toString(port));
  }

  /** connect-config apply as the local stack runs it, but over https with a client certificate. */
  private static Container.Spec connectConfig(PipelineStack stack, String connectUrl, TestCertificates tls, Path data,
      Map<String, String> secrets) {
    List<String> args = new ArrayList<>(ConnectorComponent.arguments(stack.config()));
    args.set(args.indexOf("--connect-url") + 1, connectUrl);
    args.addAll(List.of("--rest-keystore", tls.keystore("connect-config").toString(),
        "--rest-truststore", tls.truststore().toString()));
    return new Container.Spec("connect-config", name("connect-config"), "512m")
        .mount(data)
        .mount(tls.truststore().getParent())
        .env(RestTls.KEYSTORE_PASSWORD, secrets.get("keystore"))
        .env(RestTls.TRUSTSTORE_PASSWORD, secrets.get("truststore"))
        .args(args);
  }

  private static Container.Spec maintenanceRun(PipelineStack stack, Path data) {
    Path config = MaintenanceConfigFile.write(stack.config());
    return new Container.Spec("maintenance-job", name("maintenance"), "1g")
        .mount(data)
        .args("run", "--config", config.toString(), "--once");
  }

  private static Container.Spec dbtBuild(PipelineStack stack) {
    return new Container.Spec("dbt", name("dbt"), "1g")
        .env("TRINO_HOST", "127.0.0.1")
        .env("TRINO_PORT", Integer.toString(stack.trinoPort()))
        .env("DBT_SCHEMA", DBT_SCHEMA)
        .args("dbt", "build", "--target", "local", "--no-use-colors", "--exclude", "test_type:unit");
  }

  private static String name(String component) {
    return "lakehouse-it-" + component + "-" + System.currentTimeMillis();
  }

  /** A keystore password and a truststore password for this run only. */
  private static Map<String, String> secrets() {
    SecureRandom random = new SecureRandom();
    Map<String, String> secrets = new HashMap<>();
    for (String name : List.of("keystore", "truststore")) {
      byte[] bytes = new byte[12];
      random.nextBytes(bytes);
      secrets.put(name, HexFormat.of().formatHex(bytes));
    }
    return secrets;
  }

  /** A client that trusts the workers' CA but presents no certificate. */
  private static ConnectClient withoutClientCertificate(String url, TestCertificates tls, Map<String, String> secrets) {
    return new ConnectClient(url, Duration.ofSeconds(10), RestTls.context(Optional.empty(), Optional.of(tls.truststore()),
        Map.of(RestTls.TRUSTSTORE_PASSWORD, secrets.get("truststore"))));
  }

  private static boolean ready(int port) {
    try {
      HttpResponse<Void> response = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready")).timeout(Duration.ofSeconds(2))
              .build(), HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static Instant tenMinutesBeforeAnHour() {
    return Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.HOURS).plus(Duration.ofMinutes(50));
  }

  private static void assertAsTheOracleSays(IcebergTables tables, Map<OutputTable, ExpectedTable> expected, GeneratorRun run) {
    PipelineVerification verification = new PipelineVerification(tables, expected, run.manifest(), Scenarios.GRACE);
    assertThat(verification.ok()).as(verification.problems()).isTrue();
  }

  /** agg_revenue_hourly before the first unsettled hour: "merchant|currency|hour" -> "orders|revenue". */
  private static Map<String, String> martHours(int trinoPort, Instant settledBefore) throws Exception {
    List<List<String>> rows = TrinoQuery.rows(trinoPort, "select merchant_id, currency, revenue_hour, order_count, revenue "
        + "from iceberg." + DBT_SCHEMA + ".agg_revenue_hourly where revenue_hour < timestamp '"
        + LocalDateTime.ofInstant(settledBefore, ZoneOffset.UTC).toString().replace('T', ' ') + "'");
    Map<String, String> hours = new TreeMap<>();
    for (List<String> row : rows) {
      hours.put(row.get(0) + "|" + row.get(1) + "|" + LocalDateTime.parse(row.get(2).replace(' ', 'T')),
          row.get(3) + "|" + new BigDecimal(row.get(4)).stripTrailingZeros().toPlainString());
    }
    return hours;
  }

  private static Map<String, String> hours(List<Map<String, Object>> expectedHours) {
    Map<String, String> hours = new TreeMap<>();
    for (Map<String, Object> row : expectedHours) {
      hours.put(row.get("merchant_id") + "|" + row.get("currency") + "|" + LocalDateTime.parse((String) row.get("revenue_hour")),
          row.get("order_count") + "|" + new BigDecimal((String) row.get("revenue")).stripTrailingZeros().toPlainString());
    }
    return hours;
  }

  /** Seconds per step, printed at the end: what this test costs and where. */
  private static final class Stopwatch {
    private final long started = System.nanoTime();
    private long last = started;
    private final List<String> laps = new ArrayList<>();

    void lap(String step) {
      long now = System.nanoTime();
      laps.add(String.format("%s %.0f s", step, (now - last) / 1e9));
      last = now;
    }

    @Override
    public String toString() {
      return String.join("; ", laps) + String.format("; %.0f s in all", (System.nanoTime() - started) / 1e9);
    }
  }
}
