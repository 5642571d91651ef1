package dev.lakehouse.e2e.security;

import dev.lakehouse.local.stack.config.ConfigFiles;
import dev.lakehouse.local.stack.components.ConnectWorkerComponent;
import dev.lakehouse.local.stack.components.ConnectorComponent;
import dev.lakehouse.local.stack.process.DetachedProcess;
import dev.lakehouse.local.stack.components.GeneratorComponent;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.Readiness.StartedComponent;
import dev.lakehouse.local.stack.Readiness;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.components.StreamsComponent;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.ConnectWorkers;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The local stack's component JVMs (from the modules' packaged jars, logs under the stack's
 * {@code logs/}) configured for a SASL_SSL cluster the way a user would: the local stack's own
 * settings, plus the client security settings, with each component's secrets given through the
 * mechanism it offers. Stops every process it started on close.
 */
final class SecuredComponents implements AutoCloseable {
  static final String PRINT_CONFIG = "streams-print-config";
  private static final Duration TIMEOUT = Duration.ofMinutes(3);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private final StackConfig config;
  private final List<Process> processes = new ArrayList<>();

  SecuredComponents(StackConfig config) {
    this.config = config;
  }

  /**
   * The worker properties of the local stack with the client settings at the worker level and for
   * producers, consumers and admins, the secrets as {@code ${file:}} references to an owner-only file.
   *
   * @return the secrets file, for the connector's references
   */
  Path startConnectWorker(ClientSecurity security) {
    Path secretsFile = ConfigFiles.writeProperties(config.layout().configDir().resolve("connect-secrets.properties"),
        "secrets of the Connect worker", security.settings());
    Map<String, String> worker = new TreeMap<>(ConnectWorkerComponent.workerProperties(config));
    for (String prefix : List.of("", "producer.", "consumer.", "admin.")) {
      withFileReferences(security, secretsFile).forEach((key, value) -> worker.put(prefix + key, value));
    }
    Path file = ConfigFiles.writeProperties(config.layout().configDir().resolve("connect-worker.properties"),
        "Connect worker on SASL_SSL", worker);
    JavaCommand command = JvmCommand.forComponent(config, ConnectWorkerComponent.NAME, "768m",
            ConnectWorkerComponent.workerLib(config) + "/*", ConnectWorkers.MAIN_CLASS)
        .simpleLogging("org.reflections", "org.eclipse.jetty")
        .args(file.toString());
    start(ConnectWorkerComponent.NAME, command, Map.of(), () -> Http.isOk(config.connectUrl() + "/connectors"));
    return secretsFile;
  }

  private static Map<String, String> withFileReferences(ClientSecurity security, Path secretsFile) {
    Map<String, String> settings = new LinkedHashMap<>(security.publicSettings());
    settings.put("sasl.jaas.config", "${file:" + secretsFile + ":sasl.jaas.config}");
    settings.put("ssl.truststore.password", "${file:" + secretsFile + ":ssl.truststore.password}");
    return settings;
  }

  /** The bundled local connector config plus the sink's own client settings (--kafka-property), secrets as references. */
  void applyConnector(ClientSecurity security, Path secretsFile) {
    List<String> args = new ArrayList<>(ConnectorComponent.arguments(config));
    args.addAll(List.of("--commit-interval-ms", "2000"));
    withFileReferences(security, secretsFile)
        .forEach((key, value) -> args.addAll(List.of("--kafka-property", key + "=" + value)));
    List<String> command = JvmCommand.forComponent(config, ConnectorComponent.NAME, "256m",
            ModuleJars.classpath(config.repoDir(), ConnectorComponent.MODULE, "connect-config"), ConnectorComponent.CLI_CLASS)
        .simpleLogging()
        .args(args)
        .toList();
    Process process = DetachedProcess.launch(ConnectorComponent.NAME, command, config.layout(), Map.of());
    Readiness.awaitSuccess(new StartedComponent(ConnectorComponent.NAME, "apply the connector config", process,
        config.layout()), TIMEOUT, new Progress(System.out, 1));
  }

