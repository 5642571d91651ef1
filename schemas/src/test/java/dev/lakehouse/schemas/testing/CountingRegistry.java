package dev.lakehouse.schemas.testing;

import dev.lakehouse.schemas.registry.SchemaRegistry;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;

/** Wraps a registry and counts the calls that reach it. */
public final class CountingRegistry implements SchemaRegistry {
  private final SchemaRegistry delegate;
  private final AtomicInteger registerCalls = new AtomicInteger();
  private final AtomicInteger lookupCalls = new AtomicInteger();

  public CountingRegistry(SchemaRegistry delegate) {
    this.delegate = delegate;
  }

  @Override
  public int register(String subject, Schema schema) {
    registerCalls.incrementAndGet();
    return delegate.register(subject, schema);
  }

  @Override
  public Schema schemaById(int id) {
    lookupCalls.incrementAndGet();
    return delegate.schemaById(id);
  }

  public int registerCalls() {
    return registerCalls.get();
  }

  public int lookupCalls() {
    return lookupCalls.get();
  }
}
