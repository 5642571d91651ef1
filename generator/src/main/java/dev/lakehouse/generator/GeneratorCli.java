package dev.lakehouse.generator;

import dev.lakehouse.conventions.DurationConverter;
import dev.lakehouse.conventions.ExitCode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.kafka.common.errors.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** Command line of the event generator; see local-stack/README.md. */
@Command(
    name = "generator",
    mixinStandardHelpOptions = true,
    description = "Produces orders, payments, customers and merchants for the lakehouse pipeline, with a seed, "
        + "configurable anomalies (out-of-order, beyond-grace, duplicates, malformed, reference updates) and a tail "
        + "that closes every window, and writes a JSON manifest of what it produced.",
    sortOptions = false)
public final class GeneratorCli implements Callable<Integer> {
  @Option(names = "--bootstrap-servers", defaultValue = "${env:KAFKA_BOOTSTRAP_SERVERS:-127.0.0.1:19092}",
      description = "Kafka bootstrap servers (env KAFKA_BOOTSTRAP_SERVERS). Default: ${DEFAULT-VALUE}")
  String bootstrapServers;

  @Option(names = "--schema-registry-url", defaultValue = "${env:SCHEMA_REGISTRY_URL:-file:}",
      description = "file: (bundled catalog), file:/path/catalog.json or http(s)://registry (env SCHEMA_REGISTRY_URL). Default: ${DEFAULT-VALUE}")
  String schemaRegistryUrl;

  @Option(names = "--client-config", paramLabel = "<file>", defaultValue = "${env:KAFKA_CLIENT_CONFIG}",
      description = "Kafka client properties for the producer and the --follow-group admin client: security.protocol, "
          + "sasl.*, ssl.* (env KAFKA_CLIENT_CONFIG). Keep secrets out of it with config.providers=env and "
          + "$${env:NAME} references")
  Path clientConfig;

  @Option(names = "--producer-property", description = "Extra producer setting key=value, repeatable; overrides --client-config")
  Map<String, String> producerProperties = Map.of();

  @Option(names = "--seed", defaultValue = "42", description = "Random seed. Default: ${DEFAULT-VALUE}")
  long seed;

  @Option(names = "--events", defaultValue = "10000", description = "Order and payment records of the main phase. Default: ${DEFAULT-VALUE}")
  int events;

  @Option(names = "--rate", defaultValue = "0", description = "Records per second; 0 = as fast as possible. Default: ${DEFAULT-VALUE}")
  double rate;

  @Option(names = "--events-per-minute", defaultValue = "0",
      description = "Event-time density; 0 = 5000, or rate x 60 with --rate (event time then follows the clock)")
  int eventsPerMinute;

  @Option(names = "--start-time", description = "Event time of the first event (ISO-8601); default now - 3h (now with --rate)")
  Instant startTime;

  @Option(names = "--run-id", description = "Prefix of all generated ids; default s<seed>-<start time>")
  String runId;

  @Option(names = "--out-of-order-fraction", defaultValue = "0.05", description = "Default: ${DEFAULT-VALUE}")
  double outOfOrderFraction;

  @Option(names = "--beyond-grace-fraction", defaultValue = "0.01", description = "Default: ${DEFAULT-VALUE}")
  double beyondGraceFraction;

  @Option(names = "--duplicate-fraction", defaultValue = "0.01", description = "Default: ${DEFAULT-VALUE}")
  double duplicateFraction;

  @Option(names = "--malformed-fraction", defaultValue = "0.005", description = "Default: ${DEFAULT-VALUE}")
  double malformedFraction;

  @Option(names = "--reference-update-fraction", defaultValue = "0.002", description = "Default: ${DEFAULT-VALUE}")
  double referenceUpdateFraction;

  @Option(names = "--previous-contract-share", defaultValue = "0",
      description = "Share of orders sent by a producer still on version 2 of the orders contract (no channel,"
          + " no discount), beside the current one. Default: ${DEFAULT-VALUE}")
  double previousContractShare;

  @Option(names = "--malformed-kinds", split = ",", description = "Subset of ${COMPLETION-CANDIDATES}; default all")
  Set<MalformedKind> malformedKinds = Set.of(MalformedKind.values());

  @Option(names = "--customers", defaultValue = "200", description = "Default: ${DEFAULT-VALUE}")
  int customers;

  @Option(names = "--merchants", defaultValue = "20", description = "Default: ${DEFAULT-VALUE}")
  int merchants;

  @Option(names = "--currencies", split = ",", defaultValue = "EUR,USD,GBP", description = "Default: ${DEFAULT-VALUE}")
  List<String> currencies;

  @Option(names = "--outcomes", split = ",", defaultValue = "SUCCEEDED,DECLINED,FAILED", description = "Default: ${DEFAULT-VALUE}")
  List<String> outcomes;

  @Option(names = "--grace", defaultValue = "2m", converter = DurationConverter.class,
      description = "Grace of the Streams app's windows. Default: ${DEFAULT-VALUE}")
  Duration grace;

