package dev.lakehouse.schemas.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Objects;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed test certificate for 127.0.0.1 (valid until 2126) and a truststore holding it, in
 * {@code src/test/resources/tls/}. Made once with the JDK's keytool, to keep the tests fast:
 *
 * <pre>
 * keytool -genkeypair -alias server -keyalg EC -validity 36500 -dname CN=127.0.0.1 -ext SAN=ip:127.0.0.1 \
 *   -storetype PKCS12 -keystore server.p12 -storepass changeit
 * keytool -exportcert -alias server -keystore server.p12 -storepass changeit -file server.crt
 * keytool -importcert -noprompt -alias server -file server.crt -storetype PKCS12 -keystore trust.p12 -storepass changeit
 * </pre>
 */
public final class TestCertificates {
  public static final String PASSWORD = "changeit";

  private TestCertificates() {}

  public static Path truststore() {
    return resource("trust.p12");
  }

  /** The server's own keystore, which also serves as a client certificate the truststore trusts. */
  public static Path keystore() {
    return resource("server.p12");
  }

  /** The server side; {@code trustClients} makes it trust the test certificate as a client's too. */
  public static SSLContext serverContext(boolean trustClients) throws IOException, GeneralSecurityException {
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(load(keystore()), PASSWORD.toCharArray());
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(load(truststore()));
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys.getKeyManagers(), trustClients ? trust.getTrustManagers() : null, null);
    return context;
  }

  private static KeyStore load(Path path) throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(path)) {
      store.load(in, PASSWORD.toCharArray());
    }
    return store;
  }

  private static Path resource(String name) {
    try {
      return Path.of(Objects.requireNonNull(TestCertificates.class.getResource("/tls/" + name)).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
