package dev.lakehouse.peerflink.enrich;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.output.ContractRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.schemas.Topics;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Orders with the customer and merchant version valid at the order's event time. Every instance
 * holds every version (broadcast state: the Flink form of a global table), so orders need no
 * shuffle by customer or merchant. A version is used by the orders that arrive after it; one
 * arriving later is not applied to orders already written, as in the Streams app with a zero
 * reference join grace.
 */
public final class OrderEnrichment extends BroadcastProcessFunction<Order, ReferenceVersion, KafkaOutput> {
  public static final MapStateDescriptor<String, VersionHistory> VERSIONS = new MapStateDescriptor<>(
      "reference-versions", TypeInformation.of(String.class), TypeInformation.of(VersionHistory.class));

  private final JobSettings settings;
  private final OutputEncoder encoder;

  public OrderEnrichment(JobSettings settings) {
    this.settings = settings;
    this.encoder = new OutputEncoder(settings);
  }

  @Override
  public void processElement(Order order, ReadOnlyContext context, Collector<KafkaOutput> out) throws Exception {
    ReadOnlyBroadcastState<String, VersionHistory> versions = context.getBroadcastState(VERSIONS);
    ReferenceVersion customer = asOf(versions, ReferenceVersion.key(Topics.CUSTOMERS, order.customerId()), order);
    ReferenceVersion merchant = asOf(versions, ReferenceVersion.key(Topics.MERCHANTS, order.merchantId()), order);
    out.collect(encoder.encode(Topics.ORDERS_ENRICHED, order.orderId(),
        ContractRows.enrichedOrder(order, customer, merchant, context.currentProcessingTime())));
  }

  @Override
  public void processBroadcastElement(ReferenceVersion version, Context context, Collector<KafkaOutput> out)
      throws Exception {
    BroadcastState<String, VersionHistory> versions = context.getBroadcastState(VERSIONS);
    VersionHistory history = versions.get(version.key());
    versions.put(version.key(), history == null ? VersionHistory.of(version)
        : history.with(version, settings.referenceHistoryRetention().toMillis()));
  }

  private static ReferenceVersion asOf(ReadOnlyBroadcastState<String, VersionHistory> versions, String key, Order order)
      throws Exception {
    VersionHistory history = versions.get(key);
    return history == null ? null : history.asOf(order.eventTime());
  }

}
