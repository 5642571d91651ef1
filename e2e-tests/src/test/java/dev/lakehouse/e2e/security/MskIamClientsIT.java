package dev.lakehouse.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.local.stack.config.ConfigFiles;
import dev.lakehouse.local.stack.components.ConnectWorkerComponent;
import dev.lakehouse.local.stack.components.ConnectorComponent;
import dev.lakehouse.local.stack.process.DetachedProcess;
import dev.lakehouse.local.stack.components.GeneratorComponent;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.components.PipelineTopics;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.config.StackLayout;
import dev.lakehouse.local.stack.components.StreamsComponent;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.ConnectWorkers;
import dev.lakehouse.testkit.EmbeddedKafka;
import dev.lakehouse.testkit.EmbeddedKafka.SaslPlaintextListener;
import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.JavaCommand;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * MSK IAM on every Kafka client's classpath: the Streams app, the generator, a Connect worker (its
 * own clients), the Iceberg sink's control-topic clients inside a worker (loaded through the
 * plugin's class loader) and the connect-config CLI, each in its own JVM from its packaged classpath,
 * configured with the MSK IAM variant of the production worker template, against a local broker
 * whose AWS_MSK_IAM listener reads the signed requests and refuses them ({@link MskIamTestBroker}).
 * Each client must start, load the login module and callback handler, find its credentials (AWS
 * environment variables, one access key per client), sign, and fail with the broker's refusal: an
 * authentication error, never a missing class or a config error. Whether IAM would grant the request
 * is not testable here (no AWS); deploy/iam/msk-*.json are checked by IamPolicyActionsTest.
 */
class MskIamClientsIT {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static final String CONNECTOR = "lakehouse-iceberg-sink";
  private static final Pattern CLASS_OR_CONFIG_ERROR = Pattern.compile(
      "ClassNotFoundException|NoClassDefFoundError|ConfigException|No LoginModule found|Unable to load an HTTP implementation");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<Process> processes = new ArrayList<>();

  @Test
  void everyKafkaClientLoadsMskIamSignsWithItsCredentialsAndIsRefusedByTheBroker() throws Exception {
    Path dataDir = Path.of(System.getProperty("e2e.work.dir", "target/e2e")).toAbsolutePath()
        .resolve("msk-iam-" + System.currentTimeMillis());
    StackLayout layout = new StackLayout(dataDir);
    MskIamTestBroker.install();
    try (EmbeddedKafka kafka = EmbeddedKafka.startWithSaslPlaintext(layout.kafkaDir(), new SaslPlaintextListener(
            MskIamTestBroker.MECHANISM, "org.apache.kafka.common.security.plain.PlainLoginModule required;"));
        EmbeddedS3 s3 = EmbeddedS3.start(layout.s3Dir(), 0)) {
      LocalCatalog.initialize(layout.catalogFile(), s3.endpoint());
      PipelineTopics.ensure(kafka.bootstrapServers(), 1);
      StackConfig config = stackConfig(dataDir, kafka, s3);
      String iam = kafka.saslPlaintextBootstrapServers();
      Map<String, String> clientSettings = mskIamVariant("");
      try {
        Process streams = launchStreamsApp(config, iam, clientSettings);
        Process generator = launchGenerator(config, iam, clientSettings);
        Process iamWorker = launchWorker(config, "connect-iam", iam, workerSettings(), "WORKER");
        Process plainWorker = launchWorker(config, ConnectWorkerComponent.NAME, kafka.bootstrapServers(), Map.of(), "SINK");
        await("the PLAINTEXT worker answers").atMost(TIMEOUT).pollInterval(Duration.ofMillis(500))
            .until(() -> Http.isOk(config.connectUrl() + "/connectors"));

        assertThat(exitCode(streams)).as("the Streams app's startup check").isEqualTo(3);
        assertThat(exitCode(generator)).as("the generator").isNotZero();
        assertThat(exitCode(iamWorker)).as("the worker whose own clients use MSK IAM").isNotZero();
        assertRefusedByTheBroker(layout, "streams-iam", "generator-iam", "connect-iam");

        CliRun dryRun = connectConfig(config, iam, clientSettings, "CLI", "--dry-run");
        assertThat(dryRun.exit()).as(dryRun.output()).isZero();
        CliRun apply = connectConfig(config, iam, clientSettings, "CLI");
        assertThat(apply.exit()).as("apply, whose control-topic client uses MSK IAM").isNotZero();
        assertRefused("the connect-config CLI", apply.output());

        // the sink's own clients: the rendered config, put as apply would, on a worker that reaches Kafka in PLAINTEXT
        kafka.createTopics(1, CONNECTOR + "-control");
        put(config, renderedConfig(dryRun.output()));
        String trace = awaitFailedTaskTrace(config);
        assertRefused("the Iceberg sink's task", trace);
        assertThat(plainWorker.isAlive()).isTrue();
      } finally {
        processes.forEach(process -> ChildProcess.stop(process, Duration.ofSeconds(20)));
      }
      assertThat(MskIamTestBroker.requests()).allSatisfy(request -> {
        assertThat(request.path("action").asText()).isEqualTo("kafka-cluster:Connect");
        assertThat(request.path("x-amz-algorithm").asText()).isEqualTo("AWS4-HMAC-SHA256");
        assertThat(request.path("x-amz-signature").asText()).matches("[0-9a-f]{64}");
      });
      assertThat(MskIamTestBroker.accessKeyIds()).as("who signed the requests the broker refused")
          .contains(accessKey("STREAMS"), accessKey("GENERATOR"), accessKey("WORKER"), accessKey("CLI"), accessKey("SINK"));
    }
  }

