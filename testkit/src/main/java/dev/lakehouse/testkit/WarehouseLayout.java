package dev.lakehouse.testkit;

import java.nio.file.Path;

/**
 * Where a local warehouse keeps its files under a data folder: the S3 server's objects and the
 * SQLite catalog. The local stack and the local Trino's scripts ({@code local-stack/trino/env.sh})
 * use this layout, so the local Trino can read a warehouse a test lays out this way.
 */
public record WarehouseLayout(Path dataDir) {

  public Path s3Dir() {
    return dataDir.resolve("s3");
  }

  public Path catalogFile() {
    return dataDir.resolve("catalog").resolve("iceberg.db");
  }
}
