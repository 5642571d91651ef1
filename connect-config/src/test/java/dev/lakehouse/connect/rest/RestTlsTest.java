package dev.lakehouse.connect.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.connect.config.ConfigException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client side of mutual TLS is built from PKCS12 stores whose passwords only the environment holds. */
class RestTlsTest {
  private static final String PASSWORD = "store-secret";

  @TempDir
  static Path dir;

  private static Path keystore;

  @BeforeAll
  static void keystoreWithAKeyPair() throws Exception {
    keystore = dir.resolve("client.p12");
    ProcessBuilder keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "client", "-keyalg", "RSA", "-keysize", "2048", "-validity", "1", "-dname", "CN=operator",
        "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass:env", "PW").redirectErrorStream(true);
    keytool.environment().put("PW", PASSWORD);
    Process process = keytool.start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0).as(output).isTrue();
  }

  @Test
  void withoutStoresTheJvmDefaultsStay() {
    assertThat(RestTls.context(Optional.empty(), Optional.empty(), Map.of())).isEmpty();
  }

  @Test
  void opensAKeystoreAndATruststoreWithThePasswordsOfTheEnvironment() {
    Map<String, String> env = Map.of(RestTls.KEYSTORE_PASSWORD, PASSWORD, RestTls.TRUSTSTORE_PASSWORD, PASSWORD);

    assertThat(RestTls.context(Optional.of(keystore), Optional.of(keystore), env)).isPresent();
  }

  @Test
  void namesTheVariableWhenThePasswordIsMissing() {
    assertThatThrownBy(() -> RestTls.context(Optional.of(keystore), Optional.empty(), Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot open --rest-keystore=" + keystore + ": its password is read from the environment variable "
            + "LAKEHOUSE_CONNECT_REST_KEYSTORE_PASSWORD, which is not set");
  }

  @Test
  void refusesAWrongPasswordWithoutPrintingIt() {
    Map<String, String> env = Map.of(RestTls.TRUSTSTORE_PASSWORD, "not-the-" + PASSWORD);

    assertThatThrownBy(() -> RestTls.context(Optional.empty(), Optional.of(keystore), env))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot open --rest-truststore=" + keystore + " as a PKCS12 store: ")
        .hasMessageNotContaining(PASSWORD);
  }
}
