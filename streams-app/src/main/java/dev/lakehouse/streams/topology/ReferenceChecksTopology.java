package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.AvroSerde;
import dev.lakehouse.streams.topology.enrich.ReferenceVersionRows;
import dev.lakehouse.streams.topology.input.EventRules;
import dev.lakehouse.streams.topology.input.EventTimeRule;
import dev.lakehouse.streams.topology.input.ValidatedInput;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;

/**
 * Dead-letters the invalid records of the reference topics (customers, merchants) and writes the
 * valid ones, deletions included, to the versions topics ({@link ReferenceVersionRows}). It runs as
 * its own Kafka Streams application (application id {@code <app>-reference-checks}) because the main
 * topology reads those topics into global stores, and Kafka Streams lets a topology read a topic
 * only once. Both apply the same {@link InputCheck}, so what one skips the other dead-letters, and
 * the versions written are the ones the global stores keep.
 */
public final class ReferenceChecksTopology {
  public static final String APPLICATION_ID_SUFFIX = "-reference-checks";

  private ReferenceChecksTopology() {}

  public static Topology build(TopologySettings settings, Properties streamsProps) {
    SchemaRegistry registry = SchemaRegistries.fromConfig(settings.registryConfig());
    StreamsBuilder builder = new StreamsBuilder();
    StreamTime.addStore(builder, StoreTypes.from(streamsProps));
    AvroSerde outputSerde = new AvroSerde(registry, null);
    ValidatedInput inputs = new ValidatedInput(builder, new AvroDeserializer(registry, null), outputSerde,
        settings.outputTopic(Topics.DEAD_LETTERS), false);
    for (EventRules rules : List.of(EventRules.customers(), EventRules.merchants())) {
      ReferenceVersionRows.add(inputs.read(rules, EventTimeRule.referenceVersions(settings)), rules.topic(), settings,
          outputSerde);
    }
    return builder.build(streamsProps);
  }
}
