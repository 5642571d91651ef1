package dev.lakehouse.streams.topology.state;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Bytes;

/**
 * Store keys that sort by a time first: 8 bytes big-endian, then a suffix. Times are never negative
 * here (event times before 1970 are dead-lettered), so the byte order is the time order, and one
 * range scan finds every key due before a time, in RocksDB and in the in-memory store alike.
 */
public final class TimeKeys {
  private TimeKeys() {}

  public static Bytes of(long time, String suffix) {
    return of(time, suffix.getBytes(StandardCharsets.UTF_8));
  }

  public static Bytes of(long time, byte[] suffix) {
    return Bytes.wrap(ByteBuffer.allocate(Long.BYTES + suffix.length).putLong(time).put(suffix).array());
  }

  public static long time(Bytes key) {
    return ByteBuffer.wrap(key.get()).getLong();
  }

  public static String suffix(Bytes key) {
    byte[] bytes = key.get();
    return new String(bytes, Long.BYTES, bytes.length - Long.BYTES, StandardCharsets.UTF_8);
  }
}
