package dev.lakehouse.schemas.serde;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.testing.SampleRecords;
import java.io.IOException;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * Decode throughput of {@link AvroDeserializer} (length-checked decoder) against Avro's plain
 * buffered decoder on the same bytes, the baseline. Not a test: run it by hand (see README).
 */
public final class DeserializerBenchmark {
  private static final int RECORDS = 200_000;
  private static final int ROUNDS = 10;

  public static void main(String[] args) throws IOException {
    String topic = args.length > 0 ? args[0] : Topics.ORDERS_ENRICHED;
    Schema schema = Topics.valueSchema(topic);
    FileSchemaRegistry registry = FileSchemaRegistry.bundled();
    byte[][] messages = new byte[RECORDS][];
    AvroSerializer serializer = new AvroSerializer(registry);
    for (int i = 0; i < RECORDS; i++) {
      messages[i] = serializer.serialize(topic, SampleRecords.record(schema, 1 + i % 2));
    }
    AvroDeserializer ours = new AvroDeserializer(registry, null);
    GenericDatumReader<GenericRecord> plain = new GenericDatumReader<>(schema, schema, AvroData.withLogicalTypes());
    BinaryDecoder[] reuse = new BinaryDecoder[1];
    Consumer<byte[]> baseline = bytes -> {
      try {
        WireFormat.schemaId(bytes);
        reuse[0] = DecoderFactory.get().binaryDecoder(bytes, 5, bytes.length - 5, reuse[0]);
        plain.read(null, reuse[0]);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    };
    Consumer<byte[]> bounded = bytes -> {
      try {
        WireFormat.schemaId(bytes);
        plain.read(null, new BoundedDecoder(bytes, 5, bytes.length - 5));
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    };
    Consumer<byte[]> candidate = bytes -> ours.deserialize(topic, bytes);

    double best = 0;
    double bestBounded = 0;
    double bestBaseline = 0;
    for (int round = 0; round < ROUNDS; round++) {
      bestBaseline = Math.max(bestBaseline, perSecond(messages, baseline));
      bestBounded = Math.max(bestBounded, perSecond(messages, bounded));
      best = Math.max(best, perSecond(messages, candidate));
    }
    System.out.printf("topic %s, %d records x %d rounds, best round:%n", topic, RECORDS, ROUNDS);
    System.out.printf("baseline (Avro BinaryDecoder, no length checks): %,.0f records/s%n", bestBaseline);
    System.out.printf("BoundedDecoder alone, same reader:               %,.0f records/s (%.2f)%n",
        bestBounded, bestBounded / bestBaseline);
    System.out.printf("AvroDeserializer (BoundedDecoder):               %,.0f records/s%n", best);
    System.out.printf("ratio: %.2f of baseline%n", best / bestBaseline);
  }

  private static double perSecond(byte[][] messages, Consumer<byte[]> decode) {
    long start = System.nanoTime();
    for (byte[] message : messages) {
      decode.accept(message);
    }
    return messages.length / ((System.nanoTime() - start) / 1e9);
  }
}
