package dev.lakehouse.testkit;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.gaul.shaded.org.eclipse.jetty.server.Server;

/**
 * An S3-compatible server in this JVM (s3proxy) storing objects as files under a data folder, with
 * the bucket {@value #BUCKET} created. Objects survive a restart on the same folder. It reads every
 * aws-chunked upload to its end ({@link ChunkedUploadDrain}), so clients keep their connections.
 */
public final class EmbeddedS3 implements AutoCloseable {
  public static final String BUCKET = "lakehouse";
  public static final String ACCESS_KEY = "lakehouse";
  public static final String SECRET_KEY = "lakehouse-secret";
  public static final String REGION = "us-east-1";

  private final S3Proxy proxy;
  private final String endpoint;

  private EmbeddedS3(S3Proxy proxy, String endpoint) {
    this.proxy = proxy;
    this.endpoint = endpoint;
  }

  /** Starts on 127.0.0.1:{@code port}; port 0 picks a free one. */
  public static EmbeddedS3 start(Path dataDir, int port) throws Exception {
    Path blobs = Files.createDirectories(dataDir.toAbsolutePath());
    BlobStore store = new FilesystemNio2BlobStore(blobs.toString());
    if (!store.containerExists(BUCKET)) {
      store.createContainer(BUCKET);
    }
    int boundPort = port == 0 ? FreePorts.pick() : port;
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(store)
            .endpoint(URI.create("http://127.0.0.1:" + boundPort))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            .ignoreUnknownHeaders(true)
            .build();
    Server jetty = jettyServer(proxy);
    jetty.setHandler(new ChunkedUploadDrain(jetty.getHandler()));
    try {
      proxy.start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "Cannot start the S3 server on 127.0.0.1:" + boundPort + ": " + e.getMessage()
              + " (is the port taken? choose another one)", e);
    }
    while (!"STARTED".equals(proxy.getState())) {
      if ("FAILED".equals(proxy.getState())) {
        throw new IllegalStateException("Cannot start the S3 server on 127.0.0.1:" + boundPort);
      }
      Thread.sleep(10);
    }
    return new EmbeddedS3(proxy, "http://127.0.0.1:" + proxy.getPort());
  }

  /** s3proxy builds its Jetty server privately and offers no hook for a handler of our own. */
  private static Server jettyServer(S3Proxy proxy) {
    try {
      Field server = S3Proxy.class.getDeclaredField("server");
      server.setAccessible(true);
      return (Server) server.get(proxy);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException("Cannot reach the Jetty server inside s3proxy "
          + S3Proxy.class.getPackage().getImplementationVersion() + " (" + e + "): this s3proxy version is not"
          + " the one EmbeddedS3 was written for; check with ChunkedUploadConnectionTest whether it still stops"
          + " reading aws-chunked uploads early, and drop ChunkedUploadDrain if it does not", e);
    }
  }

  public String endpoint() {
    return endpoint;
  }

  public String accessKey() {
    return ACCESS_KEY;
  }

  public String secretKey() {
    return SECRET_KEY;
  }

  @Override
  public void close() throws Exception {
    proxy.stop();
  }
}
