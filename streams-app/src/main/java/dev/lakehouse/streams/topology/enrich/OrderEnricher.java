package dev.lakehouse.streams.topology.enrich;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.event.FieldCopy;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * An {@code orders-enriched} row: the order with the customer and merchant versions valid at its
 * event time, read from the global {@link ReferenceStores}. An order without reference data is
 * never dropped: its reference fields stay null.
 */
final class OrderEnricher implements FixedKeyProcessor<String, SourcedEvent, GenericRecord> {
  private static final Schema ENRICHED = Topics.valueSchema(Topics.ORDERS_ENRICHED);
  // fields by position: a lookup by name hashes the name, for every field of every order
  private static final FieldCopy ORDER_FIELDS = new FieldCopy(Topics.valueSchema(Topics.ORDERS), ENRICHED,
      "event_id", "order_id", "customer_id", "merchant_id", "status", "amount", "currency", "event_time",
      "channel", "discount_amount");
  private static final FieldCopy CUSTOMER_FIELDS = new FieldCopy(Topics.valueSchema(Topics.CUSTOMERS), ENRICHED,
      "name:customer_name", "country:customer_country", "segment:customer_segment");
  private static final FieldCopy MERCHANT_FIELDS = new FieldCopy(Topics.valueSchema(Topics.MERCHANTS), ENRICHED,
      "name:merchant_name", "country:merchant_country", "category:merchant_category");

  private final ReferenceChanges referenceChanges;
  private FixedKeyProcessorContext<String, GenericRecord> context;
  private ReferenceLookup customers;
  private ReferenceLookup merchants;

  OrderEnricher(ReferenceChanges referenceChanges) {
    this.referenceChanges = referenceChanges;
  }

  @Override
  public void init(FixedKeyProcessorContext<String, GenericRecord> context) {
    this.context = context;
    this.customers = new ReferenceLookup(context.getStateStore(ReferenceStores.CUSTOMERS), referenceChanges);
    this.merchants = new ReferenceLookup(context.getStateStore(ReferenceStores.MERCHANTS), referenceChanges);
  }

  @Override
  public void process(FixedKeyRecord<String, SourcedEvent> record) {
    SourcedEvent order = record.value();
    long time = order.eventTime();
    GenericData.Record row = new GenericData.Record(ENRICHED);
    ORDER_FIELDS.copy(order.event(), row);
    GenericRecord customer = customers.asOf(order.text(Fields.CUSTOMER_ID), time);
    if (customer != null) {
      CUSTOMER_FIELDS.copy(customer, row);
    }
    GenericRecord merchant = merchants.asOf(order.text(Fields.MERCHANT_ID), time);
    if (merchant != null) {
      MERCHANT_FIELDS.copy(merchant, row);
    }
    Fields.putSource(row, order.lineage(), context.currentSystemTimeMs());
    context.forward(record.withValue(row));
  }
}
