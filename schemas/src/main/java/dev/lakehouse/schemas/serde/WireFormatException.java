package dev.lakehouse.schemas.serde;

import org.apache.kafka.common.errors.SerializationException;

/** Bytes that are not in the Confluent wire format. */
public class WireFormatException extends SerializationException {
  public WireFormatException(String message) {
    super(message);
  }
}
