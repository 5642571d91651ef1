package dev.lakehouse.maintenance.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.S3Exception;

class ObjectStoreHintTest {
  private static final String GUIDE = "(docs/operations.md, section 7, \"The object store refuses writes\")";

  @Test
  void aWriteWhoseConnectionTheObjectStoreDropsSaysWhatToDo() throws Exception {
    Throwable failure;
    try (ServerSocket dropsEveryConnection = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        S3FileIO io = new S3FileIO()) {
      Thread dropper = new Thread(() -> {
        while (true) {
          try (Socket ignored = dropsEveryConnection.accept()) {
            // closed at once, as a server that gave up on the connection does
          } catch (Exception e) {
            return;
          }
        }
      });
      dropper.setDaemon(true);
      dropper.start();
      io.initialize(Map.of("s3.endpoint", "http://127.0.0.1:" + dropsEveryConnection.getLocalPort(),
          "s3.path-style-access", "true", "s3.access-key-id", "key", "s3.secret-access-key", "secret",
          "client.region", "us-east-1", "http-client.type", "urlconnection", "s3.retry.num-retries", "0"));
      failure = catchThrowable(() -> {
        try (OutputStream out = io.newOutputFile("s3://lakehouse/warehouse/t/data/f.parquet").createOrOverwrite()) {
          out.write(new byte[] {1, 2, 3});
        }
      });
    }

    assertThat(failure).hasMessageStartingWith("Unable to execute HTTP request: ");
    assertThat(ObjectStoreHint.appendTo("Cannot compact partition p of t: " + failure.getMessage(), failure))
        .isEqualTo("Cannot compact partition p of t: " + failure.getMessage() + ". What to do: the object store"
            + " dropped or refused the connection on every attempt of the S3 client (s3.retry.num-retries): check"
            + " that it is running and reachable at the configured s3.endpoint (locally: ./lakehouse status), then"
            + " run the job again " + GUIDE);
  }

  @Test
  void aRefusalNamesTheCredentialsAndAServerErrorTheRetries() {
    S3Exception denied = (S3Exception) S3Exception.builder().statusCode(403).message("Access Denied").build();
    S3Exception slowDown = (S3Exception) S3Exception.builder().statusCode(503).message("Slow Down").build();

    assertThat(ObjectStoreHint.appendTo("Cannot expire snapshots: Access Denied", new RuntimeException(denied)))
        .isEqualTo("Cannot expire snapshots: Access Denied. What to do: the object store refused the request"
            + " (HTTP 403): check the job's S3 credentials and that they allow the actions of"
            + " deploy/iam/maintenance-job.json on the warehouse, then run the job again " + GUIDE);
    assertThat(ObjectStoreHint.appendTo("Cannot rewrite manifests: Slow Down", slowDown))
        .isEqualTo("Cannot rewrite manifests: Slow Down. What to do: the object store failed or throttled the"
            + " request (HTTP 503) on every attempt of the S3 client: run the job again once it has recovered, or"
            + " raise s3.retry.num-retries and s3.retry.max-wait-ms to wait longer " + GUIDE);
  }

  @Test
  void otherFailuresKeepTheirMessageOrTheGivenQuestion() {
    CommitFailedException conflict = new CommitFailedException("the table changed");
    S3Exception missing = (S3Exception) S3Exception.builder().statusCode(404).message("Not Found").build();

    assertThat(ObjectStoreHint.appendTo("Cannot take the lease: the table changed", conflict, " (permission?)"))
        .isEqualTo("Cannot take the lease: the table changed (permission?)");
    assertThat(ObjectStoreHint.appendTo("Cannot read f: Not Found", missing)).isEqualTo("Cannot read f: Not Found");
  }
}