  /**
   * The MSK IAM block of connect-config/config/worker-production.properties (commented there, as the
   * template's alternative to SCRAM), the keys with {@code prefix}; SASL_PLAINTEXT here, the local
   * broker having no TLS.
   */
  private static Map<String, String> mskIamVariant(String prefix) throws IOException {
    String template = Files.readString(RepoDir.get().resolve("connect-config/config/worker-production.properties"));
    String block = template.substring(template.indexOf("# MSK IAM instead of SCRAM"));
    Matcher line = Pattern.compile("(?m)^#([a-z.]+)=(.+)$").matcher(block);
    Map<String, String> settings = new TreeMap<>();
    while (line.find()) {
      String key = line.group(1);
      boolean prefixed = List.of("consumer.", "producer.", "admin.").stream().anyMatch(key::startsWith);
      if (prefix.isEmpty() ? !prefixed : key.startsWith(prefix)) {
        settings.put(key, line.group(2).replace("SASL_SSL", "SASL_PLAINTEXT"));
      }
    }
    assertThat(settings).as("the MSK IAM variant in worker-production.properties")
        .containsEntry(prefix + "sasl.mechanism", MskIamTestBroker.MECHANISM)
        .containsKeys(prefix + "sasl.jaas.config", prefix + "sasl.client.callback.handler.class", prefix + "security.protocol");
    return settings;
  }

  private static Map<String, String> workerSettings() throws IOException {
    Map<String, String> settings = new TreeMap<>();
    for (String prefix : List.of("", "consumer.", "producer.", "admin.")) {
      settings.putAll(mskIamVariant(prefix));
    }
    return settings;
  }

