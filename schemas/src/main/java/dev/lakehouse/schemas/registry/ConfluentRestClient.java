package dev.lakehouse.schemas.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * JSON over HTTP to a Confluent-compatible registry: one request, tried against each configured URL
 * in turn while they are unreachable, with basic auth; error answers become
 * {@link SchemaRegistryException}s that say what the registry meant.
 */
class ConfluentRestClient {
  static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<URI> baseUrls;
  private final Optional<String> authorization;
  private final Optional<String> user;
  private final Duration readTimeout;
  private final HttpClient http;

  ConfluentRestClient(RegistryConfig config) {
    this.baseUrls = config.remoteUrls();
    this.authorization = config.userInfo().map(info ->
        "Basic " + Base64.getEncoder().encodeToString(info.getBytes(StandardCharsets.UTF_8)));
    this.user = config.userInfo().map(info -> info.substring(0, info.indexOf(':')));
    this.readTimeout = Duration.ofMillis(config.readTimeoutMs());
    HttpClient.Builder builder = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1) // no h2c upgrade dance: registries and their proxies speak 1.1
        .connectTimeout(Duration.ofMillis(config.connectTimeoutMs()));
    RegistryTls.context(config).ifPresent(builder::sslContext);
    this.http = builder.build();
  }

  /** A thrown {@link SchemaRegistryException} names {@code action}, e.g. "fetch schema id 7". */
  JsonNode get(String path, String action) {
    return send(path, null, action);
  }

  JsonNode post(String path, JsonNode body, String action) {
    return send(path, body, action);
  }

  String urls() {
    return baseUrls.stream().map(URI::toString).collect(Collectors.joining(","));
  }

  private JsonNode send(String path, JsonNode body, String action) {
    IOException lastFailure = null;
    for (URI base : baseUrls) {
      HttpRequest request = request(base, path, body);
      HttpResponse<String> response;
      try {
        response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      } catch (IOException e) {
        lastFailure = e;
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SchemaRegistryException("Cannot " + action + ": interrupted", -1, -1, e);
      }
      return parse(base, response, action);
    }
    throw new SchemaRegistryException(
        "Cannot reach schema registry at " + urls() + ": " + describe(lastFailure), -1, -1, lastFailure);
  }

  private HttpRequest request(URI base, String path, JsonNode body) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(readTimeout)
            .header("Accept", CONTENT_TYPE + ", application/json");
    authorization.ifPresent(value -> builder.header("Authorization", value));
    if (body == null) {
      return builder.GET().build();
    }
    return builder
        .header("Content-Type", CONTENT_TYPE)
        .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8))
        .build();
  }

  private static JsonNode parse(URI base, HttpResponse<String> response, String action) {
    JsonNode json = readJson(response.body());
    int status = response.statusCode();
    if (status >= 200 && status < 300 && json != null) {
      return json;
    }
    int errorCode = json == null ? -1 : json.path("error_code").asInt(-1);
    String serverMessage = json == null ? abbreviate(response.body()) : json.path("message").asText("");
    throw new SchemaRegistryException(
        "Cannot " + action + " at " + base + ": " + RegistryErrors.explain(status, errorCode)
            + " (HTTP " + status + (errorCode == -1 ? "" : ", error_code " + errorCode)
            + (serverMessage.isEmpty() ? "" : ": " + serverMessage) + ")",
        status, errorCode, null);
  }

  private static JsonNode readJson(String body) {
    try {
      return body == null || body.isBlank() ? null : JSON.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  private static String abbreviate(String body) {
    String text = body == null ? "" : body.strip();
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }

  private static String describe(IOException e) {
    if (e instanceof HttpTimeoutException) {
      return "no answer in time (" + e.getMessage() + "); check the URL or raise "
          + RegistryConfig.CONNECT_TIMEOUT_MS_CONFIG + "/" + RegistryConfig.READ_TIMEOUT_MS_CONFIG;
    }
    if (e instanceof javax.net.ssl.SSLHandshakeException) {
      return "TLS handshake failed (" + e.getMessage() + "); if the registry's certificate is from a private CA, set "
          + RegistryConfig.TRUSTSTORE_LOCATION_CONFIG + " to a truststore holding it";
    }
    if (e instanceof ConnectException) {
      return "connection refused; is the registry running and the URL right?";
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  @Override
  public String toString() {
    return "urls=" + urls() + user.map(u -> ", user=" + u + ", password=[hidden]").orElse("");
  }
}
