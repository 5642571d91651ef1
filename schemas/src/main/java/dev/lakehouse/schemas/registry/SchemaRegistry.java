package dev.lakehouse.schemas.registry;

import org.apache.avro.Schema;

/**
 * The part of a Confluent-compatible schema registry the serde needs. Implementations cache, so
 * the serde may call them per record.
 */
public interface SchemaRegistry extends AutoCloseable {

  /** The id of {@code schema} under {@code subject}, registering it first when the registry allows. */
  int register(String subject, Schema schema);

  /** The schema with the given global id; throws {@link UnknownSchemaException} when there is none. */
  Schema schemaById(int id);

  @Override
  default void close() {}
}
