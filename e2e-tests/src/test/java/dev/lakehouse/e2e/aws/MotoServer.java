package dev.lakehouse.e2e.aws;

import static org.awaitility.Awaitility.await;

import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.FreePorts;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * moto in server mode (Glue, S3 and the rest of AWS emulated over HTTP) from the project venv, on a
 * free port of 127.0.0.1; its log goes to a file, and every request it serves to {@link #recording()}
 * (moto's recorder: headers, method, URL, body), so tests can check each call against the IAM policy
 * of its caller. Start it with {@link #start(Path)}, stop it with close.
 */
final class MotoServer implements AutoCloseable {
  static final String REGION = "us-east-1";
  static final String ACCESS_KEY = "moto-access-key";
  static final String SECRET_KEY = "moto-secret-key";

  private final ChildProcess process;
  private final int port;
  private final Path log;
  private final Path recording;

  private MotoServer(ChildProcess process, int port, Path log, Path recording) {
    this.process = process;
    this.port = port;
    this.log = log;
    this.recording = recording;
  }

  static MotoServer start(Path logDir) throws IOException, InterruptedException {
    return launch(logDir).awaitReady();
  }

  /** Starts the process and returns at once, so that other services can start meanwhile (moto needs seconds). */
  static MotoServer launch(Path logDir) throws IOException {
    int port = FreePorts.pick();
    Path log = logDir.resolve("moto-" + port + ".log");
    Path recording = logDir.resolve("moto-" + port + "-requests.jsonl");
    ChildProcess process = ChildProcess.start(List.of(ProjectVenv.python().toString(), "-m", "moto.server",
        "-H", "127.0.0.1", "-p", Integer.toString(port)), log,
        Map.of("MOTO_ENABLE_RECORDING", "true", "MOTO_RECORDER_FILEPATH", recording.toString()));
    return new MotoServer(process, port, log, recording);
  }

  MotoServer awaitReady() throws IOException, InterruptedException {
    try {
      await("moto server answering on " + endpoint()).atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> !process.isAlive() || answers());
      if (!process.isAlive()) {
        throw new IllegalStateException("Cannot start moto: it exited with " + process.waitFor(Duration.ofSeconds(1))
            + "; see " + log);
      }
      return this;
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  /** Every request served so far, one JSON object a line. */
  Path recording() {
    return recording;
  }

  /** A plain Glue client (not Iceberg's) for checking what landed in the catalog. */
  GlueClient glueClient() {
    return GlueClient.builder().endpointOverride(URI.create(endpoint())).region(Region.of(REGION))
        .credentialsProvider(MotoCredentials.create(Map.of())).httpClient(UrlConnectionHttpClient.create()).build();
  }

  S3Client s3Client() {
    return S3Client.builder().endpointOverride(URI.create(endpoint())).region(Region.of(REGION)).forcePathStyle(true)
        .credentialsProvider(MotoCredentials.create(Map.of())).httpClient(UrlConnectionHttpClient.create()).build();
  }

  void createBucket(String bucket) {
    try (S3Client s3 = s3Client()) {
      s3.createBucket(b -> b.bucket(bucket));
    }
  }

  void createGlueDatabase(String database) {
    try (GlueClient glue = glueClient()) {
      glue.createDatabase(b -> b.databaseInput(d -> d.name(database)));
    }
  }

  String glueMetadataLocation(String database, String table) {
    try (GlueClient glue = glueClient()) {
      return glue.getTable(b -> b.databaseName(database).name(table)).table().parameters().get("metadata_location");
    }
  }

  /**
   * The metadata location of every version of a Glue table, oldest first. moto keeps every version
   * (it ignores {@code SkipArchive}), so this lists each commit that went through {@code UpdateTable}.
   */
  List<String> glueMetadataHistory(String database, String table) {
    try (GlueClient glue = glueClient()) {
      return glue.getTableVersionsPaginator(b -> b.databaseName(database).tableName(table)).stream()
          .flatMap(page -> page.tableVersions().stream())
          .sorted(Comparator.comparingLong(version -> Long.parseLong(version.versionId())))
          .map(version -> version.table().parameters().get("metadata_location"))
          .toList();
    }
  }

  private boolean answers() {
    try {
      HttpURLConnection connection = (HttpURLConnection) URI.create(endpoint() + "/moto-api/").toURL().openConnection();
      connection.setConnectTimeout(500);
      connection.setReadTimeout(2000);
      return connection.getResponseCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public void close() {
    process.close();
  }
}
