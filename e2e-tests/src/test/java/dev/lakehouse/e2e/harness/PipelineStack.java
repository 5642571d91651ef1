package dev.lakehouse.e2e.harness;

import dev.lakehouse.local.faults.Fault;
import dev.lakehouse.local.faults.FaultRunner;
import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.components.Components;
import dev.lakehouse.local.stack.components.ConnectWorkerComponent;
import dev.lakehouse.local.stack.components.ConnectorComponent;
import dev.lakehouse.local.stack.LocalStack;
import dev.lakehouse.local.stack.components.PipelineTopics;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.Replays;
import dev.lakehouse.local.stack.components.ServicesComponent;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.PortsTakenException;
import dev.lakehouse.local.stack.StackHandle;
import dev.lakehouse.local.stack.components.StreamsComponent;
import dev.lakehouse.local.stack.components.TrinoComponent;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.Prerequisites;
import dev.lakehouse.testkit.RepoDir;
import dev.lakehouse.testkit.TrinoScripts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The pipeline as the local stack runs it (broker + S3 server JVM, Connect worker JVM with the
 * Iceberg sink, connector applied, Streams app JVM), from the modules' packaged jars, on free
 * ports, with its data under {@code target/e2e/}. It can kill a component with SIGKILL and start
 * it again, as a crash would.
 */
public final class PipelineStack implements AutoCloseable {
  private final StackConfig config;
  private final List<Component> components;
  private final StackHandle handle;
  private final Component trino = new TrinoComponent();
  private CompletableFuture<Void> trinoStart = CompletableFuture.completedFuture(null);
  private final List<Component> replays = new ArrayList<>();

  private PipelineStack(StackConfig config, List<Component> components, StackHandle handle) {
    this.config = config;
    this.components = components;
    this.handle = handle;
  }

  /** The whole pipeline: services, Connect worker, connector (and tables), Streams app. */
  public static PipelineStack start(String name) {
    return start(name, Parts.PIPELINE);
  }

  /**
   * The whole pipeline, ready for Trino on the same catalog and S3 endpoint ({@link #startTrino});
   * skips the test when Trino is not installed.
   */
  public static PipelineStack startForTrino(String name) {
    return start(name, Parts.PIPELINE_FOR_TRINO);
  }

  /** Only the services and the Connect worker: no connector, no Streams app (for sink benchmarks). */
  public static PipelineStack startWorkerOnly(String name) {
    return start(name, Parts.WORKER_ONLY);
  }

  /** The services, the Connect worker and the connector (and tables): the sink fed straight from the output topics. */
  public static PipelineStack startSinkOnly(String name) {
    return start(name, Parts.SINK_ONLY);
  }

  /** The sink fed straight from the output topics ({@link #startSinkOnly}), ready for Trino ({@link #startTrino}). */
  public static PipelineStack startSinkOnlyForTrino(String name) {
    return start(name, Parts.SINK_ONLY_FOR_TRINO);
  }

  /**
   * The whole pipeline with {@code streamsInstances} Streams app JVMs in one application and
   * {@code connectWorkers} Connect workers in one cluster (instance n on port + 100 x (n - 1)).
   */
  public static PipelineStack startScaled(String name, int streamsInstances, int connectWorkers) {
    return start(name, Parts.PIPELINE, streamsInstances, connectWorkers);
  }

  /** Only the services and the Streams app: its output stays on the output topics. */
  public static PipelineStack startStreamsOnly(String name) {
    return start(name, Parts.STREAMS_ONLY);
  }

  /**
   * Only the services (broker, S3 server, catalog) and the pipeline topics of {@code partitions}
   * partitions each: the rest runs elsewhere (in containers).
   */
  public static PipelineStack startServicesOnly(String name, int partitions) {
    return start(name, Parts.SERVICES_ONLY, 1, 1, Map.of(Setting.TOPIC_PARTITIONS, Integer.toString(partitions)));
  }

  /** The services only ({@link #startServicesOnly}), ready for Trino ({@link #startTrino}). */
  public static PipelineStack startServicesForTrino(String name) {
    return start(name, Parts.SERVICES_FOR_TRINO);
  }

  private enum Parts {
    PIPELINE, PIPELINE_FOR_TRINO, WORKER_ONLY, SINK_ONLY, SINK_ONLY_FOR_TRINO, STREAMS_ONLY, SERVICES_ONLY,
    SERVICES_FOR_TRINO;

