package dev.lakehouse.schemas.registry;

import java.io.File;
import java.net.MalformedURLException;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/** Builds the registry that {@code schema.registry.url} names. */
public final class SchemaRegistries {
  public static final String URL_CONFIG = RegistryConfig.URL_CONFIG;

  private SchemaRegistries() {}

  /**
   * {@code file:} (or unset) is the bundled catalog, {@code file:/path/catalog.json} a catalog on
   * disk, {@code http(s)://...} (comma-separated for several) a Confluent-compatible registry; see
   * {@link RegistryConfig} for the other keys.
   */
  public static SchemaRegistry fromConfig(Map<String, ?> configs) {
    RegistryConfig config = new RegistryConfig(configs);
    String url = config.url();
    if (url.equals("file:")) {
      return FileSchemaRegistry.bundled();
    }
    if (config.isFile()) {
      File catalog = new File(url.substring("file:".length()));
      if (!catalog.isFile()) {
        throw new ConfigException(URL_CONFIG, url,
            "Cannot open the schema catalog: no file at " + catalog.getAbsolutePath()
                + "; use file: for the bundled catalog");
      }
      try {
        return new FileSchemaRegistry(catalog.toURI().toURL());
      } catch (MalformedURLException e) {
        throw new ConfigException(URL_CONFIG, url, e.getMessage());
      }
    }
    return new ConfluentRestSchemaRegistry(config);
  }
}
