package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.JoinWindows;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.StreamJoined;

/**
 * PLACED orders outer-joined with SUCCEEDED payments of the same order_id whose event time is in
 * [order time, order time + payment join window]. Orders and payments are both keyed by order_id
 * (a validation rule), so the topics must have the same partition count and no repartition is
 * needed. A match gives PAID, an order whose window closes unmatched gives UNPAID, and a successful
 * payment whose window closes without an order becomes an UNKNOWN_ORDER dead letter. Only the
 * first successful payment of an order is written; later ones are counted and dropped.
 */
final class OrderPayments {
  static final String NAME = "order-payments";

  private OrderPayments() {}

  static void build(StreamsBuilder builder, StoreTypes stores, KStream<String, SourcedEvent> orders,
      KStream<String, SourcedEvent> payments, TopologySettings settings, Serde<GenericRecord> outputSerde,
      ValidatedInput inputs) {
    String paidStore = NAME + "-paid-orders";
    Duration window = settings.paymentJoinWindow();
    Duration grace = settings.windowGrace();
    builder.addStateStore(OrderPaymentWriter.storeBuilder(stores, paidStore, window.plus(grace)));

    KStream<String, SourcedEvent> placed = orders.filter(
        (orderId, order) -> TopologySettings.PLACED.equals(order.text("status")), Named.as(NAME + "-placed"));
    KStream<String, SourcedEvent> succeeded = payments.filter(
        (orderId, payment) -> TopologySettings.SUCCEEDED.equals(payment.text("outcome")), Named.as(NAME + "-succeeded"));
    KStream<String, Routed<GenericRecord>> rows = placed
        .outerJoin(succeeded, PaymentMatch::new,
            JoinWindows.ofTimeDifferenceAndGrace(window, grace).before(Duration.ZERO),
            StreamJoined.with(Serdes.String(), new SourcedEventSerde(Topics.valueSchema(Topics.ORDERS)),
                    new SourcedEventSerde(Topics.valueSchema(Topics.PAYMENTS)))
                .withName(NAME + "-join")
                .withStoreName(NAME + "-join-store"))
        .processValues(() -> new OrderPaymentWriter(paidStore, window), Named.as(NAME + "-row"), paidStore);
    RoutedBranches<GenericRecord> branches = RoutedBranches.split(rows, NAME + "-row");
    branches.kept().to(Topics.ORDER_PAYMENTS, Produced.with(Serdes.String(), outputSerde).withName(NAME + "-sink"));
    inputs.sendDeadLetters(branches.diverted(), NAME);
  }

  /** What the join found: both, or one side when its window closed without the other. */
  record PaymentMatch(SourcedEvent order, SourcedEvent payment) {}
}
