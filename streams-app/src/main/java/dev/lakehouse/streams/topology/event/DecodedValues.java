package dev.lakehouse.streams.topology.event;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The last decoded values by their encoded bytes, so a value that is read far more often than it
 * changes (a reference history, read again by every enrichment after any reference change) is
 * decoded once per change: a lookup hashes and compares the bytes instead of decoding them.
 * Bounded (least recently used goes first) and safe for the stream threads and the global thread
 * together; the values must be immutable.
 */
public final class DecodedValues<T> {
  private final Map<Encoded, T> values;

  public DecodedValues(int maxEntries) {
    this.values = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Encoded, T> eldest) {
        return size() > maxEntries;
      }
    };
  }

  public T get(byte[] encoded, Function<byte[], T> decode) {
    Encoded key = new Encoded(encoded);
    synchronized (values) {
      T value = values.get(key);
      if (value != null) {
        return value;
      }
    }
    T decoded = decode.apply(encoded);
    synchronized (values) {
      values.put(new Encoded(encoded.clone()), decoded); // the key must not change with the caller's array
    }
    return decoded;
  }

  /**
   * Bytes as a map key, hashed eight bytes at a time: a history is a few hundred bytes, and hashing
   * them byte by byte ({@code ByteBuffer.hashCode}) took most of a lookup's time.
   */
  private static final class Encoded {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] bytes;
    private final int hash;

    Encoded(byte[] bytes) {
      this.bytes = bytes;
      this.hash = hash(bytes);
    }

    private static int hash(byte[] bytes) {
      long hash = bytes.length;
      int i = 0;
      for (; i + Long.BYTES <= bytes.length; i += Long.BYTES) {
        hash = (hash ^ (long) LONGS.get(bytes, i)) * 0x9e3779b97f4a7c15L;
      }
      for (; i < bytes.length; i++) {
        hash = (hash ^ bytes[i]) * 0x9e3779b97f4a7c15L;
      }
      return (int) (hash ^ (hash >>> 32));
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Encoded encoded && Arrays.equals(bytes, encoded.bytes);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
