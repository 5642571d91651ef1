package dev.lakehouse.streams.bench;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.ConfigLoader;
import dev.lakehouse.streams.config.StreamsProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * The ceiling's work as a Kafka Streams app: read the inputs, deserialize and serialize every
 * value, write it to one topic, with the app's config file and Kafka Streams properties
 * (exactly-once, its threads, commit interval and producer settings). The benchmark runs it in a
 * JVM of its own after the app, as a second yardstick: what Kafka Streams itself costs, without
 * our topology. Arguments: the app's config file, a file to create once the client is RUNNING,
 * the input partition count.
 */
public final class StreamsPassThrough {
  static final String SINK = "bench-streams-passthrough";

  private StreamsPassThrough() {}

  static Topology topology() {
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(Topics.INPUTS, Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("inputs"))
        .processValues(Copy::new, Named.as("reserialize"))
        .to(SINK, Produced.with(Serdes.String(), Serdes.ByteArray()).withName("sink"));
    return builder.build();
  }

  public static void main(String[] args) throws InterruptedException {
    AppConfig config = ConfigLoader.load(Path.of(args[0]), Map.of());
    Path ready = Path.of(args[1]);
    KafkaStreams streams = new KafkaStreams(topology(), StreamsProperties.of(config, Integer.parseInt(args[2])));
    streams.setStateListener((now, before) -> {
      if (now == KafkaStreams.State.RUNNING) {
        try {
          Files.writeString(ready, "");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    });
    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      streams.close();
      closed.countDown();
    }));
    streams.start();
    closed.await();
  }

  /** Forwards each value read and written again by a {@link Reserializer}; drops what it cannot read. */
  private static final class Copy implements FixedKeyProcessor<String, byte[], byte[]> {
    private final Reserializer reserializer = new Reserializer(Topics.INPUTS);
    private FixedKeyProcessorContext<String, byte[]> context;

    @Override
    public void init(FixedKeyProcessorContext<String, byte[]> context) {
      this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, byte[]> record) {
      String topic = context.recordMetadata().orElseThrow().topic();
      byte[] copy = reserializer.copy(topic, record.value());
      if (copy != null) {
        context.forward(record.withValue(copy));
      }
    }
  }
}
