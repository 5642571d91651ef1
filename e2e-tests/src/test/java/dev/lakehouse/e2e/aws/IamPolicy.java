package dev.lakehouse.e2e.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One IAM policy document of deploy/iam/, read as plain JSON: its statements with their lists, and
 * the part of IAM's evaluation our documents use (Allow statements, action and resource wildcards,
 * StringLike/StringEquals conditions; a condition key missing from the request fails the statement,
 * as in IAM). Documents with Deny statements or other condition operators are refused, not guessed.
 */
record IamPolicy(String file, String version, List<Statement> statements, String compactJson) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** @param conditions operator (StringLike, ...) to condition key to the values it accepts */
  record Statement(String sid, String effect, List<String> actions, List<String> resources,
      Map<String, Map<String, List<String>>> conditions) {
    boolean conditional() {
      return !conditions.isEmpty();
    }

    boolean allows(String action, String resource, Map<String, String> context) {
      return "Allow".equals(effect)
          && actions.stream().anyMatch(a -> matches(a, action, true))
          && resources.stream().anyMatch(r -> matches(r, resource, false))
          && conditions.entrySet().stream().allMatch(c -> conditionHolds(c.getKey(), c.getValue(), context));
    }

    private boolean conditionHolds(String operator, Map<String, List<String>> keys, Map<String, String> context) {
      return keys.entrySet().stream().allMatch(key -> {
        String value = context.get(key.getKey());
        return value != null && key.getValue().stream().anyMatch(accepted -> switch (operator) {
          case "StringLike" -> matches(accepted, value, false);
          case "StringEquals" -> accepted.equals(value);
          default -> throw new IllegalStateException("Cannot evaluate condition operator " + operator + " of " + sid);
        });
      });
    }
  }

  static IamPolicy read(Path file) {
    try {
      return parse(file.getFileName().toString(), Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the IAM policy " + file + ": " + e.getMessage(), e);
    }
  }

  /** A template of deploy/iam/ with its placeholders filled, the way deploy/render-iam.sh does. */
  static IamPolicy rendered(String file, Map<String, String> values) {
    Path template = RepoDir.get().resolve("deploy/iam").resolve(file);
    try {
      String text = Files.readString(template);
      for (Map.Entry<String, String> value : values.entrySet()) {
        text = text.replace("{{" + value.getKey() + "}}", value.getValue());
      }
      if (text.contains("{{")) {
        throw new IllegalArgumentException("Cannot render " + template + ": a placeholder has no value in " + values.keySet());
      }
      return parse(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the IAM policy " + template + ": " + e.getMessage(), e);
    }
  }

  private static IamPolicy parse(String file, String text) {
    try {
      JsonNode root = JSON.readTree(text);
      List<Statement> statements = new ArrayList<>();
      root.path("Statement").forEach(node -> statements.add(new Statement(
          node.path("Sid").asText(null),
          node.path("Effect").asText(null),
          strings(node.get("Action")),
          strings(node.get("Resource")),
          conditions(node.get("Condition")))));
      return new IamPolicy(file, root.path("Version").asText(null), statements, JSON.writeValueAsString(root));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot parse the IAM policy " + file + ": " + e.getMessage(), e);
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

  private static Map<String, Map<String, List<String>>> conditions(JsonNode node) {
    Map<String, Map<String, List<String>>> conditions = new LinkedHashMap<>();
    if (node != null) {
      node.fields().forEachRemaining(operator -> {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        operator.getValue().fields().forEachRemaining(key -> keys.put(key.getKey(), strings(key.getValue())));
        conditions.put(operator.getKey(), keys);
      });
    }
    return conditions;
  }

  /** IAM's wildcards: {@code *} any run of characters, {@code ?} one; actions compare case-insensitively. */
  static boolean matches(String pattern, String value, boolean ignoreCase) {
    StringBuilder regex = new StringBuilder();
    for (char c : pattern.toCharArray()) {
      regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
    }
    return Pattern.compile(regex.toString(), ignoreCase ? Pattern.CASE_INSENSITIVE : 0).matcher(value).matches();
  }

  /** Whether some statement allows the action on the resource, with the request's condition keys. */
  boolean allows(String action, String resource, Map<String, String> context) {
    if (statements.stream().anyMatch(s -> !"Allow".equals(s.effect()))) {
      throw new IllegalStateException("Cannot evaluate " + file + ": only Allow statements are supported here");
    }
    return statements.stream().anyMatch(s -> s.allows(action, resource, context));
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
