package dev.lakehouse.streams.topology.windows;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.Routed;
import dev.lakehouse.streams.topology.event.RoutedBranches;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.ledger.Ledger;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.time.Duration;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KeyValueMapper;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;

/**
 * Final totals per group key and 1-minute tumbling event-time window, in two steps. Each input
 * partition sums its own events where they are read ({@link WindowPartials}: late ones to
 * {@code late-events}) and sends a window's totals when it closes there; the merge step
 * ({@link WindowMerge}) adds up the partitions' totals and emits the window once all of them have
 * closed it. Only closed windows cross the merge topic, not every event.
 */
public final class WindowedTotals {
  static final Duration WINDOW_SIZE = Duration.ofMinutes(1);

  /** Turns a closed window's totals into the output row and its key. */
  interface ResultRow {
    KeyValue<String, GenericRecord> row(String groupKey, long windowStart, WindowTotals totals, long processingTime);
  }

  /**
   * @param name prefix of every processor, store and internal topic of this branch
   * @param sourceTopic the input topic the events came from (metrics tag, late event type)
   * @param outputTopic the contract topic of the final totals, written under the settings' output prefix
   */
  public record Spec(String name, String sourceTopic, KeyValueMapper<String, SourcedEvent, String> groupKey,
      ResultRow resultRow, String outputTopic) {
    /** Revenue of PLACED orders per merchant and currency. */
    public static Spec revenueByMerchant() {
      return new Spec("revenue-by-merchant-currency", Topics.ORDERS,
          (orderId, order) -> WindowRows.revenueKey(order), WindowRows::revenue, Topics.REVENUE_BY_MERCHANT_1M);
    }

    /** Payment attempts per outcome. */
    public static Spec paymentsByOutcome() {
      return new Spec("payments-by-outcome", Topics.PAYMENTS,
          (orderId, payment) -> payment.text(Fields.OUTCOME), WindowRows::paymentsByOutcome,
          Topics.PAYMENTS_BY_OUTCOME_1M);
    }

    public String partialsStore() {
      return name + "-partials";
    }

    String mergePendingStore() {
      return name + "-merge-pending";
    }

    String mergeClosedStore() {
      return name + "-merge-closed-through";
    }
  }

  private WindowedTotals() {}

  public static void build(StreamsBuilder builder, StoreTypes stores, KStream<String, SourcedEvent> events, Spec spec,
      TopologySettings settings, Serde<GenericRecord> outputSerde) {
    String name = spec.name();
    long sizeMs = WINDOW_SIZE.toMillis();
    long graceMs = settings.windowGrace().toMillis();
    builder.addStateStore(Stores.keyValueStoreBuilder(stores.keyValue(spec.partialsStore()), Serdes.Bytes(),
        WindowTotals.serde()).withCachingEnabled());
    builder.addStateStore(Stores.keyValueStoreBuilder(stores.keyValue(spec.mergePendingStore()), Serdes.Bytes(),
        WindowTotals.serde()));
    builder.addStateStore(Stores.keyValueStoreBuilder(stores.keyValue(spec.mergeClosedStore()), Serdes.Integer(),
        Serdes.Long()));

    KStream<String, Routed<WindowMessage>> routed = events.process(() -> new WindowPartials(spec, sizeMs, graceMs, Ledger.isOn(settings)),
        Named.as(name + "-partials"), spec.partialsStore(), StreamTime.STORE, Ledger.STORE);
    RoutedBranches<WindowMessage> branches = RoutedBranches.split(routed, name + "-partials");
    branches.diverted().to(settings.outputTopic(Topics.LATE_EVENTS),
        Produced.with(Serdes.String(), outputSerde).withName(name + "-late-events-sink"));
    branches.kept()
        .repartition(Repartitioned.<String, WindowMessage>as(name + "-merge")
            .withKeySerde(Serdes.String())
            .withValueSerde(WindowMessage.serde())
            .withStreamPartitioner(WindowMessage.partitioner()))
        .process(() -> new WindowMerge(spec, sizeMs, settings.inputPartitions()), Named.as(name + "-merge"),
            spec.mergePendingStore(), spec.mergeClosedStore())
        .to(settings.outputTopic(spec.outputTopic()),
            Produced.with(Serdes.String(), outputSerde).withName(name + "-sink"));
  }
}