  @Option(names = "--max-disorder", defaultValue = "20s", converter = DurationConverter.class,
      description = "How far behind the head out-of-order events lie at most. Default: ${DEFAULT-VALUE}")
  Duration maxDisorder;

  @Option(names = "--beyond-grace-extra", defaultValue = "5m", converter = DurationConverter.class,
      description = "How far beyond the grace late events lie at least. Default: ${DEFAULT-VALUE}")
  Duration beyondGraceExtra;

  @Option(names = "--reference-lead", defaultValue = "60s", converter = DurationConverter.class,
      description = "How long before its updated_at a reference update is produced. Default: ${DEFAULT-VALUE}")
  Duration referenceLead;

  @Option(names = "--payment-delay-max", defaultValue = "5m", converter = DurationConverter.class,
      description = "Payments and status changes follow their order within this time. Default: ${DEFAULT-VALUE}")
  Duration paymentDelayMax;

  @Option(names = "--tail", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Produce the tail that closes all windows (--no-tail: don't). Default: ${DEFAULT-VALUE}")
  boolean tail;

  @Option(names = "--tail-offset", defaultValue = "1h", converter = DurationConverter.class,
      description = "Event time of the tail after the last event. Default: ${DEFAULT-VALUE}")
  Duration tailOffset;

  @Option(names = "--tail-wave-gap", defaultValue = "2m", converter = DurationConverter.class,
      description = "Gap between the tail's two waves; more than the Streams app's reference join grace. Default: ${DEFAULT-VALUE}")
  Duration tailWaveGap;

  @Option(names = "--follow-group",
      description = "Follow this Streams application.id (recommended): stay at most --max-lag records ahead of what "
          + "it consumed, and produce the tail only once it consumed everything else")
  String followGroup;

  @Option(names = "--max-lag", defaultValue = "2000",
      description = "With --follow-group: records the app may have left to consume at most. Default: ${DEFAULT-VALUE}")
  long maxLag;

  @Option(names = "--follow-timeout", defaultValue = "10m", converter = DurationConverter.class,
      description = "With --follow-group: how long to wait for the app at any one point. Default: ${DEFAULT-VALUE}")
  Duration followTimeout;

  @Option(names = "--manifest", defaultValue = "generator-manifest.json",
      description = "Where to write the JSON manifest. Default: ${DEFAULT-VALUE}")
  Path manifest;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new GeneratorCli())
        .setExecutionExceptionHandler((e, cmd, parseResult) -> {
          cmd.getErr().println("generator: " + e.getMessage());
          return exitCodeOf(e).code();
        });
    return ExitCode.describeIn(cli, Map.of(ExitCode.UNREACHABLE, "Kafka did not answer in time, or an input topic is missing"));
  }

  /** A bad combination of settings is a usage error, like a bad option. */
  static ExitCode exitCodeOf(Exception e) {
    if (e instanceof IllegalArgumentException) {
      return ExitCode.INVALID;
    }
    // the producer waits max.block.ms for a broker that does not answer, or for a topic that does not exist
    return e instanceof TimeoutException || e.getCause() instanceof TimeoutException ? ExitCode.UNREACHABLE
        : ExitCode.ofFailure(e);
  }

  @Override
  public Integer call() throws Exception {
    GeneratorConfig config = toConfig();
    GeneratorRun run;
    if (followGroup == null) {
      run = Generator.run(config, TailGate.NONE);
    } else {
      try (GroupCatchUp streamsApp =
          new GroupCatchUp(bootstrapServers, ClientConfigFile.read(clientConfig), followGroup, followTimeout)) {
        run = Generator.runFollowing(config, streamsApp);
      }
    }
    System.out.println(run.manifest().toJson());
    return 0;
  }

  GeneratorConfig toConfig() {
    GeneratorConfig.Builder b = GeneratorConfig.builder()
        .bootstrapServers(bootstrapServers)
        .schemaRegistryUrl(schemaRegistryUrl)
        .seed(seed)
        .events(events)
        .rate(rate)
        .eventsPerMinute(eventsPerMinute)
        .startTime(startTime)
        .runId(runId)
        .outOfOrderFraction(outOfOrderFraction)
        .beyondGraceFraction(beyondGraceFraction)
        .duplicateFraction(duplicateFraction)
        .malformedFraction(malformedFraction)
        .referenceUpdateFraction(referenceUpdateFraction)
        .previousContractShare(previousContractShare)
        .malformedKinds(malformedKinds)
        .customers(customers)
        .merchants(merchants)
        .currencies(currencies)
        .outcomes(outcomes)
        .grace(grace)
        .maxDisorder(maxDisorder)
        .beyondGraceExtra(beyondGraceExtra)
        .referenceLead(referenceLead)
        .paymentDelayMax(paymentDelayMax)
        .tail(tail)
        .tailOffset(tailOffset)
        .tailWaveGap(tailWaveGap)
        .manifestPath(manifest)
        .maxLag(maxLag);
    ClientConfigFile.read(clientConfig).forEach(b::producerOverride);
    producerProperties.forEach(b::producerOverride);
    return b.build();
  }
}
