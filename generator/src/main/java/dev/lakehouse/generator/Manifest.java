package dev.lakehouse.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.lakehouse.schemas.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How many records of each class the generator produced per topic; written as JSON for reconciliation. */
public final class Manifest {
  private final GeneratorConfig config;
  private final Map<String, Map<EventClass, Long>> counts = new LinkedHashMap<>();
  private final Map<String, Map<MalformedKind, Long>> malformed = new LinkedHashMap<>();
  private Instant lastHead;
  private Instant tailTime;
  private double produceSeconds;

  Manifest(GeneratorConfig config) {
    this.config = config;
    for (String topic : Topics.INPUTS) {
      counts.put(topic, new EnumMap<>(EventClass.class));
      malformed.put(topic, new EnumMap<>(MalformedKind.class));
    }
  }

  void add(List<ProducedRecord> records) {
    for (ProducedRecord record : records) {
      counts.get(record.topic()).merge(record.eventClass(), 1L, Long::sum);
      if (record.planned().malformedKind() != null) {
        malformed.get(record.topic()).merge(record.planned().malformedKind(), 1L, Long::sum);
      }
    }
  }

  void lastHead(Instant head) {
    lastHead = head;
  }

  void tailTime(Instant time) {
    tailTime = time;
  }

  void addProduceSeconds(double seconds) {
    produceSeconds += seconds;
  }

  public long count(String topic, EventClass eventClass) {
    return counts.get(topic).getOrDefault(eventClass, 0L);
  }

  public long malformed(String topic, MalformedKind kind) {
    return malformed.get(topic).getOrDefault(kind, 0L);
  }

  public long total(String topic) {
    return counts.get(topic).values().stream().mapToLong(Long::longValue).sum();
  }

  public long total() {
    return Topics.INPUTS.stream().mapToLong(this::total).sum();
  }

  /** End of the main phase's event time; the tail lies {@link GeneratorConfig#tailOffset()} after it. */
  public Instant lastHead() {
    return lastHead;
  }

  /** Event time of the tail, or null if none was produced. */
  public Instant tailTime() {
    return tailTime;
  }

  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("run_id", config.runId());
    map.put("seed", config.seed());
    map.put("start_time", config.startTime().toString());
    map.put("last_head", lastHead == null ? null : lastHead.toString());
    map.put("tail_time", tailTime == null ? null : tailTime.toString());
    map.put("events_per_minute", config.eventsPerMinute());
    map.put("grace_ms", config.grace().toMillis());
    map.put("max_disorder_ms", config.maxDisorder().toMillis());
    map.put("beyond_grace_min_lateness_ms", config.beyondGraceLateness().toMillis());
    map.put("produce_seconds", Math.round(produceSeconds * 1000) / 1000.0);
    Map<String, Object> topics = new LinkedHashMap<>();
    for (String topic : Topics.INPUTS) {
      Map<String, Object> perTopic = new LinkedHashMap<>();
      counts.get(topic).forEach((eventClass, n) -> perTopic.put(eventClass.name(), n));
      Map<String, Object> kinds = new LinkedHashMap<>();
      malformed.get(topic).forEach((kind, n) -> kinds.put(kind.name(), n));
      perTopic.put("malformed_by_kind", kinds);
      perTopic.put("total", total(topic));
      topics.put(topic, perTopic);
    }
    map.put("topics", topics);
    map.put("total", total());
    return map;
  }

  public String toJson() {
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(toMap());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the manifest as JSON", e);
    }
  }

  public void write(Path path) {
    try {
      Path parent = path.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(path, toJson());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the manifest to " + path + ": " + e.getMessage(), e);
    }
  }
}