  private Process launchStreamsApp(StackConfig config, String iam, Map<String, String> client) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>(StreamsComponent.appProperties(config));
    settings.put("kafka.bootstrap.servers", iam);
    settings.put("startup.topic-check.timeout", "30s");
    client.forEach((key, value) -> settings.put("kafka." + key, value));
    Path file = ConfigFiles.writeProperties(config.layout().configDir().resolve("streams-iam.properties"),
        "Streams app on MSK IAM", settings);
    return launch(config, "streams-iam", JvmCommand.forComponent(config, "streams-iam", "384m",
        ModuleJars.classpath(config.repoDir(), StreamsComponent.MODULE, "Streams app"), StreamsComponent.MAIN_CLASS)
        .simpleLogging().args("--config", file.toString()), "STREAMS");
  }

  private Process launchGenerator(StackConfig config, String iam, Map<String, String> client) throws IOException {
    Path file = ConfigFiles.writeProperties(config.layout().configDir().resolve("generator-iam.properties"),
        "generator on MSK IAM", client);
    return launch(config, "generator-iam", JvmCommand.forComponent(config, "generator-iam", "256m",
        ModuleJars.classpath(config.repoDir(), GeneratorComponent.MODULE, "generator"), GeneratorComponent.MAIN_CLASS)
        .simpleLogging().args("--bootstrap-servers", iam, "--client-config", file.toString(), "--events", "10",
            "--no-tail"), "GENERATOR");
  }

  private Process launchWorker(StackConfig config, String name, String bootstrapServers, Map<String, String> client,
      String who) throws IOException {
    int port = name.equals(ConnectWorkerComponent.NAME) ? config.connectPort(1) : FreePorts.pick();
    Map<String, String> worker = new TreeMap<>(ConnectWorkers.properties(config.repoDir(), bootstrapServers, port));
    worker.putAll(client);
    Path file = ConfigFiles.writeProperties(config.layout().configDir().resolve(name + ".properties"), name, worker);
    return launch(config, name, JvmCommand.forComponent(config, name, "512m",
            ConnectWorkerComponent.workerLib(config) + "/*", ConnectWorkers.MAIN_CLASS)
        .simpleLogging("org.reflections", "org.eclipse.jetty").args(file.toString()), who);
  }

  private Process launch(StackConfig config, String name, JavaCommand command, String who) {
    Process process = DetachedProcess.launch(name, command.toList(), config.layout(), credentials(who));
    processes.add(process);
    return process;
  }

  record CliRun(int exit, String output) {}

  /** connect-config apply of the bundled local config, its control-topic client (iceberg.kafka.*) on MSK IAM. */
  private CliRun connectConfig(StackConfig config, String iam, Map<String, String> client, String who, String... more)
      throws Exception {
    List<String> args = new ArrayList<>();
    List<String> local = ConnectorComponent.arguments(config);
    for (int i = 0; i < local.size(); i++) {
      if (local.get(i).equals("--bootstrap-servers")) {
        i++; // replaced below
      } else {
        args.add(local.get(i));
      }
    }
    args.addAll(List.of("--bootstrap-servers", iam, "--timeout-seconds", "60"));
    client.forEach((key, value) -> args.addAll(List.of("--kafka-property", key + "=" + value)));
    args.addAll(List.of(more));
    Path log = config.layout().logFile("connect-config-iam");
    ProcessBuilder builder = new ProcessBuilder(JvmCommand.forComponent(config, "connect-config-iam", "256m",
            ModuleJars.classpath(config.repoDir(), ConnectorComponent.MODULE, "connect-config"), ConnectorComponent.CLI_CLASS)
        .simpleLogging().args(args).toList()).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(credentials(who));
    Process process = builder.start();
    assertThat(process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as("connect-config finished").isTrue();
    return new CliRun(process.exitValue(), Files.readString(log));
  }

  /** The JSON object apply --dry-run prints. */
  private static Map<String, String> renderedConfig(String dryRunOutput) throws IOException {
    String json = dryRunOutput.substring(dryRunOutput.indexOf("{\n"), dryRunOutput.lastIndexOf("\n}") + 2);
    Map<String, String> config = new LinkedHashMap<>();
    JSON.readTree(json).fields().forEachRemaining(e -> config.put(e.getKey(), e.getValue().asText()));
    return config;
  }

  private static void put(StackConfig config, Map<String, String> connector) throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
            URI.create(config.connectUrl() + "/connectors/" + CONNECTOR + "/config"))
        .header("Content-Type", "application/json")
        .PUT(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(connector))).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isIn(200, 201);
  }

  private static String awaitFailedTaskTrace(StackConfig config) {
    String status = config.connectUrl() + "/connectors/" + CONNECTOR + "/status";
    return await("a FAILED sink task").atMost(TIMEOUT).pollInterval(Duration.ofSeconds(1)).until(() -> {
      JsonNode tasks = JSON.readTree(Http.get(status).body()).path("tasks");
      for (JsonNode task : tasks) {
        if (task.path("state").asText().equals("FAILED")) {
          return task.path("trace").asText();
        }
      }
      return null;
    }, trace -> trace != null);
  }

  private void assertRefusedByTheBroker(StackLayout layout, String... components) throws IOException {
    for (String component : components) {
      assertRefused(component, Files.readString(layout.logFile(component)));
    }
  }

  private static void assertRefused(String who, String log) {
    assertThat(log).as("what %s logged", who).contains(MskIamTestBroker.REFUSAL);
    assertThat(CLASS_OR_CONFIG_ERROR.matcher(log).find()).as("a class or config error in what %s logged:%n%s", who, log)
        .isFalse();
  }

  private static int exitCode(Process process) throws InterruptedException {
    assertThat(process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as("stopped by itself").isTrue();
    return process.exitValue();
  }

  /** One access key per client, so the broker's record says who signed; never IMDS (no network here). */
  private static Map<String, String> credentials(String who) {
    return Map.of("AWS_ACCESS_KEY_ID", accessKey(who), "AWS_SECRET_ACCESS_KEY", "test-secret-" + who.toLowerCase(),
        "AWS_REGION", "eu-west-1", "AWS_EC2_METADATA_DISABLED", "true");
  }

  private static String accessKey(String who) {
    return "AKIATEST" + who;
  }

  /** The components reach Kafka at the PLAINTEXT listener unless told otherwise. */
  private static StackConfig stackConfig(Path dataDir, EmbeddedKafka kafka, EmbeddedS3 s3) {
    return StackConfig.of(RepoDir.get(), StackSettings.around(dataDir, kafka.bootstrapServers(), s3.endpoint(), 1));
  }

}