    boolean forTrino() {
      return this == PIPELINE_FOR_TRINO || this == SINK_ONLY_FOR_TRINO || this == SERVICES_FOR_TRINO;
    }
  }

  private static PipelineStack start(String name, Parts parts) {
    return start(name, parts, 1, 1);
  }

  private static PipelineStack start(String name, Parts parts, int streamsInstances, int connectWorkers) {
    return start(name, parts, streamsInstances, connectWorkers, Map.of());
  }

  /**
   * Starts the stack on free ports; when a picked port is taken by the time the stack checks it
   * (nothing started then), once more on other ports, printing what holds the port: seen twice in
   * clean clones' runs for {@code ContainerPipelineIT}'s broker port, right after its image build,
   * although no test JVM hands out a port twice ({@code FreePorts}).
   */
  private static PipelineStack start(String name, Parts parts, int streamsInstances, int connectWorkers,
      Map<Setting, String> settings) {
    try {
      return startOnFreePorts(name, parts, streamsInstances, connectWorkers, settings);
    } catch (PortsTakenException e) {
      System.out.println(e.getMessage() + System.lineSeparator() + "Held by: " + listeners(e.ports())
          + System.lineSeparator() + "Starting " + name + " again on other ports");
      return startOnFreePorts(name, parts, streamsInstances, connectWorkers, settings);
    }
  }

  /** What {@code ss} shows listening on these ports, for the log. */
  private static String listeners(List<Integer> ports) {
    try {
      Process ss = new ProcessBuilder("ss", "-ltnp").redirectErrorStream(true).start();
      List<String> lines = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(line -> ports.stream().anyMatch(port -> line.contains(":" + port + " "))).toList();
      return lines.isEmpty() ? "nothing listening (a connection, or gone)" : String.join(System.lineSeparator(), lines);
    } catch (IOException e) {
      return "unknown (ss: " + e.getMessage() + ")";
    }
  }

  private static PipelineStack startOnFreePorts(String name, Parts parts, int streamsInstances, int connectWorkers,
      Map<Setting, String> settings) {
    Path repo = RepoDir.get();
    Path dataDir = Path.of(System.getProperty("e2e.work.dir", "target/e2e")).toAbsolutePath()
        .resolve(name + "-" + System.currentTimeMillis());
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    // every port setting, the unused ones too: the stack refuses a port that any other one takes
    overrides.put(Setting.KAFKA_PORT, Integer.toString(FreePorts.pickWithNext()));
    overrides.put(Setting.S3_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.CONNECT_PORT, Integer.toString(FreePorts.pickSpaced(connectWorkers, StackConfig.INSTANCE_PORT_STEP)));
    overrides.put(Setting.STREAMS_PORT, Integer.toString(FreePorts.pickSpaced(streamsInstances, StackConfig.INSTANCE_PORT_STEP)));
    overrides.put(Setting.CONNECT_WORKERS, Integer.toString(connectWorkers));
    overrides.put(Setting.STREAMS_INSTANCES, Integer.toString(streamsInstances));
    overrides.put(Setting.TRINO_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.DASHBOARD_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.GENERATOR_ENABLED, "false");
    overrides.put(Setting.TRINO_ENABLED, Boolean.toString(parts.forTrino()));
    // a short-lived Trino beside another test's stack: less CPU beats peak query speed here
    overrides.put(Setting.TRINO_JVM_OPTIONS, String.join(" ", TrinoScripts.QUICK_START));
    overrides.put(Setting.MAINTENANCE_ENABLED, "false");
    // integration tests run side by side (e2e.forks): a start (Trino's above all) may take longer
    overrides.put(Setting.STARTUP_TIMEOUT_SECONDS, "300");
    overrides.putAll(settings);
    StackConfig config = StackConfig.of(repo, overrides);
    Component services = new ServicesComponent(ModuleJars.classpath(repo, "local-stack", "the services"));
    if (parts.forTrino()) {
      Optional<String> missing = new TrinoComponent().skipReason(config);
      Prerequisites.require(missing.isEmpty(), "Trino is " + missing.orElse(""));
    }
    List<Component> components = switch (parts) {
      case PIPELINE, PIPELINE_FOR_TRINO -> Stream.of(Stream.of(services),
              IntStream.rangeClosed(1, connectWorkers).mapToObj(ConnectWorkerComponent::new),
              Stream.of(new ConnectorComponent()), IntStream.rangeClosed(1, streamsInstances).mapToObj(StreamsComponent::new))
          .flatMap(c -> c).map(Component.class::cast).toList();
      case WORKER_ONLY -> List.of(services, new ConnectWorkerComponent());
      case SINK_ONLY, SINK_ONLY_FOR_TRINO -> List.of(services, new ConnectWorkerComponent(), new ConnectorComponent());
      case STREAMS_ONLY -> List.of(services, new StreamsComponent());
      case SERVICES_ONLY, SERVICES_FOR_TRINO -> List.of(services);
    };
    LocalStack stack = new LocalStack(config, components, System.out);
    try {
      return new PipelineStack(config, components, stack.up());
    } catch (RuntimeException e) {
      // up leaves the components started before the failing one running
      stack.down();
      throw e;
    }
  }

