package dev.lakehouse.generator;

import dev.lakehouse.conventions.DurationFormat;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything that shapes a generator run. Same seed, start time and settings give the same records.
 *
 * <p>Event-time layout (why the streaming outcome is checkable despite partitioning): the head
 * advances by {@code 60 s / eventsPerMinute} per event; out-of-order events lie at most {@link
 * #maxDisorder()} behind it (far less than the grace); beyond-grace events lie {@code grace +
 * beyondGraceExtra} (plus up to one window) behind it; reference updates are produced {@link
 * #referenceLead()} before they become valid; the tail lies {@link #tailOffset()} after the last
 * event.
 */
public final class GeneratorConfig {
  public static final List<String> DEFAULT_CURRENCIES = List.of("EUR", "USD", "GBP");
  public static final List<String> DEFAULT_OUTCOMES = List.of("SUCCEEDED", "DECLINED", "FAILED");
  public static final int DEFAULT_EVENTS_PER_MINUTE = 5000;
  public static final String SUCCEEDED = "SUCCEEDED";
  public static final String PLACED = "PLACED";
  public static final String FULFILLED = "FULFILLED";
  public static final String CANCELLED = "CANCELLED";

  private final Builder b;

  private GeneratorConfig(Builder b) {
    this.b = b;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return b.copy();
  }

  public String bootstrapServers() { return b.bootstrapServers; }
  public String schemaRegistryUrl() { return b.schemaRegistryUrl; }
  public Map<String, String> producerOverrides() { return Map.copyOf(b.producerOverrides); }
  public long seed() { return b.seed; }
  public int events() { return b.events; }
  public double rate() { return b.rate; }
  public int eventsPerMinute() {
    if (b.eventsPerMinute > 0) {
      return b.eventsPerMinute;
    }
    return b.rate > 0 ? (int) Math.max(1, Math.round(b.rate * 60)) : DEFAULT_EVENTS_PER_MINUTE;
  }
  public Instant startTime() { return b.startTime; }
  public String runId() { return b.runId != null ? b.runId : "s" + b.seed + "-" + Long.toString(b.startTime.getEpochSecond(), 36); }
  /** The run whose customers and merchants this run's events use: its own unless set. */
  public String referenceRunId() { return b.referenceRunId != null ? b.referenceRunId : runId(); }
  public double outOfOrderFraction() { return b.outOfOrderFraction; }
  public double beyondGraceFraction() { return b.beyondGraceFraction; }
  public double duplicateFraction() { return b.duplicateFraction; }
  public double malformedFraction() { return b.malformedFraction; }
  public double referenceUpdateFraction() { return b.referenceUpdateFraction; }
  /** Share of orders whose producer is still on the previous orders contract (no channel, no discount). */
  public double previousContractShare() { return b.previousContractShare; }
  public Set<MalformedKind> malformedKinds() { return EnumSet.copyOf(b.malformedKinds); }
  public int customers() { return b.customers; }
  public int merchants() { return b.merchants; }
  public List<String> currencies() { return b.currencies; }
  public List<String> outcomes() { return b.outcomes; }
  public Duration grace() { return b.grace; }
  public Duration maxDisorder() { return b.maxDisorder; }
  public Duration beyondGraceExtra() { return b.beyondGraceExtra; }
  public Duration referenceLead() { return b.referenceLead; }
  /**
   * Wall-clock pause between the initial reference data and the first event, so that a reader of
   * both (the Streams app's global stores) has read the versions before the events that use them.
   */
  public Duration referencePause() { return b.referencePause; }
  public Duration paymentDelayMax() { return b.paymentDelayMax; }
  public boolean tail() { return b.tail; }
  public Duration tailOffset() { return b.tailOffset; }
  public Duration tailWaveGap() { return b.tailWaveGap; }
  public Path manifestPath() { return b.manifestPath; }
  public long maxLag() { return b.maxLag; }

  /** How far behind the head a beyond-grace event lies at least. */
  public Duration beyondGraceLateness() {
    return b.grace.plus(b.beyondGraceExtra);
  }

  /** Fluent builder; {@link #build()} validates the combination. */
  public static final class Builder {
    private String bootstrapServers = "127.0.0.1:19092";
    private String schemaRegistryUrl = "file:";
    private Map<String, String> producerOverrides = new LinkedHashMap<>();
    private long seed = 42;
    private int events = 10_000;
    private double rate;
    private int eventsPerMinute;
    private Instant startTime;
    private String runId;
    private String referenceRunId;
    private double outOfOrderFraction = 0.05;
    private double beyondGraceFraction = 0.01;
    private double duplicateFraction = 0.01;
    private double malformedFraction = 0.005;
    private double referenceUpdateFraction = 0.002;
    private double previousContractShare = 0;
    private Set<MalformedKind> malformedKinds = EnumSet.allOf(MalformedKind.class);
    private int customers = 200;
    private int merchants = 20;
    private List<String> currencies = DEFAULT_CURRENCIES;
    private List<String> outcomes = DEFAULT_OUTCOMES;
    private Duration grace = Duration.ofMinutes(2);
    private Duration maxDisorder = Duration.ofSeconds(20);
    private Duration beyondGraceExtra = Duration.ofMinutes(5);
    private Duration referenceLead = Duration.ofSeconds(60);
    private Duration referencePause = Duration.ZERO;
    private Duration paymentDelayMax = Duration.ofMinutes(5);
    private boolean tail = true;
    private Duration tailOffset = Duration.ofHours(1);
    private Duration tailWaveGap = Duration.ofMinutes(2);
    private Path manifestPath;
    private long maxLag = 2000;

    private Builder() {}

    private Builder copy() {
      Builder c = new Builder();
      c.bootstrapServers = bootstrapServers;
      c.schemaRegistryUrl = schemaRegistryUrl;
      c.producerOverrides = new LinkedHashMap<>(producerOverrides);
      c.seed = seed;
      c.events = events;
      c.rate = rate;
      c.eventsPerMinute = eventsPerMinute;
      c.startTime = startTime;
      c.runId = runId;
      c.referenceRunId = referenceRunId;
      c.outOfOrderFraction = outOfOrderFraction;
      c.beyondGraceFraction = beyondGraceFraction;
      c.duplicateFraction = duplicateFraction;
      c.malformedFraction = malformedFraction;
      c.referenceUpdateFraction = referenceUpdateFraction;
      c.previousContractShare = previousContractShare;
      c.malformedKinds = EnumSet.copyOf(malformedKinds);
      c.customers = customers;
      c.merchants = merchants;
      c.currencies = currencies;
      c.outcomes = outcomes;
      c.grace = grace;
      c.maxDisorder = maxDisorder;
      c.beyondGraceExtra = beyondGraceExtra;
      c.referenceLead = referenceLead;
      c.referencePause = referencePause;
      c.paymentDelayMax = paymentDelayMax;
      c.tail = tail;
      c.tailOffset = tailOffset;
      c.tailWaveGap = tailWaveGap;
      c.manifestPath = manifestPath;
      c.maxLag = maxLag;
      return c;
    }

    public Builder bootstrapServers(String v) { bootstrapServers = v; return this; }
    public Builder schemaRegistryUrl(String v) { schemaRegistryUrl = v; return this; }
    public Builder producerOverride(String key, String value) { producerOverrides.put(key, value); return this; }
    public Builder seed(long v) { seed = v; return this; }
    /** Number of order and payment records of the main phase (anomalies and reference updates included, tail not). */
    public Builder events(int v) { events = v; return this; }
    /** Events per second of wall-clock time; 0 = as fast as the broker takes them. */
    public Builder rate(double v) { rate = v; return this; }
    /** Event-time density; by default 5000 per minute, or rate x 60 when a rate is set (event time then follows the clock). */
    public Builder eventsPerMinute(int v) { eventsPerMinute = v; return this; }
    public Builder startTime(Instant v) { startTime = v; return this; }
    /** Prefix of every generated id, so runs against one broker never share event ids. */
    public Builder runId(String v) { runId = v; return this; }
    /** Events for the customers and merchants of an earlier run (e.g. late events for hours it made); publishes no first versions of them. */
    public Builder referenceRunId(String v) { referenceRunId = v; return this; }
    public Builder outOfOrderFraction(double v) { outOfOrderFraction = v; return this; }
    public Builder beyondGraceFraction(double v) { beyondGraceFraction = v; return this; }
    public Builder duplicateFraction(double v) { duplicateFraction = v; return this; }
    public Builder malformedFraction(double v) { malformedFraction = v; return this; }
    public Builder referenceUpdateFraction(double v) { referenceUpdateFraction = v; return this; }
    public Builder previousContractShare(double v) { previousContractShare = v; return this; }
    public Builder malformedKinds(Set<MalformedKind> v) { malformedKinds = EnumSet.copyOf(v); return this; }
    public Builder customers(int v) { customers = v; return this; }
    public Builder merchants(int v) { merchants = v; return this; }
    public Builder currencies(List<String> v) { currencies = List.copyOf(v); return this; }
    public Builder outcomes(List<String> v) { outcomes = List.copyOf(v); return this; }
    public Builder grace(Duration v) { grace = v; return this; }
    public Builder maxDisorder(Duration v) { maxDisorder = v; return this; }
    public Builder beyondGraceExtra(Duration v) { beyondGraceExtra = v; return this; }
    public Builder referenceLead(Duration v) { referenceLead = v; return this; }
    public Builder referencePause(Duration v) { referencePause = v; return this; }
    public Builder paymentDelayMax(Duration v) { paymentDelayMax = v; return this; }
    public Builder tail(boolean v) { tail = v; return this; }
    public Builder tailOffset(Duration v) { tailOffset = v; return this; }
    /** Gap between the tail's two waves; must exceed the Streams app's reference join grace. */
    public Builder tailWaveGap(Duration v) { tailWaveGap = v; return this; }
    public Builder manifestPath(Path v) { manifestPath = v; return this; }
    /** When following a Streams app: how many produced records it may have left to consume at most. */
    public Builder maxLag(long v) { maxLag = v; return this; }

    public GeneratorConfig build() {
      if (startTime == null) {
        // in the past by default: the broker refuses timestamps more than an hour ahead, and the tail is an hour ahead
        startTime = rate > 0
            ? Instant.now().truncatedTo(ChronoUnit.SECONDS)
            : Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MINUTES);
      }
      require(events >= 0, "events", events, "must be >= 0");
      require(rate >= 0, "rate", rate, "must be >= 0 (0 = as fast as possible)");
      require(eventsPerMinute >= 0, "events-per-minute", eventsPerMinute, "must be > 0 (0 = default)");
      fraction("out-of-order-fraction", outOfOrderFraction);
      fraction("beyond-grace-fraction", beyondGraceFraction);
      fraction("duplicate-fraction", duplicateFraction);
      fraction("malformed-fraction", malformedFraction);
      fraction("reference-update-fraction", referenceUpdateFraction);
      fraction("previous-contract-share", previousContractShare);
      double sum = outOfOrderFraction + beyondGraceFraction + duplicateFraction + malformedFraction + referenceUpdateFraction;
      require(sum <= 0.5, "fractions", sum, "must add up to at most 0.5 so that most events are in order");
      require(malformedFraction == 0 || !malformedKinds.isEmpty(), "malformed-kinds", malformedKinds, "must not be empty when malformed-fraction > 0");
      require(customers > 0, "customers", customers, "must be > 0");
      require(merchants > 0, "merchants", merchants, "must be > 0");
      require(!currencies.isEmpty(), "currencies", currencies, "must not be empty");
      require(outcomes.contains(GeneratorConfig.SUCCEEDED), "outcomes", outcomes, "must contain " + GeneratorConfig.SUCCEEDED);
      require(maxDisorder.compareTo(grace.dividedBy(2)) <= 0, "max-disorder", maxDisorder,
          "must be at most half the grace (" + DurationFormat.format(grace) + ") so that out-of-order events are never late");
      require(beyondGraceExtra.compareTo(Duration.ofMinutes(2)) >= 0, "beyond-grace-extra", beyondGraceExtra,
          "must be >= 2 minutes so that beyond-grace events are late on every partition");
      require(referenceLead.compareTo(maxDisorder) > 0, "reference-lead", referenceLead, "must exceed max-disorder (" + DurationFormat.format(maxDisorder) + ")");
      require(paymentDelayMax.compareTo(Duration.ofMinutes(20)) <= 0 && paymentDelayMax.compareTo(maxDisorder.multipliedBy(2)) > 0,
          "payment-delay-max", paymentDelayMax, "must lie between 2 x max-disorder and 20 minutes (inside the 30-minute join window)");
      require(!referencePause.isNegative(), "reference-pause", referencePause, "must be >= 0");
      require(maxLag >= 2, "max-lag", maxLag, "must be >= 2");
      require(!tailWaveGap.isNegative() && !tailWaveGap.isZero(), "tail-wave-gap", tailWaveGap, "must be > 0");
      require(tailOffset.compareTo(Duration.ofMinutes(35)) >= 0, "tail-offset", tailOffset,
          "must be >= 35 minutes so that the 30-minute join windows close");
      return new GeneratorConfig(copy());
    }

    private static void fraction(String key, double value) {
      require(value >= 0 && value <= 1, key, value, "must lie in [0, 1]");
    }

    private static void require(boolean ok, String key, Object value, String rule) {
      if (!ok) {
        String shown = value instanceof Duration duration ? DurationFormat.format(duration) : String.valueOf(value);
        throw new IllegalArgumentException("Cannot configure the generator: " + key + "=" + shown + " " + rule);
      }
    }
  }
}
