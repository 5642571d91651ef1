package dev.lakehouse.streams.it;

import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the pipeline must output for the generator's records, worked out from what the generator
 * meant each record to be (its {@link EventClass}), never from the topology's code.
 */
final class GeneratedInput {
  private static final Set<EventClass> IN_WINDOW =
      EnumSet.of(EventClass.VALID, EventClass.OUT_OF_ORDER_IN_GRACE, EventClass.TAIL);
  // the app's defaults, which the test does not change
  private static final Duration GRACE = Duration.ofMinutes(2);
  private static final Duration WINDOW = Duration.ofMinutes(1);
  private static final Duration PAYMENT_JOIN_WINDOW = Duration.ofMinutes(30);
  private static final Set<EventClass> VALID_EVENTS =
      EnumSet.of(EventClass.VALID, EventClass.OUT_OF_ORDER_IN_GRACE, EventClass.BEYOND_GRACE, EventClass.TAIL);

  private final List<ProducedRecord> records;

  GeneratedInput(List<ProducedRecord> records) {
    this.records = List.copyOf(records);
  }

  /**
   * Stream time every task fed by these topics reaches at the end: the tail's last wave reaches
   * every partition, and every revenue and outcome key.
   */
  private Instant finalStreamTime(String... topics) {
    Set<String> fed = Set.of(topics);
    return records.stream().filter(r -> r.eventClass() == EventClass.TAIL && fed.contains(r.topic()))
        .map(r -> r.planned().eventTime()).max(Instant::compareTo).orElseThrow();
  }

  /** Every valid order event once (duplicates dropped, malformed ones dead-lettered). */
  Set<String> enrichedOrderEventIds() {
    return eventIds(Topics.ORDERS, VALID_EVENTS);
  }

  /** How many records were produced to one partition of a topic. */
  long recordsIn(String topic, int partition) {
    return records.stream().filter(r -> r.topic().equals(topic) && r.partition() == partition).count();
  }

  /** Coordinates (topic/partition/offset) of every malformed record. */
  Set<String> deadLetterSources() {
    return records.stream().filter(r -> r.eventClass() == EventClass.MALFORMED)
        .map(r -> source(r.topic(), r.partition(), r.offset())).collect(Collectors.toSet());
  }

  /** Every beyond-grace record (PLACED orders and failed payment attempts) arrives after its window closed. */
  Set<String> lateEventIds() {
    return Stream.concat(of(Topics.ORDERS, EnumSet.of(EventClass.BEYOND_GRACE)),
            of(Topics.PAYMENTS, EnumSet.of(EventClass.BEYOND_GRACE)))
        .map(GeneratedInput::eventId).collect(Collectors.toSet());
  }

  /**
   * Every event a window aggregation sees: PLACED orders and payments that are valid and not part
   * of the tail. On-time ones may still be late when the partitions feeding a window progress
   * unevenly (after a restart, the catch-up does), so they may be in late-events too.
   */
  Set<String> windowedEventIds() {
    Set<EventClass> main = EnumSet.of(EventClass.VALID, EventClass.OUT_OF_ORDER_IN_GRACE, EventClass.BEYOND_GRACE);
    return Stream.concat(placedOrders(main), of(Topics.PAYMENTS, main)).map(GeneratedInput::eventId)
        .collect(Collectors.toSet());
  }

  /** PLACED orders counted in closed revenue windows: those whose window end + grace the final stream time passed. */
  long windowedOrders() {
    Instant streamTime = finalStreamTime(Topics.ORDERS);
    return placedOrders(IN_WINDOW).filter(r -> windowClosed(r, streamTime)).count();
  }

  long windowedPayments() {
    Instant streamTime = finalStreamTime(Topics.PAYMENTS);
    return of(Topics.PAYMENTS, IN_WINDOW).filter(r -> windowClosed(r, streamTime)).count();
  }

  private static boolean windowClosed(ProducedRecord record, Instant streamTime) {
    long size = WINDOW.toMillis();
    long windowEnd = Math.floorDiv(record.planned().eventTime().toEpochMilli(), size) * size + size;
    return windowEnd + GRACE.toMillis() <= streamTime.toEpochMilli();
  }

  /**
   * Orders in order-payments: every PLACED order that a successful payment within 30 minutes after
   * it paid (PAID at once), or whose join window (30 minutes plus grace) the final stream time
   * closed (UNPAID). A window's lateness is 30 minutes plus grace, so beyond-grace orders are joined too.
   */
  Set<String> joinedOrderIds() {
    Instant streamTime = finalStreamTime(Topics.ORDERS, Topics.PAYMENTS);
    Set<String> paid = placedOrders(VALID_EVENTS).filter(this::paidInWindow)
        .map(r -> text(r, "order_id")).collect(Collectors.toSet());
    return placedOrders(VALID_EVENTS)
        .filter(r -> paid.contains(text(r, "order_id")) || !r.planned().eventTime().plus(PAYMENT_JOIN_WINDOW)
            .plus(GRACE).isAfter(streamTime))
        .map(r -> text(r, "order_id")).collect(Collectors.toSet());
  }

  private boolean paidInWindow(ProducedRecord order) {
    Instant placed = order.planned().eventTime();
    return of(Topics.PAYMENTS, VALID_EVENTS)
        .filter(p -> text(p, "order_id").equals(text(order, "order_id")) && "SUCCEEDED".equals(text(p, "outcome")))
        .map(p -> p.planned().eventTime())
        .anyMatch(t -> !t.isBefore(placed) && !t.isAfter(placed.plus(PAYMENT_JOIN_WINDOW)));
  }

  static String source(String topic, int partition, long offset) {
    return topic + "/" + partition + "/" + offset;
  }

  private Set<String> eventIds(String topic, Set<EventClass> classes) {
    return of(topic, classes).map(GeneratedInput::eventId).collect(Collectors.toSet());
  }

  private static String eventId(ProducedRecord record) {
    return text(record, "event_id");
  }

  private static String text(ProducedRecord record, String field) {
    return String.valueOf(record.planned().value().get(field));
  }

  private Stream<ProducedRecord> placedOrders(Set<EventClass> classes) {
    return of(Topics.ORDERS, classes).filter(r -> "PLACED".equals(text(r, "status")));
  }

  private Stream<ProducedRecord> of(String topic, Set<EventClass> classes) {
    return records.stream().filter(r -> r.topic().equals(topic) && classes.contains(r.eventClass()));
  }
}
