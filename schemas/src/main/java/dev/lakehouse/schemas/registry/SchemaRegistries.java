package dev.lakehouse.schemas.registry;

import java.io.File;
import java.net.MalformedURLException;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/** Builds the registry that {@code schema.registry.url} names. */
public final class SchemaRegistries {
  public static final String URL_CONFIG = "schema.registry.url";

  private SchemaRegistries() {}

  /**
   * {@code file:} (or unset) is the bundled catalog, {@code file:/path/catalog.json} a catalog on
   * disk, {@code http(s)://...} a Confluent-compatible registry.
   */
  public static SchemaRegistry fromConfig(Map<String, ?> configs) {
    Object value = configs.get(URL_CONFIG);
    String url = value == null ? "file:" : value.toString().trim();
    if (url.isEmpty() || url.equals("file:")) {
      return FileSchemaRegistry.bundled();
    }
    if (url.startsWith("file:")) {
      File catalog = new File(url.substring("file:".length()));
      if (!catalog.isFile()) {
        throw new ConfigException(URL_CONFIG, url, "no catalog file at " + catalog.getAbsolutePath());
      }
      try {
        return new FileSchemaRegistry(catalog.toURI().toURL());
      } catch (MalformedURLException e) {
        throw new ConfigException(URL_CONFIG, url, e.getMessage());
      }
    }
    throw new ConfigException(URL_CONFIG, url, "expected file:, file:/path/catalog.json or http(s)://host:port");
  }
}
