package dev.lakehouse.local.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.local.stack.process.Http;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Connector and task states from the Connect REST API ({@code GET /connectors?expand=status}). */
public final class ConnectStats {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ConnectStats() {}

  /** A connector and its tasks as "id:STATE"; the lag is filled in by the caller. */
  public record ConnectorState(String name, String state, List<String> tasks) {}

  public static List<ConnectorState> read(String connectUrl) throws IOException {
    Http.Response response = Http.get(connectUrl + "/connectors?expand=status");
    if (!response.ok()) {
      throw new IOException("GET " + connectUrl + "/connectors answered " + response.status() + ": " + response.body());
    }
    return parse(response.body());
  }

  static List<ConnectorState> parse(String body) throws IOException {
    List<ConnectorState> connectors = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> fields = JSON.readTree(body).fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> entry = fields.next();
      JsonNode status = entry.getValue().path("status");
      List<String> tasks = new ArrayList<>();
      status.path("tasks").forEach(task -> tasks.add(task.path("id").asInt() + ":" + task.path("state").asText()));
      connectors.add(new ConnectorState(entry.getKey(), status.path("connector").path("state").asText("UNKNOWN"), tasks));
    }
    return connectors;
  }

  /** The dead-letter topic of a connector, as the connect-config CLI names it. */
  public static String deadLetterTopic(String connector) {
    return connector + "-dlq";
  }

  /** The consumer group of a sink connector, as Connect names it. */
  public static String sinkGroup(String connector) {
    return "connect-" + connector;
  }
}
