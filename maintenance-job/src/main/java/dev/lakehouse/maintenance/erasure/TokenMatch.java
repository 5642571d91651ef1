package dev.lakehouse.maintenance.erasure;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Finds an id inside raw input (a dead letter's key or value bytes) as a whole value, not as part
 * of a longer id ({@code cus-1} is not found in {@code cus-12}): either as an Avro string (its
 * zig-zag varint length, then its bytes: the length says where it ends, whatever byte follows),
 * or as a token in text, with no id character (letter, digit, {@code -}, {@code _}) on either side.
 */
final class TokenMatch {
  private final byte[] token;
  private final byte[] avroLengthPrefix;

  TokenMatch(String id) {
    this.token = id.getBytes(StandardCharsets.UTF_8);
    this.avroLengthPrefix = zigZagVarint(token.length);
  }

  boolean foundIn(Object value) {
    if (value instanceof CharSequence text) {
      return foundIn(text.toString().getBytes(StandardCharsets.UTF_8));
    }
    if (value instanceof ByteBuffer buffer) {
      ByteBuffer copy = buffer.duplicate();
      byte[] bytes = new byte[copy.remaining()];
      copy.get(bytes);
      return foundIn(bytes);
    }
    if (value instanceof byte[] bytes) {
      return foundIn(bytes);
    }
    return false;
  }

  private boolean foundIn(byte[] data) {
    for (int start = 0; start + token.length <= data.length; start++) {
      if (matchesAt(data, start) && (avroLengthBefore(data, start)
          || (boundaryBefore(data, start) && boundaryAfter(data, start + token.length)))) {
        return true;
      }
    }
    return false;
  }

  private boolean matchesAt(byte[] data, int start) {
    for (int i = 0; i < token.length; i++) {
      if (data[start + i] != token[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean boundaryAfter(byte[] data, int end) {
    return end == data.length || !isIdCharacter(data[end]);
  }

  private static boolean boundaryBefore(byte[] data, int start) {
    return start == 0 || !isIdCharacter(data[start - 1]);
  }

  private boolean avroLengthBefore(byte[] data, int start) {
    int prefixStart = start - avroLengthPrefix.length;
    if (prefixStart < 0) {
      return false;
    }
    for (int i = 0; i < avroLengthPrefix.length; i++) {
      if (data[prefixStart + i] != avroLengthPrefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean isIdCharacter(byte b) {
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '-' || b == '_';
  }

  private static byte[] zigZagVarint(long value) {
    long zigZag = (value << 1) ^ (value >> 63);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while ((zigZag & ~0x7FL) != 0) {
      out.write((int) ((zigZag & 0x7F) | 0x80));
      zigZag >>>= 7;
    }
    out.write((int) zigZag);
    return out.toByteArray();
  }
}
