package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Uploads through S3FileIO with the url-connection client, as the sink and the maintenance job do,
 * while the end of each aws-chunked body reaches the server late. s3proxy answers an upload once it
 * has read the declared object length, before that end; unless the server reads it anyway, Jetty
 * then drops the connection and the client fails with "Error writing request body to server" on
 * that connection. Retries are off so that a dropped connection fails the upload instead of being
 * hidden by the SDK's retry.
 */
class ChunkedUploadConnectionTest {
  private static final int FIVE_MB = 5 * 1024 * 1024;

  @Test
  void uploadsSucceedWhenTheEndOfTheBodyArrivesAfterTheObject(@TempDir Path dir) throws Exception {
    try (EmbeddedS3 s3 = EmbeddedS3.start(dir.resolve("s3"), 0);
        LateChunkTerminatorRelay relay = LateChunkTerminatorRelay.start(s3.endpoint());
        S3FileIO slowLink = open(s3, relay.endpoint());
        S3FileIO direct = open(s3, s3.endpoint())) {
      // empty (the server reads no body at all), one chunk, several chunks, and a multipart upload
      // of two parts, the first above the SDK's 100-continue threshold (1 MB)
      int[] sizes = {1000, 0, 1, 300_000, FIVE_MB + 1000, 1000};
      for (int i = 0; i < sizes.length; i++) {
        String location = "s3://" + EmbeddedS3.BUCKET + "/uploads/object-" + i;
        byte[] content = content(sizes[i], i);
        try (OutputStream out = slowLink.newOutputFile(location).createOrOverwrite()) {
          out.write(content);
        }
        assertThat(read(direct, location)).as("object %d (%d bytes)", i, sizes[i]).isEqualTo(content);
      }
      // five objects in one upload each, one in two parts
      assertThat(relay.heldTerminators()).as("aws-chunked uploads the relay held back").isEqualTo(sizes.length + 1);
      assertThat(relay.answeredBeforeTheEnd()).as("uploads the server answered before their end arrived").isPositive();
    }
  }

  private static S3FileIO open(EmbeddedS3 s3, String endpoint) {
    Map<String, String> properties = new HashMap<>(Map.of(
        "s3.endpoint", endpoint,
        "s3.path-style-access", "true",
        "s3.access-key-id", s3.accessKey(),
        "s3.secret-access-key", s3.secretKey(),
        "client.region", EmbeddedS3.REGION,
        "http-client.type", "urlconnection",
        "s3.retry.num-retries", "0",
        "s3.multipart.part-size-bytes", Integer.toString(FIVE_MB),
        "s3.multipart.threshold", "1.0"));
    S3FileIO io = new S3FileIO();
    io.initialize(properties);
    return io;
  }

  private static byte[] content(int size, int seed) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, (byte) ('a' + seed));
    return bytes;
  }

  private static byte[] read(S3FileIO io, String location) throws Exception {
    if (io.newInputFile(location).getLength() == 0) {
      return new byte[0]; // a ranged read of an empty object is refused (416)
    }
    try (InputStream in = io.newInputFile(location).newStream()) {
      return in.readAllBytes();
    }
  }
}
