package dev.lakehouse.connect.rest;

import dev.lakehouse.connect.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS side of a Connect REST listener with client certificates (the production worker
 * template's {@code listeners.https.ssl.client.auth=required}): a PKCS12 keystore whose certificate
 * the workers' truststore accepts, and a PKCS12 truststore holding the CA of the workers' own
 * certificates. The passwords come from the environment ({@link #KEYSTORE_PASSWORD},
 * {@link #TRUSTSTORE_PASSWORD}), never from the command line, where {@code ps} would show them.
 */
public final class RestTls {
  public static final String KEYSTORE_PASSWORD = "LAKEHOUSE_CONNECT_REST_KEYSTORE_PASSWORD";
  public static final String TRUSTSTORE_PASSWORD = "LAKEHOUSE_CONNECT_REST_TRUSTSTORE_PASSWORD";

  private RestTls() {}

  /**
   * The SSL context for these stores, or empty when neither is given (then an https URL is checked
   * against the JVM's default CAs and no client certificate is sent).
   */
  public static Optional<SSLContext> context(Optional<Path> keystore, Optional<Path> truststore, Map<String, String> env) {
    if (keystore.isEmpty() && truststore.isEmpty()) {
      return Optional.empty();
    }
    try {
      KeyManager[] keys = null;
      if (keystore.isPresent()) {
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        char[] password = password(env, KEYSTORE_PASSWORD, "--rest-keystore", keystore.get());
        factory.init(load(keystore.get(), password, "--rest-keystore"), password);
        keys = factory.getKeyManagers();
      }
      TrustManager[] trust = null;
      if (truststore.isPresent()) {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(load(truststore.get(), password(env, TRUSTSTORE_PASSWORD, "--rest-truststore", truststore.get()),
            "--rest-truststore"));
        trust = factory.getTrustManagers();
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys, trust, null);
      return Optional.of(context);
    } catch (GeneralSecurityException e) {
      throw new ConfigException("Cannot set up TLS for the Connect REST API: " + e.getMessage());
    }
  }

  private static char[] password(Map<String, String> env, String variable, String option, Path store) {
    String password = env.get(variable);
    if (password == null || password.isEmpty()) {
      throw new ConfigException("Cannot open " + option + "=" + store + ": its password is read from the environment "
          + "variable " + variable + ", which is not set");
    }
    return password.toCharArray();
  }

  private static KeyStore load(Path file, char[] password, String option) throws GeneralSecurityException {
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
      return store;
    } catch (IOException e) {
      // a wrong password shows as an IOException whose cause is an UnrecoverableKeyException
      throw new ConfigException("Cannot open " + option + "=" + file + " as a PKCS12 store: " + e.getMessage());
    }
  }
}
