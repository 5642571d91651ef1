package dev.lakehouse.generator;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.kafka.clients.producer.Producer;

/**
 * Produces a run of the reference pipeline's input: first the reference data, then the main phase
 * (orders, payments, anomalies, reference updates), then, once the {@link TailGate} opens, the tail.
 *
 * <pre>{@code
 * GeneratorRun run = Generator.run(config, new GroupCatchUp(bootstrap, "lakehouse-streams", Duration.ofMinutes(5)));
 * }</pre>
 */
public final class Generator implements AutoCloseable {
  private static final Duration REFERENCE_AGE = Duration.ofDays(1);
  private static final Duration TAIL_WAVE_PAUSE = Duration.ofMillis(1_200);

  private final GeneratorConfig config;
  private final RecordSender sender;
  private final ValueEncoder encoder;
  private final Random random;
  private final ReferenceData reference;
  private final EventPlanner planner;
  private final Manifest manifest;
  private final List<ProducedRecord> produced = new ArrayList<>();
  private final LagGate lagGate;

  Generator(GeneratorConfig config, Producer<String, byte[]> producer, LagGate lagGate) {
    this.config = config;
    this.lagGate = lagGate;
    this.sender = new RecordSender(producer);
    this.encoder = new ValueEncoder(config.schemaRegistryUrl());
    this.random = new Random(config.seed());
    this.reference = new ReferenceData(config.referenceRunId(), config.customers(), config.merchants());
    this.planner = new EventPlanner(config, random, reference, encoder, new IdSource(config.runId()));
    this.manifest = new Manifest(config);
  }

  /** A generator producing as fast as the config's rate allows, whatever the consumers do. */
  public static Generator create(GeneratorConfig config) {
    return new Generator(config, RecordSender.createProducer(config), LagGate.NONE);
  }

  /** A generator that stays at most {@link GeneratorConfig#maxLag()} records ahead of {@code follow}. */
  public static Generator following(GeneratorConfig config, LagGate follow) {
    return new Generator(config, RecordSender.createProducer(config), follow);
  }

  /** Produces everything, as fast as allowed, waiting on {@code gate} before the tail (if the config asks for one). */
  public static GeneratorRun run(GeneratorConfig config, TailGate gate) throws InterruptedException {
    try (Generator generator = create(config)) {
      return generator.produceAll(gate);
    }
  }

  /**
   * Produces everything while following a Streams application: at most max-lag records ahead of
   * it, and the tail only once it consumed everything else.
   */
  public static GeneratorRun runFollowing(GeneratorConfig config, GroupCatchUp streamsApp) throws InterruptedException {
    try (Generator generator = following(config, streamsApp)) {
      return generator.produceAll(streamsApp);
    }
  }

  private GeneratorRun produceAll(TailGate gate) throws InterruptedException {
    produceMain();
    if (config.tail()) {
      gate.awaitBeforeTail();
      produceTail();
    }
    writeManifest();
    return result();
  }

  /**
   * Produces the reference data and the main phase; returns what was produced. A run for the customers
   * and merchants of an earlier run ({@link GeneratorConfig#referenceRunId()}) publishes no first
   * versions of them: that run did, and versions valid from before events already enriched, published
   * after them, would be a history that a replay reads otherwise than the live run did (TOPOLOGY.md,
   * "Enrichment").
   */
  public List<ProducedRecord> produceMain() throws InterruptedException {
    List<ProducedRecord> records = new ArrayList<>();
    if (config.referenceRunId().equals(config.runId())) {
      records.addAll(send(reference.initialVersions(config.startTime().minus(REFERENCE_AGE), random, encoder), 0,
          LagGate.NONE));
      Thread.sleep(config.referencePause().toMillis());
    }
    records.addAll(send(planner.plan(), config.rate(), lagGate));
    manifest.lastHead(EventPlanner.head(config, Math.max(0, config.events() - 1)));
    return records;
  }

  /** Produces the tail {@link GeneratorConfig#tailOffset()} after the main phase; call after {@link #produceMain()}. */
  public List<ProducedRecord> produceTail() throws InterruptedException {
    if (manifest.lastHead() == null) {
      throw new IllegalStateException("Cannot produce the tail: produce the main phase first");
    }
    Instant tailTime = manifest.lastHead().plus(config.tailOffset());
    manifest.tailTime(tailTime);
    List<ProducedRecord> tail = new ArrayList<>();
    List<List<PlannedRecord>> waves = TailPlanner.plan(config, planner, manifest.lastHead(), tailTime,
        sender.partitions(Topics.ORDERS), sender.partitions(Topics.PAYMENTS));
    for (int i = 0; i < waves.size(); i++) {
      if (i > 0) {
        // Streams emits closed windows at most once per second: a wave arriving later emits what the previous closed
        Thread.sleep(TAIL_WAVE_PAUSE.toMillis());
      }
      tail.addAll(send(waves.get(i), 0, LagGate.NONE));
    }
    return tail;
  }

  public void writeManifest() {
    if (config.manifestPath() != null) {
      manifest.write(config.manifestPath());
    }
  }

  public GeneratorRun result() {
    return new GeneratorRun(List.copyOf(produced), manifest);
  }

  private List<ProducedRecord> send(List<PlannedRecord> records, double rate, LagGate gate) throws InterruptedException {
    long start = System.nanoTime();
    List<ProducedRecord> sent = sender.send(records, rate, gate, config.maxLag());
    manifest.addProduceSeconds((System.nanoTime() - start) / 1e9);
    manifest.add(sent);
    produced.addAll(sent);
    return sent;
  }

  @Override
  public void close() {
    sender.close();
    encoder.close();
  }
}
