package dev.lakehouse.streams.topology.windows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * What an input partition's window step tells the merge step (see {@link WindowedTotals}): the
 * totals of one window it closed (keyed by group key), or how far it has closed all windows (sent
 * to every partition of the merge topic).
 */
sealed interface WindowMessage {
  /** The totals of the window starting at {@code windowStart} of the record's group key, from one input partition. */
  record Partial(long windowStart, WindowTotals totals) implements WindowMessage {}

  /** Input partition {@code partition} has closed every window that ends at or before {@code closedThrough}. */
  record Closed(int partition, long closedThrough) implements WindowMessage {}

  byte PARTIAL = 1;
  byte CLOSED = 2;

  /** Partials go by group key; every partition of the merge topic gets each {@link Closed}. */
  static StreamPartitioner<String, WindowMessage> partitioner() {
    return (topic, key, value, partitions) -> value instanceof Closed
        ? Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toSet()))
        : Optional.empty();
  }

  static Serde<WindowMessage> serde() {
    Serde<WindowTotals> totals = WindowTotals.serde();
    Serializer<WindowMessage> serializer = (topic, message) -> {
      if (message instanceof Partial partial) {
        byte[] bytes = totals.serializer().serialize(topic, partial.totals());
        return ByteBuffer.allocate(1 + Long.BYTES + bytes.length).put(PARTIAL).putLong(partial.windowStart())
            .put(bytes).array();
      }
      if (message instanceof Closed closed) {
        return ByteBuffer.allocate(1 + Integer.BYTES + Long.BYTES).put(CLOSED).putInt(closed.partition())
            .putLong(closed.closedThrough()).array();
      }
      return null;
    };
    Deserializer<WindowMessage> deserializer = (topic, data) -> {
      if (data == null) {
        return null;
      }
      ByteBuffer buffer = ByteBuffer.wrap(data);
      byte type = buffer.get();
      if (type == PARTIAL) {
        long windowStart = buffer.getLong();
        return new Partial(windowStart,
            totals.deserializer().deserialize(topic, Arrays.copyOfRange(data, buffer.position(), data.length)));
      }
      if (type == CLOSED) {
        return new Closed(buffer.getInt(), buffer.getLong());
      }
      throw new SerializationException("Cannot read a window message from " + topic + ": unknown type " + type);
    };
    return Serdes.serdeFrom(serializer, deserializer);
  }
}
