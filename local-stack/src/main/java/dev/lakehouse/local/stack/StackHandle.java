package dev.lakehouse.local.stack;

import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.testkit.LocalCatalog;
import java.util.Map;

/** A running local stack: where to reach each part; closing it runs {@code down}. */
public final class StackHandle implements AutoCloseable {
  private final StackConfig config;
  private final LocalStack stack;

  StackHandle(StackConfig config, LocalStack stack) {
    this.config = config;
    this.stack = stack;
  }

  public StackConfig config() {
    return config;
  }

  public String bootstrapServers() {
    return config.bootstrapServers();
  }

  public String s3Endpoint() {
    return config.s3Endpoint();
  }

  public String connectUrl() {
    return config.connectUrl();
  }

  public String streamsUrl() {
    return config.streamsUrl();
  }

  /** Properties of the local Iceberg catalog, for {@code CatalogUtil.buildIcebergCatalog("lakehouse", ...)}. */
  public Map<String, String> catalogProperties() {
    return LocalCatalog.properties(config.layout().catalogFile(), config.s3Endpoint());
  }

  @Override
  public void close() {
    stack.down();
  }
}
