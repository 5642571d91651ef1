package dev.lakehouse.streams.topology;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The last decoded values by their encoded bytes, so a value that is read far more often than it
 * changes (a reference history, read for every order) is decoded once per change: a lookup hashes
 * and compares the bytes instead of decoding them. Bounded (least recently used goes first) and
 * safe for the stream threads and the global thread together; the values must be immutable.
 */
final class DecodedValues<T> {
  private final Map<ByteBuffer, T> values;

  DecodedValues(int maxEntries) {
    this.values = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<ByteBuffer, T> eldest) {
        return size() > maxEntries;
      }
    };
  }

  T get(byte[] encoded, Function<byte[], T> decode) {
    ByteBuffer key = ByteBuffer.wrap(encoded);
    synchronized (values) {
      T value = values.get(key);
      if (value != null) {
        return value;
      }
    }
    T decoded = decode.apply(encoded);
    synchronized (values) {
      values.put(ByteBuffer.wrap(encoded.clone()), decoded); // the key must not change with the caller's array
    }
    return decoded;
  }
}
