package dev.lakehouse.streams;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.ConfigLoader;
import dev.lakehouse.streams.config.Secrets;
import dev.lakehouse.streams.config.StreamsProperties;
import dev.lakehouse.streams.runtime.StartupException;
import dev.lakehouse.streams.runtime.StreamsApplication;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.apache.kafka.common.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** Command line of the Streams app: loads the settings and runs the pipeline until stopped. */
@Command(
    name = "lakehouse-streams",
    mixinStandardHelpOptions = true,
    version = "lakehouse-streams 0.1.0",
    description = "Runs the lakehouse Kafka Streams pipeline (exactly-once) with /health/live, "
        + "/health/ready and /metrics over HTTP.",
    footer = {
        "",
        "Settings: defaults, then --config <file> (Java properties), then LAKEHOUSE_STREAMS_* environment",
        "variables (window.grace = LAKEHOUSE_STREAMS_WINDOW_GRACE; kafka.sasl.jaas.config =",
        "LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG). See streams-app/README.md for every key.",
        "",
        "Stopped by SIGTERM, it closes Kafka Streams gracefully and exits with 143."})
public final class App implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(App.class);

  @Option(names = "--config", paramLabel = "<file>", description = "Properties file with the settings.")
  Path configFile;

  @Option(names = "--print-config", description = "Print the effective settings (secrets hidden) and exit.")
  boolean printConfig;

  @Spec
  CommandSpec spec;

  private final Map<String, String> environment;

  public App(Map<String, String> environment) {
    this.environment = environment;
  }

  public static void main(String[] args) {
    System.exit(commandLine(System.getenv()).execute(args));
  }

  /** The command with its error handling, for {@code main} and for tests. */
  public static CommandLine commandLine(Map<String, String> environment) {
    return ExitCode.describeIn(new CommandLine(new App(environment)).setExecutionExceptionHandler(App::handleFailure),
        Map.of(ExitCode.FAILED, "Kafka Streams stopped in ERROR",
            ExitCode.UNREACHABLE, "Kafka unreachable or topics missing at startup"));
  }

  @Override
  public Integer call() throws InterruptedException {
    AppConfig config = ConfigLoader.load(configFile, environment);
    if (printConfig) {
      printTo(config, spec.commandLine().getOut());
      return 0;
    }
    LOG.info("Effective settings:\n{}", lines(config.describe()));
    LOG.info("Kafka Streams properties:\n{}", lines(Secrets.masked(toMap(StreamsProperties.of(config)))));
    return new StreamsApplication(config).run();
  }

  static void printTo(AppConfig config, PrintWriter out) {
    out.println("# effective settings");
    out.print(lines(config.describe()));
    out.println("# Kafka Streams properties derived from them");
    out.print(lines(Secrets.masked(toMap(StreamsProperties.of(config)))));
    out.flush();
  }

  private static int handleFailure(Exception exception, CommandLine commandLine, CommandLine.ParseResult parsed) {
    PrintWriter err = commandLine.getErr();
    if (exception instanceof ConfigException) {
      err.println("Cannot start: " + exception.getMessage());
      return ExitCode.INVALID.code();
    }
    if (exception instanceof StartupException) {
      err.println(exception.getMessage());
      return ExitCode.UNREACHABLE.code();
    }
    LOG.error("Cannot run the Streams app", exception);
    err.println("Cannot run the Streams app: " + exception);
    return ExitCode.FAILED.code();
  }

  private static Map<String, Object> toMap(Properties properties) {
    Map<String, Object> map = new TreeMap<>();
    properties.forEach((key, value) -> map.put(String.valueOf(key), value));
    return map;
  }

  private static String lines(Map<String, String> settings) {
    StringBuilder out = new StringBuilder();
    settings.forEach((key, value) -> out.append(key).append('=').append(value).append('\n'));
    return out.toString();
  }
}
