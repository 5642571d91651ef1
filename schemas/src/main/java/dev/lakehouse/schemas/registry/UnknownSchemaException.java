package dev.lakehouse.schemas.registry;

import org.apache.kafka.common.errors.SerializationException;

/** A record names a schema id that the registry does not know. */
public class UnknownSchemaException extends SerializationException {
  private final int schemaId;

  public UnknownSchemaException(int schemaId, String where) {
    super("Cannot find schema id " + schemaId + " in " + where
        + ": the producer used a schema that was never registered here");
    this.schemaId = schemaId;
  }

  public int schemaId() {
    return schemaId;
  }
}
