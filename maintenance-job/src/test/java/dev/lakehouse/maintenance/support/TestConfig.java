package dev.lakehouse.maintenance.support;

import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes a maintenance.yaml for a test warehouse: catalog section plus the given YAML lines. */
public final class TestConfig {
  /** Compaction with an 8 MB target; the other tasks off. */
  public static final String COMPACTION_ONLY = """
      compaction:
        target-file-size-bytes: 8388608
        sealed-after: 15m
        hot-partition-min-small-files: 20
      manifests: {enabled: false}
      expiry: {enabled: false}
      orphans: {enabled: false}
      """;

  private TestConfig() {}

  public static Path write(Path file, TestWarehouse warehouse, String extraYaml) throws IOException {
    StringBuilder yaml = new StringBuilder("catalog:\n  name: lakehouse\n  properties:\n");
    for (Map.Entry<String, String> e : warehouse.catalogProperties().entrySet()) {
      yaml.append("    ").append(e.getKey()).append(": \"").append(e.getValue()).append("\"\n");
    }
    yaml.append(extraYaml);
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, yaml.toString());
    return file;
  }

  public static MaintenanceConfig load(Path dir, TestWarehouse warehouse, String extraYaml) throws IOException {
    return ConfigLoader.load(write(dir.resolve("maintenance.yaml"), warehouse, extraYaml), Map.of());
  }
}
