package dev.lakehouse.connect.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigProvidersTest {
  @Test
  void resolvesEnvAndFileReferencesLikeTheWorker(@TempDir Path dir) throws Exception {
    Path secrets = dir.resolve("s.properties");
    Files.writeString(secrets, "secret-access-key=s3cr3t\n");
    ConfigProviders providers = new ConfigProviders(Map.of("REGION", "eu-west-1")::get);

    Map<String, String> resolved = providers.resolve(Map.of(
        "a", "${file:" + secrets + ":secret-access-key}",
        "b", "region ${env:REGION}",
        "c", "plain"));

    assertThat(resolved).containsEntry("a", "s3cr3t").containsEntry("b", "region eu-west-1").containsEntry("c", "plain");
  }

  @Test
  void namesTheKeyAndTheMissingVariable() {
    ConfigProviders providers = new ConfigProviders(name -> null);

    assertThatThrownBy(() -> providers.resolve(Map.of("iceberg.catalog.jdbc.password", "${env:DB_PASSWORD}")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot resolve iceberg.catalog.jdbc.password: environment variable DB_PASSWORD is not set "
            + "(the worker needs it too)");
  }

  @Test
  void theLocalCredentialsFileIsWrittenOnceAndOwnerOnly(@TempDir Path dir) throws Exception {
    Path file = LocalCredentials.ensure(dir);
    Files.writeString(file, "access-key-id=mine\nsecret-access-key=mine\n");

    LocalCredentials.ensure(dir);

    assertThat(Files.readString(file)).contains("access-key-id=mine");
    assertThat(Files.getPosixFilePermissions(file))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
  }
}
