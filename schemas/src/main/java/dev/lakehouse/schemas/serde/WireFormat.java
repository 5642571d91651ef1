package dev.lakehouse.schemas.serde;

import java.nio.ByteBuffer;

/** The Confluent wire format: magic byte 0, a 4-byte big-endian schema id, then Avro binary. */
public final class WireFormat {
  public static final byte MAGIC_BYTE = 0;
  public static final int HEADER_SIZE = 5;

  private WireFormat() {}

  /** The schema id in the header of {@code data}; throws {@link WireFormatException} if there is none. */
  public static int schemaId(byte[] data) {
    if (data == null || data.length < HEADER_SIZE) {
      throw new WireFormatException(
          "Cannot read the Confluent wire format: " + (data == null ? "no" : data.length)
              + " bytes, the header alone is " + HEADER_SIZE);
    }
    if (data[0] != MAGIC_BYTE) {
      throw new WireFormatException(
          String.format(
              "Cannot read the Confluent wire format: magic byte is 0x%02x, expected 0x00 "
                  + "(was the producer using a different serializer?)",
              data[0]));
    }
    return ByteBuffer.wrap(data, 1, 4).getInt();
  }
}
