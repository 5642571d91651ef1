package dev.lakehouse.schemas.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.testing.FakeConfluentRegistry;
import dev.lakehouse.schemas.testing.TestCertificates;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfluentRestSchemaRegistryTest {
  private static final Schema ORDER = Topics.valueSchema(Topics.ORDERS);
  private static final Schema PAYMENT = Topics.valueSchema(Topics.PAYMENTS);

  private FakeConfluentRegistry server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static ConfluentRestSchemaRegistry client(String url, String... keyValues) {
    Map<String, Object> config = new HashMap<>();
    config.put(RegistryConfig.URL_CONFIG, url);
    for (int i = 0; i < keyValues.length; i += 2) {
      config.put(keyValues[i], keyValues[i + 1]);
    }
    return (ConfluentRestSchemaRegistry) SchemaRegistries.fromConfig(config);
  }

  @Test
  void registersUnderTheSubjectAndFetchesById() throws IOException {
    server = FakeConfluentRegistry.start().seed("payments-value", 7, PAYMENT);
    ConfluentRestSchemaRegistry registry = client(server.url());

    assertThat(registry.register("orders-value", ORDER)).isEqualTo(8);
    assertThat(registry.schemaById(7)).isEqualTo(PAYMENT);
    assertThat(server.requests())
        .extracting(FakeConfluentRegistry.Request::method, FakeConfluentRegistry.Request::path)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("POST", "/subjects/orders-value/versions"),
            org.assertj.core.groups.Tuple.tuple("GET", "/schemas/ids/7"));
  }

  @Test
  void cachesIdsAndSchemasBothWays() throws IOException {
    server = FakeConfluentRegistry.start().seed("payments-value", 7, PAYMENT);
    ConfluentRestSchemaRegistry registry = client(server.url());

    int id = registry.register("orders-value", ORDER);
    registry.register("orders-value", ORDER);
    registry.schemaById(id);
    registry.schemaById(7);
    registry.schemaById(7);

    assertThat(server.count("POST", "/subjects/")).isEqualTo(1);
    assertThat(server.count("GET", "/schemas/ids/" + id)).isZero();
    assertThat(server.count("GET", "/schemas/ids/7")).isEqualTo(1);
  }

  @Test
  void looksUpInsteadOfRegisteringWhenAutoRegisterIsOff() throws IOException {
    server = FakeConfluentRegistry.start().seed("orders-value", 3, ORDER);
    ConfluentRestSchemaRegistry registry = client(server.url(), RegistryConfig.AUTO_REGISTER_CONFIG, "false");

    assertThat(registry.register("orders-value", ORDER)).isEqualTo(3);
    assertThat(server.count("POST", "/subjects/orders-value/versions")).isZero();
    assertThatThrownBy(() -> registry.register("payments-value", PAYMENT))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessage("Cannot look up a schema under subject 'payments-value' at " + server.url()
            + ": subject not found; register the schema first or set auto.register.schemas=true"
            + " (HTTP 404, error_code 40401: Subject 'payments-value' not found.)");
  }

  @Test
  void sendsBasicAuthFromUserInfo() throws IOException {
    server = FakeConfluentRegistry.startWithBasicAuth("alice:s3cr:et");
    ConfluentRestSchemaRegistry registry = client(server.url(),
        RegistryConfig.CREDENTIALS_SOURCE_CONFIG, "USER_INFO", RegistryConfig.USER_INFO_CONFIG, "alice:s3cr:et");

    registry.register("orders-value", ORDER);

    String expected = "Basic " + Base64.getEncoder().encodeToString("alice:s3cr:et".getBytes(StandardCharsets.UTF_8));
    assertThat(server.requests()).extracting(FakeConfluentRegistry.Request::authorization).containsExactly(expected);
  }

  @Test
  void sendsBasicAuthFromTheUrl() throws IOException {
    server = FakeConfluentRegistry.startWithBasicAuth("alice:s3cret");
    ConfluentRestSchemaRegistry registry = client("http://alice:s3cret@127.0.0.1:" + server.port(),
        RegistryConfig.CREDENTIALS_SOURCE_CONFIG, "URL");

    assertThat(registry.register("orders-value", ORDER)).isEqualTo(1);
    assertThat(registry.toString())
        .isEqualTo("ConfluentRestSchemaRegistry[urls=" + server.url() + ", user=alice, password=[hidden]]");
  }

  @Test
  void explainsRefusedCredentialsWithoutRevealingThePassword() throws IOException {
    server = FakeConfluentRegistry.startWithBasicAuth("alice:s3cret");
    ConfluentRestSchemaRegistry registry = client(server.url(), RegistryConfig.USER_INFO_CONFIG, "alice:wrong-pw");

    assertThatThrownBy(() -> registry.schemaById(1))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessage("Cannot fetch schema id 1 at " + server.url() + ": the registry refused the credentials; check "
            + "basic.auth.user.info and basic.auth.credentials.source (HTTP 401, error_code 401: Unauthorized)")
        .satisfies(e -> assertThat(((SchemaRegistryException) e).httpStatus()).isEqualTo(401));
    assertThat(registry.toString())
        .isEqualTo("ConfluentRestSchemaRegistry[urls=" + server.url() + ", user=alice, password=[hidden]]")
        .doesNotContain("wrong-pw");
  }

  @Test
  void unknownIdIsAnUnknownSchemaException() throws IOException {
    server = FakeConfluentRegistry.start();
    ConfluentRestSchemaRegistry registry = client(server.url());

    assertThatThrownBy(() -> registry.schemaById(404))
        .isInstanceOf(UnknownSchemaException.class)
        .hasMessageStartingWith("Cannot find schema id 404 in schema registry " + server.url())
        .satisfies(e -> assertThat(((UnknownSchemaException) e).schemaId()).isEqualTo(404));
  }

  @Test
  void incompatibleSchemaNamesTheCompatibilityProblem() throws IOException {
    server = FakeConfluentRegistry.start();
    server.answerNextWith(409, "{\"error_code\":409,\"message\":\"Schema being registered is incompatible with an earlier schema\"}");
    ConfluentRestSchemaRegistry registry = client(server.url());

    assertThatThrownBy(() -> registry.register("orders-value", ORDER))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessageContaining("Cannot register a schema under subject 'orders-value' at " + server.url()
            + ": the schema is incompatible with an earlier version")
        .hasMessageEndingWith("(HTTP 409, error_code 409: Schema being registered is incompatible with an earlier schema)");
  }

  @Test
  void nonJsonErrorBodyIsQuoted() throws IOException {
    server = FakeConfluentRegistry.start();
    server.answerNextWith(502, "<html>Bad Gateway</html>");
    ConfluentRestSchemaRegistry registry = client(server.url());

    assertThatThrownBy(() -> registry.schemaById(1))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessage("Cannot fetch schema id 1 at " + server.url()
            + ": the registry failed; retry later (HTTP 502: <html>Bad Gateway</html>)");
  }

  @Test
  void unreachableRegistryIsNamed() throws IOException {
    int port = closedPort();
    ConfluentRestSchemaRegistry registry = client("http://127.0.0.1:" + port);

    assertThatThrownBy(() -> registry.schemaById(1))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessage("Cannot reach schema registry at http://127.0.0.1:" + port
            + ": connection refused; is the registry running and the URL right?");
  }

  @Test
  void silentRegistryTimesOut() throws IOException {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      ConfluentRestSchemaRegistry registry = client("http://127.0.0.1:" + silent.getLocalPort(),
          RegistryConfig.READ_TIMEOUT_MS_CONFIG, "300");

      long start = System.nanoTime();
      assertThatThrownBy(() -> registry.schemaById(1))
          .isInstanceOf(SchemaRegistryException.class)
          .hasMessageStartingWith("Cannot reach schema registry at http://127.0.0.1:" + silent.getLocalPort()
              + ": no answer in time");
      assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(10_000);
    }
  }

  @Test
  void failsOverToTheNextUrl() throws IOException {
    server = FakeConfluentRegistry.start().seed("orders-value", 5, ORDER);
    ConfluentRestSchemaRegistry registry = client("http://127.0.0.1:" + closedPort() + "," + server.url() + "/");

    assertThat(registry.schemaById(5)).isEqualTo(ORDER);
  }

  @Test
  void refusesNonAvroSchemas() throws IOException {
    server = FakeConfluentRegistry.start();
    server.answerNextWith(200, "{\"schemaType\":\"PROTOBUF\",\"schema\":\"syntax = \\\"proto3\\\";\"}");
    ConfluentRestSchemaRegistry registry = client(server.url());

    assertThatThrownBy(() -> registry.schemaById(9))
        .isInstanceOf(org.apache.kafka.common.errors.SerializationException.class)
        .hasMessage("Cannot read schema id 9 from " + server.url() + ": it is a PROTOBUF schema and this serde reads Avro only");
  }

  @Test
  void encodesSubjectNames() throws IOException {
    server = FakeConfluentRegistry.start();
    Schema schema = SchemaBuilder.record("R").fields().requiredString("a").endRecord();
    ConfluentRestSchemaRegistry registry = client(server.url());

    registry.register("weird subject/with slash", schema);

    assertThat(server.requests()).extracting(FakeConfluentRegistry.Request::path)
        .containsExactly("/subjects/weird%20subject%2Fwith%20slash/versions");
  }

  @Test
  void trustsAnHttpsRegistryThroughTheConfiguredTruststore(@TempDir Path dir) throws Exception {
    server = FakeConfluentRegistry.startWithTls(TestCertificates.serverContext(false), false).seed("orders-value", 4, ORDER);

    ConfluentRestSchemaRegistry trusting = client(server.url(),
        RegistryConfig.TRUSTSTORE_LOCATION_CONFIG, TestCertificates.truststore().toString(),
        RegistryConfig.TRUSTSTORE_PASSWORD_CONFIG, TestCertificates.PASSWORD,
        RegistryConfig.TRUSTSTORE_TYPE_CONFIG, "PKCS12");
    ConfluentRestSchemaRegistry withJvmDefaults = client(server.url());

    assertThat(trusting.schemaById(4)).isEqualTo(ORDER);
    assertThatThrownBy(() -> withJvmDefaults.schemaById(4))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessageStartingWith("Cannot reach schema registry at " + server.url() + ": TLS handshake failed (")
        .hasMessageEndingWith("); if the registry's certificate is from a private CA, set "
            + "schema.registry.ssl.truststore.location to a truststore holding it");
    assertThatThrownBy(() -> client(server.url(), RegistryConfig.TRUSTSTORE_LOCATION_CONFIG, dir.resolve("none.jks").toString()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("Cannot load the JKS store");
  }

  @Test
  void presentsTheConfiguredClientCertificateForMutualTls() throws Exception {
    server = FakeConfluentRegistry.startWithTls(TestCertificates.serverContext(true), true).seed("orders-value", 4, ORDER);
    String[] trust = {RegistryConfig.TRUSTSTORE_LOCATION_CONFIG, TestCertificates.truststore().toString(),
        RegistryConfig.TRUSTSTORE_PASSWORD_CONFIG, TestCertificates.PASSWORD, RegistryConfig.TRUSTSTORE_TYPE_CONFIG, "PKCS12"};
    String[] keys = {RegistryConfig.KEYSTORE_LOCATION_CONFIG, TestCertificates.keystore().toString(),
        RegistryConfig.KEYSTORE_PASSWORD_CONFIG, TestCertificates.PASSWORD, RegistryConfig.KEYSTORE_TYPE_CONFIG, "PKCS12"};
    String[] both = java.util.stream.Stream.concat(java.util.Arrays.stream(trust), java.util.Arrays.stream(keys))
        .toArray(String[]::new);

    assertThat(client(server.url(), both).schemaById(4)).isEqualTo(ORDER);
    assertThatThrownBy(() -> client(server.url(), trust).schemaById(4))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessageStartingWith("Cannot reach schema registry at " + server.url());
  }

  @Test
  void rejectsUserInfoWithUrlCredentialSource() {
    assertThatThrownBy(() -> client("http://127.0.0.1:1",
            RegistryConfig.CREDENTIALS_SOURCE_CONFIG, "URL", RegistryConfig.USER_INFO_CONFIG, "a:b"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("Cannot use basic.auth.user.info with credentials source URL");
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
