package dev.lakehouse.e2e.oracle;

import dev.lakehouse.schemas.Topics;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What a reference versions topic and its type-2 dimension must hold, from the records of the
 * reference topic ({@code customers} or {@code merchants}) as read back from Kafka, by plain code
 * that shares nothing with the Streams app or the dbt models. Its rules are the documented ones
 * (streams-app/TOPOLOGY.md "Validation" and "Reference histories", the versions contracts): a record
 * is a version when its key is set, its value is the wire format of the contract whose id equals
 * the key, and its updated_at is not ahead of the wall clock by more than the future skew; a
 * tombstone with a key is a deletion at its Kafka timestamp; anything else is refused (a dead
 * letter). The history orders each id's versions by valid_from; of those valid from one instant the
 * last read (highest partition, then offset) counts; each is valid until the next.
 */
public final class ReferenceVersionsOracle {
  /** A reference topic, the id field, and its attribute fields with their column names in the versions. */
  public enum Reference {
    CUSTOMERS(Topics.CUSTOMERS, "customer_id", Map.of("name", "customer_name", "country", "customer_country",
        "segment", "customer_segment")),
    MERCHANTS(Topics.MERCHANTS, "merchant_id", Map.of("name", "merchant_name", "country", "merchant_country",
        "category", "merchant_category"));

    private final String topic;
    private final String id;
    private final Map<String, String> attributes;

    Reference(String topic, String id, Map<String, String> attributes) {
      this.topic = topic;
      this.id = id;
      this.attributes = attributes;
    }

    public String topic() {
      return topic;
    }

    public String id() {
      return id;
    }

    public List<String> attributeColumns() {
      return attributes.values().stream().sorted().toList();
    }
  }

  private static final long MAX_FUTURE_SKEW_MS = 5 * 60_000;

  private final Reference reference;
  private final List<Map<String, Object>> versions = new ArrayList<>();
  private final Set<String> refused = new TreeSet<>();

  /** @param wallClock no earlier than when the Streams app read the records (the future-skew rule) */
  public ReferenceVersionsOracle(Reference reference, List<ConsumerRecord<String, byte[]>> records, Instant wallClock) {
    this.reference = reference;
    Schema contract = Topics.valueSchema(reference.topic);
    for (ConsumerRecord<String, byte[]> record : records) {
      Map<String, Object> version = version(record, contract, wallClock.toEpochMilli());
      if (version == null) {
        refused.add(lineage(record.topic(), record.partition(), record.offset()));
      } else {
        versions.add(version);
      }
    }
  }

  public static String lineage(Object topic, Object partition, Object offset) {
    return topic + "|" + partition + "|" + offset;
  }

  /** The rows of the versions topic, every field but processing_time, as {@link Values} normalizes them. */
  public List<Map<String, Object>> versions() {
    return List.copyOf(versions);
  }

  /** The lineage ({@link #lineage}) of every refused record. */
  public Set<String> refused() {
    return Set.copyOf(refused);
  }

  /**
   * The dimension's rows by {@code <id>|<valid_from millis>}: the attributes, is_deleted,
   * valid_from, valid_to (null for the newest), is_current, source_partition and source_offset.
   */
  public Map<String, Map<String, Object>> history() {
    Map<String, Map<String, Object>> winners = new LinkedHashMap<>();
    for (Map<String, Object> version : versions) {
      winners.merge(version.get(reference.id) + "|" + version.get("valid_from"), version,
          (kept, other) -> readOrder().compare(kept, other) >= 0 ? kept : other);
    }
    Map<Object, TreeMap<Long, Map<String, Object>>> byId = new LinkedHashMap<>();
    winners.values().forEach(v -> byId.computeIfAbsent(v.get(reference.id), id -> new TreeMap<>())
        .put((Long) v.get("valid_from"), v));
    Map<String, Map<String, Object>> rows = new TreeMap<>();
    byId.forEach((id, history) -> history.forEach((validFrom, version) -> {
      Long validTo = history.higherKey(validFrom);
      Map<String, Object> row = new LinkedHashMap<>();
      reference.attributeColumns().forEach(column -> row.put(column, version.get(column)));
      row.put("is_deleted", version.get("is_deleted"));
      row.put("valid_from", validFrom);
      row.put("valid_to", validTo);
      row.put("is_current", validTo == null);
      row.put("source_partition", version.get("source_partition"));
      row.put("source_offset", version.get("source_offset"));
      rows.put(id + "|" + validFrom, row);
    }));
    return rows;
  }

  private static Comparator<Map<String, Object>> readOrder() {
    return Comparator.comparing((Map<String, Object> v) -> (Long) v.get("source_partition"))
        .thenComparing(v -> (Long) v.get("source_offset"));
  }

  /** The versions row of a record, or null when the record is refused. */
  private Map<String, Object> version(ConsumerRecord<String, byte[]> record, Schema contract, long wallClock) {
    String key = record.key();
    if (key == null || key.isEmpty()) {
      return null;
    }
    Map<String, Object> row = new LinkedHashMap<>();
    row.put(reference.id, key);
    if (record.value() == null) {
      reference.attributeColumns().forEach(column -> row.put(column, null));
      row.put("is_deleted", true);
      row.put("valid_from", record.timestamp());
    } else {
      GenericRecord value = decode(record.value(), contract);
      if (value == null || !key.equals(String.valueOf(value.get(reference.id)))) {
        return null;
      }
      long updatedAt = ((Instant) value.get("updated_at")).toEpochMilli();
      if (updatedAt < 0 || updatedAt > wallClock + MAX_FUTURE_SKEW_MS) {
        return null;
      }
      new TreeMap<>(reference.attributes).forEach((field, column) -> row.put(column, String.valueOf(value.get(field))));
      row.put("is_deleted", false);
      row.put("valid_from", updatedAt);
    }
    row.put("source_topic", record.topic());
    row.put("source_partition", (long) record.partition());
    row.put("source_offset", record.offset());
    return row;
  }

  /** The Confluent wire format (magic byte 0, 4-byte schema id, Avro binary) of the contract, or null. */
  private static GenericRecord decode(byte[] bytes, Schema contract) {
    if (bytes.length < 5 || bytes[0] != 0) {
      return null;
    }
    try {
      GenericData data = new GenericData();
      data.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
      return new GenericDatumReader<GenericRecord>(contract, contract, data)
          .read(null, DecoderFactory.get().binaryDecoder(bytes, 5, bytes.length - 5, null));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
