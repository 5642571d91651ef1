package dev.lakehouse.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One SQL statement on a local Trino over its REST protocol (POST /v1/statement, then nextUri to
 * the end), catalog {@code iceberg}, schema {@code lakehouse}: no client JVM to start per query.
 */
public final class TrinoQuery {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  // a one-node Trino on a busy machine can miss its own discovery announcement for a while; a
  // statement refused for it never ran, so it is sent again until this much time has passed
  private static final Duration NO_NODES_PATIENCE = Duration.ofSeconds(60);
  private static final Duration NO_NODES_PAUSE = Duration.ofSeconds(2);

  private TrinoQuery() {}

  /** The statement's rows, each value as Trino's JSON gives it as text (null for SQL NULL). */
  public static List<List<String>> rows(int trinoPort, String sql) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + NO_NODES_PATIENCE.toNanos();
    while (true) {
      try {
        return run(trinoPort, sql);
      } catch (NoNodesAvailable e) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Cannot run " + sql + " on Trino: " + e.getMessage()
              + " (for " + NO_NODES_PATIENCE.toSeconds() + " s)", e);
        }
        Thread.sleep(NO_NODES_PAUSE.toMillis());
      }
    }
  }

  private static List<List<String>> run(int trinoPort, String sql) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + trinoPort + "/v1/statement"))
        .header("X-Trino-User", "lakehouse").header("X-Trino-Catalog", "iceberg").header("X-Trino-Schema", "lakehouse")
        .POST(HttpRequest.BodyPublishers.ofString(sql)).build();
    List<List<String>> rows = new ArrayList<>();
    while (request != null) {
      JsonNode response = JSON.readTree(HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body());
      if ("NO_NODES_AVAILABLE".equals(response.path("error").path("errorName").asText())) {
        throw new NoNodesAvailable(response.get("error").path("message").asText());
      }
      if (response.has("error")) {
        throw new IllegalStateException("Cannot run " + sql + " on Trino: " + response.get("error").path("message").asText());
      }
      for (JsonNode row : response.path("data")) {
        List<String> values = new ArrayList<>();
        row.forEach(value -> values.add(value.isNull() ? null : value.asText()));
        rows.add(values);
      }
      request = response.hasNonNull("nextUri") ? HttpRequest.newBuilder(URI.create(response.get("nextUri").asText())).GET().build() : null;
    }
    return rows;
  }

  private static final class NoNodesAvailable extends RuntimeException {
    NoNodesAvailable(String message) {
      super(message);
    }
  }
}
