package dev.lakehouse.peerflink.it;

import dev.lakehouse.generator.LagGate;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The equality test's second input: the shapes where per-partition stream time, arrival order and
 * processing order matter, on two input partitions, each record sent to the partition named (an
 * order and its payments to the same one). In event time from {@code base} B:
 *
 * <ol>
 *   <li>reference versions, then current traffic on both partitions [B, B+5m);
 *   <li>current traffic [B+5m, B+10m) interleaved with backfill A on partition 1, three hours behind
 *       (late for their windows; joined by their arrival clocks, payments within their delay);
 *   <li>partition 0 current [B+10m, B+25m); partition 1 only its payments: its orders' producer stops
 *       (its payments' deadlines fall due on the skew) and sends them afterwards, in one burst;
 *   <li>partition 0 current [B+25m, B+35m) interleaved with backfill B two hours behind; partition 1
 *       idle on both topics (it holds every window open);
 *   <li>new versions of a customer and a merchant, valid from before orders already enriched;
 *   <li>current traffic on both [B+35m, B+40m), then a tail 100 minutes after B that closes everything.
 * </ol>
 *
 * Each order has 0-2 payment attempts 10 s to 4 min after it (a declined one, then a successful one),
 * and 3 % of the records are sent twice (producer retries). Records go out in chunks, each once both
 * systems are at most a chunk behind (as live traffic: an engine reading a backlog may take one
 * input's records well ahead of the other's, beyond the max input skew, where the join's verdicts
 * depend on arrival order); between the steps both must have consumed everything ({@link Step#gate}),
 * so that where one input runs ahead by design (step 3) both see the same arrival order.
 */
final class SecondInput {
  static final String LATE_CUSTOMER = "c2-1";
  static final String LATE_MERCHANT = "m2-1";
  private static final List<String> CUSTOMERS = List.of("c2-1", "c2-2", "c2-3", "c2-4");
  private static final List<String> MERCHANTS = List.of("m2-1", "m2-2", "m2-3");
  private static final List<String> CURRENCIES = List.of("EUR", "USD", "GBP");
  private static final long SECOND = 1_000;
  private static final long MINUTE = 60 * SECOND;
  /** About a minute of event time of both partitions: far less than the max input skew (10 min). */
  private static final int CHUNK = 60;

  /** One step: records in send order, then what to wait for before the next step. */
  record Step(String name, List<ProducerRecord<String, byte[]>> records, boolean gate) {}

  private final AvroSerializer serializer =
      new AvroSerializer(SchemaRegistries.fromConfig(Map.of("schema.registry.url", "file:")));
  private final Random random = new Random(20261206L);
  private final long base;
  private int ids;
  private final Set<String> backfillWindowEvents = new HashSet<>();
  private final LatenessRule lateness = new LatenessRule();
  private final List<Step> steps = new ArrayList<>();

  SecondInput(Instant base) {
    this.base = base.toEpochMilli();
    build();
  }

  /** B: the event time the current traffic starts at; the backfills lie two and three hours before it. */
  Instant base() {
    return Instant.ofEpochMilli(base);
  }

  /** Event ids of the backfills' PLACED orders and payments: all late. */
  Set<String> backfillWindowEvents() {
    return backfillWindowEvents;
  }

  /** Event ids of the records that are late for their window by the rule, in the order sent ({@link LatenessRule}). */
  Set<String> lateWindowEvents() {
    return lateness.late();
  }

  /** The late customer's (merchant's) name before and after the version that arrived after its orders. */
  static String nameOf(String id, int version) {
    return id + " v" + version;
  }

  /** When the late versions become valid: before orders of theirs that were enriched before they arrived. */
  private Instant lateCustomerValidFrom() {
    return Instant.ofEpochMilli(base + 20 * MINUTE);
  }

  private Instant lateMerchantValidFrom() {
    return Instant.ofEpochMilli(base + 30 * MINUTE);
  }

  /** When the late versions were sent: orders of later event time than this step's are enriched with them. */
  Instant lateVersionsSentBefore() {
    return Instant.ofEpochMilli(base + 35 * MINUTE);
  }

  private void build() {
    List<ProducerRecord<String, byte[]>> references = new ArrayList<>();
    long oldVersions = base - 4 * 60 * MINUTE;
    CUSTOMERS.forEach(id -> references.add(customer(id, 1, oldVersions)));
    MERCHANTS.forEach(id -> references.add(merchant(id, 1, oldVersions)));
    steps.add(new Step("reference versions", references, false));

    steps.add(new Step("current first", sent(both(traffic(0, 0, 5), traffic(1, 0, 5))), true));
    steps.add(new Step("backfill A, 3 h behind on partition 1, interleaved with current traffic",
        sent(both(both(traffic(0, 5, 10), traffic(1, 5, 10)), backfill(1, 5, 10, 180))), true));

    List<Timed> heldBack = traffic(1, 10, 25);
    steps.add(new Step("partition 1's orders stop, its payments go on",
        sent(both(traffic(0, 10, 25), heldBack.stream().filter(t -> t.topic().equals(Topics.PAYMENTS)).toList())),
        true));
    steps.add(new Step("partition 1's orders of that span, in one burst", sent(heldBack.stream()
        .filter(t -> t.topic().equals(Topics.ORDERS)).sorted(Comparator.comparingLong(Timed::time)).toList()), true));

    steps.add(new Step("backfill B, 2 h behind on partition 0; partition 1 idle",
        sent(both(traffic(0, 25, 35), backfill(0, 25, 35, 120))), true));
    steps.add(new Step("versions valid from before orders already enriched",
        List.of(customer(LATE_CUSTOMER, 2, lateCustomerValidFrom().toEpochMilli()),
            merchant(LATE_MERCHANT, 2, lateMerchantValidFrom().toEpochMilli())), false));
    steps.add(new Step("current on both after the late versions", sent(both(traffic(0, 35, 40), traffic(1, 35, 40))),
        true));

    long tail = base + 100 * MINUTE;
    List<Timed> closing = new ArrayList<>();
    for (int partition = 0; partition < 2; partition++) {
      String orderId = "o2-tail-" + partition;
      closing.add(new Timed(tail, Topics.ORDERS, partition, orderId, order(orderId, "CANCELLED", tail)));
      closing.add(new Timed(tail, Topics.PAYMENTS, partition, orderId, payment(orderId, "DECLINED", tail)));
    }
    steps.add(new Step("the tail", sent(closing), true));
  }

  /** A record to send at {@code time} (its send order; not its event time for a backfill). */
  private record Timed(long time, String topic, int partition, String key, GenericRecord value) {}

  /** Orders every 6 s on one partition in [B + from, B + to) minutes, with their payment attempts and retries. */
  private List<Timed> traffic(int partition, int fromMinute, int toMinute) {
    return traffic(partition, fromMinute, toMinute, 0);
  }

  /** {@link #traffic} {@code behindMinutes} earlier in event time, sent over the same span. */
  private List<Timed> backfill(int partition, int fromMinute, int toMinute, int behindMinutes) {
    List<Timed> records = traffic(partition, fromMinute, toMinute, behindMinutes * MINUTE);
    for (Timed record : records) {
      boolean windowed = record.topic().equals(Topics.PAYMENTS) || "PLACED".equals(record.value().get("status").toString());
      if (windowed) {
        backfillWindowEvents.add(record.value().get("event_id").toString());
      }
    }
    return records;
  }

  private List<Timed> traffic(int partition, int fromMinute, int toMinute, long behind) {
    List<Timed> records = new ArrayList<>();
    for (long at = base + fromMinute * MINUTE; at < base + toMinute * MINUTE; at += 6 * SECOND) {
      String orderId = "o2-" + (++ids);
      long time = at - behind;
      GenericRecord order = order(orderId, random.nextInt(10) == 0 ? "CANCELLED" : "PLACED", time);
      records.add(new Timed(at + random.nextInt(20) * SECOND, Topics.ORDERS, partition, orderId, order));
      int attempts = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(2);
      long paidAfter = 10 * SECOND + random.nextInt(230) * SECOND;
      for (int attempt = attempts; attempt > 0; attempt--) {
        String outcome = attempt == 1 ? "SUCCEEDED" : "DECLINED";
        long delay = paidAfter - attempt * 5 * SECOND;
        records.add(new Timed(at + delay + random.nextInt(10) * SECOND, Topics.PAYMENTS, partition, orderId,
            payment(orderId, outcome, time + delay)));
      }
    }
    return records;
  }

  private static List<Timed> both(List<Timed> first, List<Timed> second) {
    List<Timed> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  /** In send order, 3 % of them twice in a row (a producer's retry: same key, value and partition). */
  private List<ProducerRecord<String, byte[]>> sent(List<Timed> records) {
    List<ProducerRecord<String, byte[]>> sent = new ArrayList<>();
    records.stream().sorted(Comparator.comparingLong(Timed::time)).forEach(record -> {
      ProducerRecord<String, byte[]> produced = new ProducerRecord<>(record.topic(), record.partition(), record.key(),
          serializer.serialize(record.topic(), record.value()));
      lateness.sent(record.topic(), record.partition(), record.value());
      sent.add(produced);
      if (random.nextInt(100) < 3) {
        sent.add(produced);
      }
    });
    return sent;
  }

  private GenericRecord order(String orderId, String status, long time) {
    GenericData.Record order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", "oe2-" + (++ids));
    order.put("order_id", orderId);
    order.put("customer_id", CUSTOMERS.get(random.nextInt(CUSTOMERS.size())));
    order.put("merchant_id", MERCHANTS.get(random.nextInt(MERCHANTS.size())));
    order.put("status", status);
    order.put("amount", new BigDecimal(1 + random.nextInt(99_999)).movePointLeft(2));
    order.put("currency", CURRENCIES.get(random.nextInt(CURRENCIES.size())));
    order.put("event_time", Instant.ofEpochMilli(time));
    return order;
  }

  private GenericRecord payment(String orderId, String outcome, long time) {
    GenericData.Record payment = new GenericData.Record(Topics.valueSchema(Topics.PAYMENTS));
    payment.put("event_id", "pe2-" + (++ids));
    payment.put("payment_id", "p2-" + ids);
    payment.put("order_id", orderId);
    payment.put("amount", new BigDecimal(1 + random.nextInt(99_999)).movePointLeft(2));
    payment.put("outcome", outcome);
    payment.put("event_time", Instant.ofEpochMilli(time));
    return payment;
  }

  private ProducerRecord<String, byte[]> customer(String id, int version, long validFrom) {
    return version(Topics.CUSTOMERS, id, version, validFrom, Map.of("customer_id", id, "segment", "retail"));
  }

  private ProducerRecord<String, byte[]> merchant(String id, int version, long validFrom) {
    return version(Topics.MERCHANTS, id, version, validFrom, Map.of("merchant_id", id, "category", "books"));
  }

  /** Version {@code version} of a customer or merchant, named by {@link #nameOf}, with its own fields. */
  private ProducerRecord<String, byte[]> version(String topic, String id, int version, long validFrom,
      Map<String, String> fields) {
    GenericData.Record value = new GenericData.Record(Topics.valueSchema(topic));
    fields.forEach(value::put);
    value.put("name", nameOf(id, version));
    value.put("country", "DE");
    value.put("updated_at", Instant.ofEpochMilli(validFrom));
    return new ProducerRecord<>(topic, id, serializer.serialize(topic, value));
  }

  /**
   * The Streams app's lateness rule (TOPOLOGY.md, "Windows"), worked out on the records as sent:
   * per input partition, the windows' stream time is the highest event time of its unique PLACED
   * orders (revenue) or unique payments; a record is late when its window's end + grace is at or
   * before it, this record included. A retry (second copy) is dropped before the windows.
   */
  private static final class LatenessRule {
    private static final long WINDOW = MINUTE;
    private static final long GRACE = 2 * MINUTE;
    private final Map<String, Long> streamTimes = new HashMap<>();
    private final Set<String> seen = new HashSet<>();
    private final Set<String> late = new LinkedHashSet<>();

    void sent(String topic, int partition, GenericRecord value) {
      String eventId = value.get("event_id").toString();
      boolean windowed = topic.equals(Topics.PAYMENTS) || "PLACED".equals(value.get("status").toString());
      if (!seen.add(eventId) || !windowed) {
        return;
      }
      long time = ((Instant) value.get("event_time")).toEpochMilli();
      long streamTime = streamTimes.merge(topic + "-" + partition, time, Math::max);
      if (Math.floorDiv(time, WINDOW) * WINDOW + WINDOW + GRACE <= streamTime) {
        late.add(eventId);
      }
    }

    Set<String> late() {
      return late;
    }
  }

  /**
   * Sends every step in chunks, each once both systems are at most a chunk behind, then waits as the
   * step says: until both consumed all of it, or the reference pause (their reference readers
   * cannot be followed by a consumer group).
   */
  void produce(String bootstrapServers, LagGate both, Duration referencePause) throws InterruptedException {
    Map<String, Object> settings = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(settings, new StringSerializer(), new ByteArraySerializer())) {
      for (Step step : steps) {
        List<ProducerRecord<String, byte[]>> records = step.records();
        for (int from = 0; from < records.size(); from += CHUNK) {
          both.awaitLagAtMost(CHUNK);
          records.subList(from, Math.min(records.size(), from + CHUNK)).forEach(producer::send);
          producer.flush();
        }
        if (step.gate()) {
          both.awaitLagAtMost(0);
        } else {
          Thread.sleep(referencePause.toMillis());
        }
      }
    }
  }
}
