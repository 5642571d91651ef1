package dev.lakehouse.e2e.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One IAM policy document of deploy/iam/, read as plain JSON: its statements with their lists. */
record IamPolicy(String file, String version, List<Statement> statements, String compactJson) {
  private static final ObjectMapper JSON = new ObjectMapper();

  record Statement(String sid, String effect, List<String> actions, List<String> resources, boolean conditional) {}

  static IamPolicy read(Path file) {
    try {
      JsonNode root = JSON.readTree(Files.readString(file));
      List<Statement> statements = new ArrayList<>();
      root.path("Statement").forEach(node -> statements.add(new Statement(
          node.path("Sid").asText(null),
          node.path("Effect").asText(null),
          strings(node.get("Action")),
          strings(node.get("Resource")),
          node.has("Condition"))));
      return new IamPolicy(file.getFileName().toString(), root.path("Version").asText(null), statements,
          JSON.writeValueAsString(root));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the IAM policy " + file + ": " + e.getMessage(), e);
    }
  }

  /** IAM accepts a string or an array of strings for Action and Resource. */
  private static List<String> strings(JsonNode node) {
    List<String> values = new ArrayList<>();
    if (node == null) {
      return values;
    }
    if (node.isTextual()) {
      values.add(node.asText());
    } else {
      node.forEach(value -> values.add(value.isTextual() ? value.asText() : value.toString()));
    }
    return values;
  }

  List<String> allActions() {
    return statements.stream().flatMap(s -> s.actions().stream()).toList();
  }

  List<String> allResources() {
    return statements.stream().flatMap(s -> s.resources().stream()).toList();
  }

  /** Resources of the statements that allow {@code action}. */
  List<String> resourcesOf(String action) {
    return statements.stream().filter(s -> s.actions().contains(action))
        .flatMap(s -> s.resources().stream()).toList();
  }
}
