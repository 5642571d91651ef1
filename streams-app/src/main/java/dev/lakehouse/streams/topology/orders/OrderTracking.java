package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.event.RoutedBranches;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.ledger.Ledger;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.util.Map;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;

/** The order stage: drops producer retries and joins orders with payments ({@link OrderTracker}). */
public final class OrderTracking {
  private static final String NAME = "order-tracker";

  private OrderTracking() {}

  /**
   * Adds the order tracker and its stores.
   *
   * @param windowStreamTimeKeys per input topic, the {@link StreamTime} key of the window step it feeds (for the ledger)
   * @return the new orders and payments (kept), and the tracker's rows (diverted): order-payments rows,
   *     UNKNOWN_ORDER dead letters and ledger rows
   */
  public static RoutedBranches<SourcedEvent> add(StreamsBuilder builder, StoreTypes stores, TopologySettings settings,
      KStream<String, SourcedEvent> orders, KStream<String, SourcedEvent> payments,
      Map<String, String> windowStreamTimeKeys, TrackerMemory memory) {
    OrderTracker.storeBuilders(stores, settings).forEach(builder::addStateStore);
    return RoutedBranches.split(
        orders.merge(payments, Named.as("orders-and-payments"))
            .process(() -> new OrderTracker(settings, windowStreamTimeKeys, memory), Named.as(NAME),
                OrderTracker.STATE_STORE, OrderTracker.DEADLINES_STORE, OrderTracker.PAYMENT_DEADLINES_STORE,
                StreamTime.STORE, Ledger.STORE),
        NAME);
  }
}