  public StackConfig config() {
    return config;
  }

  public String bootstrapServers() {
    return handle.bootstrapServers();
  }

  public Map<String, String> catalogProperties() {
    return handle.catalogProperties();
  }

  public String connectUrl() {
    return handle.connectUrl();
  }

  public String s3Endpoint() {
    return handle.s3Endpoint();
  }

  /** Starts Trino in the background (it is the slowest to start: produce meanwhile); {@link #close} stops it. */
  public CompletableFuture<Void> startTrino() {
    trinoStart = CompletableFuture.runAsync(() -> trino.start(config, new Progress(System.out, 1)));
    return trinoStart;
  }

  /**
   * Starts replay {@code id} as {@code ./lakehouse replay start} does (its output topics, connector
   * into its own namespace, Streams app under its own application id); {@link #close} stops it.
   */
  public Replay startReplay(String id) {
    Replay replay = new Replay(id);
    Replays.record(config.layout(), replay);
    List<Component> components = Components.replay(config);
    replays.addAll(components);
    new LocalStack(config, components, System.out).up();
    return replay;
  }

  /**
   * Starts a Streams app alone under replay {@code id}'s application id and output topic prefix (the
   * topics created first), from the earliest offsets, without a connector: its output stays on its
   * topics. {@link #kill} and {@link #restart} take its name (returned); {@link #close} stops it.
   */
  public String startStreamsReplay(String id) {
    Replay replay = new Replay(id);
    try {
      PipelineTopics.ensureOutputs(bootstrapServers(), config.topicPartitions(), replay.topicPrefix());
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot create the output topics of replay " + id + ": " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot create the output topics of replay " + id + ": interrupted", e);
    }
    int position = (int) replays.stream().filter(StreamsComponent.class::isInstance).count();
    Component streams = new StreamsComponent(replay, position);
    replays.add(streams);
    new LocalStack(config, List.of(streams), System.out).up();
    return streams.name();
  }

  public int trinoPort() {
    return config.trinoPort();
  }

  public String streamsApplicationId() {
    return config.streamsApplicationId();
  }

  /** SIGKILL, as a crash: no shutdown hooks, no flush, no commit. */
  public void kill(String componentName) throws InterruptedException {
    faults().kill(componentName);
  }

  /** Starts a stopped component again and waits until it is ready. */
  public void restart(String componentName) {
    faults().start(componentName);
  }

  /** Applies a fault schedule ({@code ./lakehouse faults}) to this stack's components, printing each fault. */
  public void runFaults(List<Fault> faults) throws InterruptedException {
    faults().run(faults);
  }

  private FaultRunner faults() {
    return new FaultRunner(config, Stream.concat(components.stream(), replays.stream()).toList(), System.out);
  }

  public Duration startupTimeout() {
    return config.startupTimeout();
  }

  /**
   * Stops every component, replays first, each with a second between SIGTERM and SIGKILL: the test is
   * over, and {@code down}'s graceful stop (6-11 s for a Connect worker, once the whole 60 s of
   * stop.timeout-seconds, 5 s for a Streams app) added minutes to every run of the tests. The data
   * stays for a look.
   */
  @Override
  public void close() {
    // a Trino still starting would outlive the stop
    trinoStart.handle((ignored, failure) -> null).join();
    trino.stop(config);
    Map<Setting, String> closing = config.values();
    closing.put(Setting.STOP_TIMEOUT_SECONDS, "1");
    new LocalStack(StackConfig.of(config.repoDir(), closing), Stream.concat(components.stream(), replays.stream()).toList(),
        System.out).down();
  }
}
