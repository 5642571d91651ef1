package dev.lakehouse.streams.topology.windows;

import dev.lakehouse.streams.topology.event.SourcedEvent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/** Running totals of one window: how many events, their summed amount, the latest event time. */
record WindowTotals(long count, BigDecimal amount, long maxEventTime) {
  static final WindowTotals EMPTY = new WindowTotals(0, new BigDecimal("0.00"), Long.MIN_VALUE);

  WindowTotals add(SourcedEvent event) {
    return new WindowTotals(count + 1, amount.add(event.amount()), Math.max(maxEventTime, event.eventTime()));
  }

  WindowTotals plus(WindowTotals other) {
    return new WindowTotals(count + other.count, amount.add(other.amount), Math.max(maxEventTime, other.maxEventTime));
  }

  static Serde<WindowTotals> serde() {
    Serializer<WindowTotals> serializer = (topic, totals) -> {
      if (totals == null) {
        return null;
      }
      byte[] unscaled = totals.amount().unscaledValue().toByteArray();
      return ByteBuffer.allocate(8 + 8 + 4 + unscaled.length)
          .putLong(totals.count())
          .putLong(totals.maxEventTime())
          .putInt(totals.amount().scale())
          .put(unscaled)
          .array();
    };
    Deserializer<WindowTotals> deserializer = (topic, data) -> {
      if (data == null) {
        return null;
      }
      ByteBuffer buffer = ByteBuffer.wrap(data);
      long count = buffer.getLong();
      long maxEventTime = buffer.getLong();
      int scale = buffer.getInt();
      byte[] unscaled = new byte[buffer.remaining()];
      buffer.get(unscaled);
      return new WindowTotals(count, new BigDecimal(new BigInteger(unscaled), scale), maxEventTime);
    };
    return Serdes.serdeFrom(serializer, deserializer);
  }
}
