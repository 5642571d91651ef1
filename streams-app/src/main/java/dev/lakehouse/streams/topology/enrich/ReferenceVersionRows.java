package dev.lakehouse.streams.topology.enrich;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.RecordField;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import java.time.Instant;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Writes every accepted reference version, the ones the histories of {@link ReferenceStores} keep,
 * to its versions topic ({@code customers-versions}, {@code merchants-versions}), from which the
 * dimension tables are built: a valid record with its attributes, a valid tombstone as a deletion,
 * each valid from its event time (updated_at, or the tombstone's Kafka timestamp). The records are
 * stamped with the wall clock, not with valid_from: a version may be valid from years ago, and
 * time-based retention would delete such records as soon as their segment rolls.
 */
public final class ReferenceVersionRows {
  /** How one reference topic's records become rows of its versions topic. */
  private record Spec(String versionsTopic, RecordField id, List<RecordField> attributes, List<RecordField> columns) {}

  private static final RecordField IS_DELETED = new RecordField("is_deleted");
  private static final RecordField VALID_FROM = new RecordField("valid_from");

  private ReferenceVersionRows() {}

  /** Writes the accepted versions of {@code referenceTopic} (valid records and deletions) to its versions topic. */
  public static void add(KStream<String, SourcedEvent> accepted, String referenceTopic, TopologySettings settings,
      Serde<GenericRecord> outputSerde) {
    Spec spec = spec(referenceTopic);
    String topic = settings.outputTopic(spec.versionsTopic());
    accepted
        .processValues(() -> new RowWriter(spec), Named.as(spec.versionsTopic() + "-rows"))
        .to(topic, Produced.with(Serdes.String(), outputSerde).withName(spec.versionsTopic() + "-sink"));
  }

  private static Spec spec(String referenceTopic) {
    return switch (referenceTopic) {
      case Topics.CUSTOMERS -> new Spec(Topics.CUSTOMERS_VERSIONS, Fields.CUSTOMER_ID,
          fields("name", "country", "segment"), fields("customer_name", "customer_country", "customer_segment"));
      case Topics.MERCHANTS -> new Spec(Topics.MERCHANTS_VERSIONS, Fields.MERCHANT_ID,
          fields("name", "country", "category"), fields("merchant_name", "merchant_country", "merchant_category"));
      default -> throw new IllegalArgumentException(
          "Cannot write versions of topic '" + referenceTopic + "': only customers and merchants are reference topics");
    };
  }

  private static List<RecordField> fields(String... names) {
    return List.of(names).stream().map(RecordField::new).toList();
  }

  private static final class RowWriter implements FixedKeyProcessor<String, SourcedEvent, GenericRecord> {
    private final Spec spec;
    private final Schema schema;
    private FixedKeyProcessorContext<String, GenericRecord> context;

    RowWriter(Spec spec) {
      this.spec = spec;
      this.schema = Topics.valueSchema(spec.versionsTopic());
    }

    @Override
    public void init(FixedKeyProcessorContext<String, GenericRecord> context) {
      this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, SourcedEvent> record) {
      GenericRecord version = record.value().event();
      GenericData.Record row = new GenericData.Record(schema);
      // the key: a valid record's key equals its id, and a tombstone has only the key
      spec.id().put(row, record.key());
      for (int i = 0; i < spec.attributes().size(); i++) {
        Object value = version == null ? null : spec.attributes().get(i).in(version);
        spec.columns().get(i).put(row, value == null ? null : value.toString());
      }
      IS_DELETED.put(row, version == null);
      VALID_FROM.put(row, Instant.ofEpochMilli(record.timestamp()));
      long now = context.currentSystemTimeMs();
      Fields.putSource(row, record.value().lineage(), now);
      context.forward(record.withValue(row).withTimestamp(now));
    }
  }
}
