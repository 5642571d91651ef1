package dev.lakehouse.schemas.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.kafka.common.config.ConfigException;

/** The TLS context for an https registry with its own truststore or a client certificate. */
final class RegistryTls {
  private RegistryTls() {}

  /** Empty when neither store is configured: the JVM's defaults then apply. */
  static Optional<SSLContext> context(RegistryConfig config) {
    Optional<RegistryConfig.StoreSettings> trust = config.store(RegistryConfig.TRUSTSTORE_LOCATION_CONFIG,
        RegistryConfig.TRUSTSTORE_PASSWORD_CONFIG, RegistryConfig.TRUSTSTORE_TYPE_CONFIG);
    Optional<RegistryConfig.StoreSettings> keys = config.store(RegistryConfig.KEYSTORE_LOCATION_CONFIG,
        RegistryConfig.KEYSTORE_PASSWORD_CONFIG, RegistryConfig.KEYSTORE_TYPE_CONFIG);
    if (trust.isEmpty() && keys.isEmpty()) {
      return Optional.empty();
    }
    try {
      TrustManagerFactory trustManagers = null;
      if (trust.isPresent()) {
        trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(load(trust.get()));
      }
      KeyManagerFactory keyManagers = null;
      if (keys.isPresent()) {
        keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        String keyPassword = config.keyPassword().orElse(keys.get().password());
        keyManagers.init(load(keys.get()), keyPassword == null ? null : keyPassword.toCharArray());
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keyManagers == null ? null : keyManagers.getKeyManagers(),
          trustManagers == null ? null : trustManagers.getTrustManagers(), null);
      return Optional.of(context);
    } catch (GeneralSecurityException e) {
      throw new ConfigException("Cannot set up TLS for the schema registry: " + e.getMessage());
    }
  }

  private static KeyStore load(RegistryConfig.StoreSettings store) {
    try (InputStream in = Files.newInputStream(Path.of(store.location()))) {
      KeyStore keyStore = KeyStore.getInstance(store.type());
      keyStore.load(in, store.password() == null ? null : store.password().toCharArray());
      return keyStore;
    } catch (IOException | GeneralSecurityException e) {
      throw new ConfigException(store.key(), store.location(),
          "Cannot load the " + store.type() + " store: " + e.getMessage() + "; check the path, type and password");
    }
  }
}
