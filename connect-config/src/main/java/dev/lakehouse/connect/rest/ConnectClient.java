package dev.lakehouse.connect.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.connect.config.ConfigProblem;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLContext;

/** The few calls of the Kafka Connect REST API that the CLI needs. */
public final class ConnectClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<LinkedHashMap<String, String>> STRING_MAP = new TypeReference<>() {};

  private final String url;
  private final HttpClient http;
  private final Duration requestTimeout;

  public ConnectClient(String url, Duration requestTimeout) {
    this(url, requestTimeout, Optional.empty());
  }

  /** @param tls the client certificate and trusted CAs of an https listener ({@link RestTls}) */
  public ConnectClient(String url, Duration requestTimeout, Optional<SSLContext> tls) {
    this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
    tls.ifPresent(http::sslContext);
    this.http = http.build();
    this.requestTimeout = requestTimeout;
  }

  public String url() {
    return url;
  }

  /** Classes of the connector plugins the worker has installed. */
  public List<String> connectorPlugins() {
    JsonNode plugins = send("list the connector plugins", "GET", "/connector-plugins", null, false).orElseThrow();
    List<String> classes = new ArrayList<>();
    plugins.forEach(p -> classes.add(p.path("class").asText()));
    return classes;
  }

  public ValidationResult validate(String connectorClass, Map<String, String> config) {
    JsonNode answer = send("validate the config of " + connectorClass, "PUT",
        "/connector-plugins/" + encode(connectorClass) + "/config/validate", config, false).orElseThrow();
    Set<String> defined = new LinkedHashSet<>();
    List<ConfigProblem> problems = new ArrayList<>();
    for (JsonNode entry : answer.path("configs")) {
      defined.add(entry.path("definition").path("name").asText());
      JsonNode value = entry.path("value");
      List<String> errors = new ArrayList<>();
      value.path("errors").forEach(e -> errors.add(e.asText()));
      if (!errors.isEmpty()) {
        problems.add(new ConfigProblem(value.path("name").asText(), String.join("; ", errors)));
      }
    }
    return new ValidationResult(defined, problems);
  }

  /** The stored config (provider references unresolved), or empty when there is no such connector. */
  public Optional<Map<String, String>> config(String name) {
    return send("read the config of connector " + name, "GET", "/connectors/" + encode(name) + "/config", null, true)
        .map(node -> JSON.convertValue(node, STRING_MAP));
  }

  /** Creates or updates the connector; throws {@link ConnectRequestException} (409 on a rebalance). */
  public void putConfig(String name, Map<String, String> config) {
    send("apply the config of connector " + name, "PUT", "/connectors/" + encode(name) + "/config", config, false);
  }

  public Optional<ConnectorStatus> status(String name) {
    return send("read the status of connector " + name, "GET", "/connectors/" + encode(name) + "/status", null, true)
        .map(ConnectClient::toStatus);
  }

  /** The task configs the connector generated (they change whenever the tasks are reconfigured). */
  public List<Map<String, String>> taskConfigs(String name) {
    JsonNode tasks = send("read the tasks of connector " + name, "GET", "/connectors/" + encode(name) + "/tasks", null, false)
        .orElseThrow();
    List<Map<String, String>> configs = new ArrayList<>();
    tasks.forEach(t -> configs.add(JSON.convertValue(t.path("config"), STRING_MAP)));
    return configs;
  }

  /** Deletes the connector; false when it did not exist. */
  public boolean delete(String name) {
    return send("delete connector " + name, "DELETE", "/connectors/" + encode(name), null, true).isPresent();
  }

  private static ConnectorStatus toStatus(JsonNode node) {
    List<ConnectorStatus.TaskStatus> tasks = new ArrayList<>();
    node.path("tasks").forEach(t -> tasks.add(new ConnectorStatus.TaskStatus(
        t.path("id").asInt(), t.path("state").asText(), t.path("worker_id").asText(), textOrNull(t.path("trace")))));
    JsonNode connector = node.path("connector");
    return new ConnectorStatus(node.path("name").asText(), connector.path("state").asText(),
        connector.path("worker_id").asText(), textOrNull(connector.path("trace")), tasks);
  }

  private static String textOrNull(JsonNode node) {
    return node.isMissingNode() || node.isNull() ? null : node.asText();
  }

  /** Empty only when {@code notFoundIsEmpty} and the worker answers 404. */
  private Optional<JsonNode> send(String action, String method, String path, Object body, boolean notFoundIsEmpty) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path))
        .timeout(requestTimeout)
        .header("Accept", "application/json");
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(toJson(body)));
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new ConnectUnreachableException(url, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot " + action + ": interrupted", e);
    }
    int status = response.statusCode();
    if (status == 404 && notFoundIsEmpty) {
      return Optional.empty();
    }
    if (status >= 300) {
      throw new ConnectRequestException(action, status, workerMessage(response.body()));
    }
    return Optional.of(parse(response.body()));
  }

  private static String workerMessage(String body) {
    try {
      JsonNode node = JSON.readTree(body);
      return node.hasNonNull("message") ? node.get("message").asText() : body;
    } catch (JsonProcessingException e) {
      return body;
    }
  }

  private static JsonNode parse(String body) {
    try {
      return body == null || body.isBlank() ? JSON.nullNode() : JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot read the answer of Kafka Connect as JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static String toJson(Object body) {
    try {
      return JSON.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Cannot write the request as JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
