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

  private TrinoQuery() {}

  /** The statement's rows, each value as Trino's JSON gives it as text (null for SQL NULL). */
  public static List<List<String>> rows(int trinoPort, String sql) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + trinoPort + "/v1/statement"))
        .header("X-Trino-User", "lakehouse").header("X-Trino-Catalog", "iceberg").header("X-Trino-Schema", "lakehouse")
        .POST(HttpRequest.BodyPublishers.ofString(sql)).build();
    List<List<String>> rows = new ArrayList<>();
    while (request != null) {
      JsonNode response = JSON.readTree(HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body());
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
}