  /**
   * The local stack's Streams app file with the client settings that are no secret; the secrets in
   * LAKEHOUSE_STREAMS_* variables. Runs {@code --print-config} first (its output in
   * {@value #PRINT_CONFIG}.log), then the app until it is ready.
   */
  void startStreamsApp(ClientSecurity security) {
    Map<String, String> settings = new LinkedHashMap<>(StreamsComponent.appProperties(config));
    security.publicSettings().forEach((key, value) -> settings.put("kafka." + key, value));
    ConfigFiles.writeProperties(streamsConfigFile(), "Streams app on SASL_SSL", settings);
    Map<String, String> env = streamsSecrets(security.saslJaasConfig(), security.truststorePassword());
    List<String> printConfig = streamsCommand(PRINT_CONFIG).args("--print-config").toList();
    Readiness.awaitSuccess(new StartedComponent(PRINT_CONFIG, "print the Streams app's config",
        DetachedProcess.launch(PRINT_CONFIG, printConfig, config.layout(), env), config.layout()),
        TIMEOUT, new Progress(System.out, 1));
    start(StreamsComponent.NAME, streamsCommand(StreamsComponent.NAME).simpleLogging(), env,
        () -> Http.isOk(config.streamsUrl() + "/health/ready"));
  }

  /** Another instance of the Streams app with the given JAAS config; its exit code once it stopped by itself. */
  int runStreamsAppUntilItStops(String name, String saslJaasConfig, String truststorePassword)
      throws InterruptedException {
    Process process = DetachedProcess.launch(name, streamsCommand(name).toList(), config.layout(),
        streamsSecrets(saslJaasConfig, truststorePassword));
    if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      ChildProcess.stop(process, STOP_GRACE);
      throw new IllegalStateException("Cannot wait longer for " + name + " to stop by itself: still running after "
          + TIMEOUT.toSeconds() + " s");
    }
    return process.exitValue();
  }

  private JavaCommand streamsCommand(String name) {
    return JvmCommand.forComponent(config, name, "512m",
            ModuleJars.classpath(config.repoDir(), StreamsComponent.MODULE, "Streams app"), StreamsComponent.MAIN_CLASS)
        .args("--config", streamsConfigFile().toString());
  }

  private Path streamsConfigFile() {
    return config.layout().configDir().resolve("streams-app.properties");
  }

  private static Map<String, String> streamsSecrets(String saslJaasConfig, String truststorePassword) {
    return Map.of(
        "LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG", saslJaasConfig,
        "LAKEHOUSE_STREAMS_KAFKA_SSL_TRUSTSTORE_PASSWORD", truststorePassword);
  }

  /**
   * The generator with the local stack's arguments ({@code generator.args} names the client config
   * file written here); the file's secrets are {@code ${env:}} references the Kafka clients resolve.
   */
  void runGenerator(ClientSecurity security, Path clientConfig) {
    Map<String, String> client = new LinkedHashMap<>(security.publicSettings());
    client.put("config.providers", "env");
    client.put("config.providers.env.class", "org.apache.kafka.common.config.provider.EnvVarConfigProvider");
    client.put("sasl.jaas.config", "${env:GENERATOR_SASL_JAAS_CONFIG}");
    client.put("ssl.truststore.password", "${env:GENERATOR_TRUSTSTORE_PASSWORD}");
    ConfigFiles.writeProperties(clientConfig, "generator client config on SASL_SSL", client);
    List<String> command = JvmCommand.forComponent(config, GeneratorComponent.NAME, "256m",
            ModuleJars.classpath(config.repoDir(), GeneratorComponent.MODULE, "generator"), GeneratorComponent.MAIN_CLASS)
        .simpleLogging()
        .args(GeneratorComponent.arguments(config))
        .toList();
    Map<String, String> env = Map.of(
        "GENERATOR_SASL_JAAS_CONFIG", security.saslJaasConfig(),
        "GENERATOR_TRUSTSTORE_PASSWORD", security.truststorePassword());
    Process process = DetachedProcess.launch(GeneratorComponent.NAME, command, config.layout(), env);
    processes.add(process);
    Readiness.awaitSuccess(new StartedComponent(GeneratorComponent.NAME, "run the generator", process, config.layout()),
        TIMEOUT, new Progress(System.out, 1));
  }

  private void start(String name, JavaCommand command, Map<String, String> env, BooleanSupplier ready) {
    Process process = DetachedProcess.start(name, command.toList(), config.layout(), env);
    processes.add(process);
    Readiness.await(new StartedComponent(name, name, process, config.layout()), ready, TIMEOUT, new Progress(System.out, 1));
  }

  @Override
  public void close() {
    processes.forEach(process -> ChildProcess.stop(process, STOP_GRACE));
  }
}
