package dev.lakehouse.e2e.containers;

import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * {@code connect-config/config/worker-production.properties} as the Connect image runs it against one
 * local plaintext broker: the template with only what that broker and this machine need changed
 * ({@link #LOCAL_CHANGES}), so the REST listener (HTTPS, client certificates required), the plugin
 * path, the config providers and the secrets' references stay the template's.
 */
public final class ProductionWorkerFile {
  public static final Path TEMPLATE = Path.of("connect-config/config/worker-production.properties");
  /** The template's environment form of a secret (it shows the file form by default; both are in use here). */
  public static final String KEYSTORE_PASSWORD_FROM_ENV = "${env:LAKEHOUSE_CONNECT_REST_KEYSTORE_PASSWORD}";
  /** What changes, and why: one broker without SASL, a port free on the host's network, the S3 keys' file. */
  static final String LOCAL_CHANGES = "bootstrap.servers (the local broker), *.replication.factor=1 (one broker), "
      + "no SASL_SSL (a plaintext listener), listeners on a free port of 127.0.0.1 (the host's network), the keystore "
      + "password from the environment (the template's other form), the local connector's S3 keys file allowed";

  private ProductionWorkerFile() {}

  /**
   * Writes the adapted template as plain {@code key=value} lines (the image's health check reads the
   * listener from it as the worker does).
   *
   * @param s3KeysFolder the folder of the local connector config's {@code ${file:...}} S3 keys
   */
  public static Path write(Path file, String bootstrapServers, int restPort, Path s3KeysFolder) throws IOException {
    Properties template = new Properties();
    try (Reader reader = Files.newBufferedReader(RepoDir.get().resolve(TEMPLATE))) {
      template.load(reader);
    }
    Map<String, String> worker = new TreeMap<>();
    for (String key : template.stringPropertyNames()) {
      boolean sasl = key.matches("((consumer|producer|admin)\\.)?(security\\.protocol|sasl\\..*)");
      if (!sasl) {
        worker.put(key, key.endsWith(".replication.factor") ? "1" : template.getProperty(key));
      }
    }
    worker.put("bootstrap.servers", bootstrapServers);
    worker.put("listeners", "https://127.0.0.1:" + restPort);
    worker.put("listeners.https.ssl.keystore.password", KEYSTORE_PASSWORD_FROM_ENV);
    String allowed = "config.providers.file.param.allowed.paths";
    worker.put(allowed, worker.get(allowed) + "," + s3KeysFolder);
    StringBuilder text = new StringBuilder("# " + TEMPLATE + " for one local broker: " + LOCAL_CHANGES + "\n");
    worker.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }
}
