package dev.lakehouse.maintenance.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.io.FileIO;

/**
 * The JSON report under an object store prefix, written with the catalog's own FileIO settings (the
 * same credentials, region and endpoint as the tables): {@code latest.json}, and one file per run
 * under {@code runs/} for history. A prefix under the warehouse but outside every table location is
 * covered by the job's write permission and untouched by orphan cleanup.
 */
final class ObjectStoreDestination implements ReportDestination {
  private static final String DEFAULT_IO = "org.apache.iceberg.aws.s3.S3FileIO";

  private final String prefix;
  private final Map<String, String> catalogProperties;

  ObjectStoreDestination(String uri, Map<String, String> catalogProperties) {
    this.prefix = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    this.catalogProperties = Map.copyOf(catalogProperties);
  }

  @Override
  public String describe() {
    return prefix + "/";
  }

  @Override
  public void write(RunReport report) throws IOException {
    byte[] json = ReportWriter.json(report).getBytes(StandardCharsets.UTF_8);
    try (FileIO io = CatalogUtil.loadFileIO(catalogProperties.getOrDefault("io-impl", DEFAULT_IO), catalogProperties, null)) {
      write(io, prefix + "/runs/" + report.startedAtMs() + "-" + report.runId() + ".json", json);
      write(io, prefix + "/latest.json", json);
    }
  }

  private static void write(FileIO io, String location, byte[] content) throws IOException {
    try (OutputStream out = io.newOutputFile(location).createOrOverwrite()) {
      out.write(content);
    }
  }
}
