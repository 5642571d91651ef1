package dev.lakehouse.streams.topology.input;

import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.streams.topology.event.Routed;
import dev.lakehouse.streams.topology.event.RoutedBranches;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.ledger.Ledger;
import dev.lakehouse.streams.topology.state.StreamTime;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;

/** Reads an input topic as bytes and splits it into valid events and dead letters. */
public final class ValidatedInput {
  private final StreamsBuilder builder;
  private final AvroDeserializer deserializer;
  private final Serde<GenericRecord> outputSerde;
  private final String deadLetterTopic;
  private final boolean ledgerOn;

  /**
   * @param deadLetterTopic where dead letters are written ({@link TopologySettings#outputTopic} of dead-letters)
   * @param ledgerOn whether validation counts its dead letters in the {@link Ledger} (whose store the topology has)
   */
  public ValidatedInput(StreamsBuilder builder, AvroDeserializer deserializer, Serde<GenericRecord> outputSerde,
      String deadLetterTopic, boolean ledgerOn) {
    this.builder = builder;
    this.deserializer = deserializer;
    this.outputSerde = outputSerde;
    this.deadLetterTopic = deadLetterTopic;
    this.ledgerOn = ledgerOn;
  }

  /** Valid records of the topic, keyed as read, timestamped with their event time. */
  public KStream<String, SourcedEvent> read(EventRules rules, EventTimeRule timeRule) {
    String topic = rules.topic();
    InputCheck check = new InputCheck(rules, timeRule, deserializer);
    KStream<String, Routed<SourcedEvent>> routed = builder
        .stream(topic, Consumed.with(Serdes.String(), Serdes.ByteArray())
            .withTimestampExtractor(new ValidTimestampExtractor())
            .withName(topic + "-source"))
        .processValues(() -> new EventValidator(check, ledgerOn), Named.as(topic + "-validation"),
            ledgerOn ? new String[] {StreamTime.STORE, Ledger.STORE} : new String[] {StreamTime.STORE});
    RoutedBranches<SourcedEvent> branches = RoutedBranches.split(routed, topic + "-validation");
    sendDeadLetters(branches.diverted(), topic + "-validation");
    return branches.kept();
  }

  void sendDeadLetters(KStream<String, GenericRecord> deadLetters, String name) {
    deadLetters.to(deadLetterTopic, Produced.with(Serdes.String(), outputSerde).withName(name + "-dead-letters-sink"));
  }
}
