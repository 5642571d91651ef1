package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.AvroSerde;
import dev.lakehouse.streams.topology.input.EventRules;
import dev.lakehouse.streams.topology.input.EventTimeRule;
import dev.lakehouse.streams.topology.input.ValidatedInput;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;

/**
 * Dead-letters the invalid records of the reference topics (customers, merchants). It runs as its
 * own Kafka Streams application (application id {@code <app>-reference-checks}) because the main
 * topology reads those topics into global stores, and Kafka Streams lets a topology read a topic
 * only once. Both apply the same {@link InputCheck}, so what one skips the other dead-letters.
 */
public final class ReferenceChecksTopology {
  public static final String APPLICATION_ID_SUFFIX = "-reference-checks";

  private ReferenceChecksTopology() {}

  public static Topology build(TopologySettings settings, Properties streamsProps) {
    SchemaRegistry registry = SchemaRegistries.fromConfig(settings.registryConfig());
    StreamsBuilder builder = new StreamsBuilder();
    StreamTime.addStore(builder, StoreTypes.from(streamsProps));
    ValidatedInput inputs = new ValidatedInput(builder, new AvroDeserializer(registry, null),
        new AvroSerde(registry, null), settings.outputTopic(Topics.DEAD_LETTERS), false);
    inputs.read(EventRules.customers(), EventTimeRule.referenceVersions(settings));
    inputs.read(EventRules.merchants(), EventTimeRule.referenceVersions(settings));
    return builder.build(streamsProps);
  }
}
