package dev.lakehouse.peerflink.enrich;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.output.ContractRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.schemas.Topics;
import java.io.Serializable;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Orders with the customer and merchant version valid at the order's event time, from broadcast
 * state: every instance holds every version (the Flink form of a global table), so orders need no
 * shuffle by customer or merchant; the order tracker enriches each unique order where it tracks it.
 * A version is used by the orders that arrive after it; one arriving later is not applied to orders
 * already written, as in the Streams app with a zero reference join grace.
 */
public final class OrderEnrichment implements Serializable {
  public static final MapStateDescriptor<String, VersionHistory> VERSIONS = new MapStateDescriptor<>(
      "reference-versions", TypeInformation.of(String.class), TypeInformation.of(VersionHistory.class));

  private final JobSettings settings;
  private final OutputEncoder encoder;

  public OrderEnrichment(JobSettings settings) {
    this.settings = settings;
    this.encoder = new OutputEncoder(settings);
  }

  /** The {@code orders-enriched} row of {@code order}. */
  public KafkaOutput row(Order order, ReadOnlyBroadcastState<String, VersionHistory> versions, long processingTime)
      throws Exception {
    ReferenceVersion customer = asOf(versions, ReferenceVersion.key(Topics.CUSTOMERS, order.customerId()), order);
    ReferenceVersion merchant = asOf(versions, ReferenceVersion.key(Topics.MERCHANTS, order.merchantId()), order);
    return encoder.encode(Topics.ORDERS_ENRICHED, order.orderId(),
        ContractRows.enrichedOrder(order, customer, merchant, processingTime));
  }

  /** Adds a version to its customer's or merchant's history (pruned to the retention). */
  public void add(BroadcastState<String, VersionHistory> versions, ReferenceVersion version) throws Exception {
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
