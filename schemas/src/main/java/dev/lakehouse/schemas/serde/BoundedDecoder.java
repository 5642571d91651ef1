package dev.lakehouse.schemas.serde;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.util.Utf8;

/**
 * A binary decoder over one message that refuses lengths and counts larger than the bytes left.
 * Avro's own decoder allocates whatever a length prefix claims, so one corrupt record could make
 * a consumer allocate gigabytes; here it is an {@link EOFException} like any truncated record.
 */
final class BoundedDecoder extends Decoder {
  private final BinaryDecoder in;

  BoundedDecoder(byte[] data, int offset, int length) {
    this.in = DecoderFactory.get().binaryDecoder(data, offset, length, null);
  }

  boolean isEnd() throws IOException {
    return in.isEnd();
  }

  /** Bytes not yet read: for a decoder over an array, its source's available() is exact. */
  private int remaining() throws IOException {
    return in.inputStream().available();
  }

  private int checkedLength(long length) throws IOException {
    if (length < 0 || length > remaining()) {
      throw new EOFException("declared length " + length + " but only " + remaining() + " bytes left");
    }
    return (int) length;
  }

  private long checkedCount(long count) throws IOException {
    // every item takes at least one byte, except in arrays of null (which no contract uses)
    if (Math.abs(count) > remaining()) {
      throw new EOFException("declared " + count + " items but only " + remaining() + " bytes left");
    }
    return count;
  }

  @Override
  public Utf8 readString(Utf8 old) throws IOException {
    int length = checkedLength(in.readLong());
    Utf8 result = old == null ? new Utf8() : old;
    result.setByteLength(length);
    in.readFixed(result.getBytes(), 0, length);
    return result;
  }

  @Override
  public String readString() throws IOException {
    return readString(null).toString();
  }

  @Override
  public void skipString() throws IOException {
    in.skipFixed(checkedLength(in.readLong()));
  }

  @Override
  public ByteBuffer readBytes(ByteBuffer old) throws IOException {
    byte[] bytes = new byte[checkedLength(in.readLong())];
    in.readFixed(bytes, 0, bytes.length);
    return ByteBuffer.wrap(bytes);
  }

  @Override
  public void skipBytes() throws IOException {
    in.skipFixed(checkedLength(in.readLong()));
  }

  @Override
  public void readFixed(byte[] bytes, int start, int length) throws IOException {
    in.readFixed(bytes, start, checkedLength(length));
  }

  @Override
  public void skipFixed(int length) throws IOException {
    in.skipFixed(checkedLength(length));
  }

  @Override
  public long readArrayStart() throws IOException {
    return checkedCount(in.readArrayStart());
  }

  @Override
  public long arrayNext() throws IOException {
    return checkedCount(in.arrayNext());
  }

  @Override
  public long skipArray() throws IOException {
    return checkedCount(in.skipArray());
  }

  @Override
  public long readMapStart() throws IOException {
    return checkedCount(in.readMapStart());
  }

  @Override
  public long mapNext() throws IOException {
    return checkedCount(in.mapNext());
  }

  @Override
  public long skipMap() throws IOException {
    return checkedCount(in.skipMap());
  }

  @Override
  public void readNull() throws IOException {
    in.readNull();
  }

  @Override
  public boolean readBoolean() throws IOException {
    return in.readBoolean();
  }

  @Override
  public int readInt() throws IOException {
    return in.readInt();
  }

  @Override
  public long readLong() throws IOException {
    return in.readLong();
  }

  @Override
  public float readFloat() throws IOException {
    return in.readFloat();
  }

  @Override
  public double readDouble() throws IOException {
    return in.readDouble();
  }

  @Override
  public int readEnum() throws IOException {
    return in.readEnum();
  }

  @Override
  public int readIndex() throws IOException {
    return in.readIndex();
  }
}
