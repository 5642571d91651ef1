package dev.lakehouse.schemas.registry;

import org.apache.kafka.common.KafkaException;

/**
 * The registry could not answer: unreachable, refused the credentials, rejected a schema or failed
 * itself. Not a {@link org.apache.kafka.common.errors.SerializationException} on purpose: the record
 * is not at fault, so callers must not route it to a dead-letter topic.
 */
public class SchemaRegistryException extends KafkaException {
  private final int httpStatus;
  private final int errorCode;

  public SchemaRegistryException(String message, int httpStatus, int errorCode, Throwable cause) {
    super(message, cause);
    this.httpStatus = httpStatus;
    this.errorCode = errorCode;
  }

  /** The HTTP status of the registry's answer, or -1 when there was none (unreachable). */
  public int httpStatus() {
    return httpStatus;
  }

  /** Confluent's {@code error_code} (e.g. 40401), or -1 when the answer had none. */
  public int errorCode() {
    return errorCode;
  }
}
