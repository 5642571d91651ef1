package dev.lakehouse.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.testing.Normalized;
import dev.lakehouse.schemas.testing.SampleRecords;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AvroSerdeRoundTripTest {
  static Stream<Arguments> topicsAndVariants() {
    return Topics.ALL.stream().flatMap(topic ->
        IntStream.range(0, SampleRecords.VARIANTS).mapToObj(variant -> Arguments.of(topic, variant)));
  }

  @ParameterizedTest(name = "{0} variant {1}")
  @MethodSource("topicsAndVariants")
  void everyTopicRoundTripsThroughTheSerdeConfiguredByName(String topic, int variant) {
    GenericRecord record = SampleRecords.record(Topics.valueSchema(topic), variant);
    Map<String, Object> expected = Normalized.of(record);

    try (Serde<GenericRecord> serde = new AvroSerde()) {
      serde.configure(Map.of("schema.registry.url", "file:"), false);
      byte[] bytes = serde.serializer().serialize(topic, record);
      GenericRecord read = serde.deserializer().deserialize(topic, bytes);

      assertThat(WireFormat.schemaId(bytes))
          .isEqualTo(FileSchemaRegistry.bundled().register(Topics.valueSubject(topic), Topics.valueSchema(topic)));
      assertThat(read.getSchema()).isEqualTo(Topics.valueSchema(topic));
      assertThat(Normalized.of(read)).isEqualTo(expected);
    }
  }

  /** A replay writes an output under a prefix ({@code r2.orders-enriched}): same contract, same ids. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("outputs")
  void aPrefixedOutputRoundTripsUnderItsContractsSubject(String topic) {
    GenericRecord record = SampleRecords.record(Topics.valueSchema(topic), 0);
    String prefixed = "replay-2." + topic;

    try (Serde<GenericRecord> serde = new AvroSerde()) {
      serde.configure(Map.of("schema.registry.url", "file:"), false);
      byte[] bytes = serde.serializer().serialize(prefixed, record);

      assertThat(WireFormat.schemaId(bytes)).isEqualTo(WireFormat.schemaId(serde.serializer().serialize(topic, record)));
      assertThat(Normalized.of(serde.deserializer().deserialize(prefixed, bytes))).isEqualTo(Normalized.of(record));
    }
  }

  static Stream<String> outputs() {
    return Topics.OUTPUTS.stream();
  }
}
