package dev.lakehouse.connect.config;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders a connector config: the JSON of an environment (base + environment file, or a file the
 * user gives) with {@code {{name}}} placeholders replaced by {@link TemplateValues}. Connect's own
 * {@code ${provider:...}} references are left alone: the worker resolves them, so secrets never
 * pass through here.
 */
public final class ConnectorConfigTemplate {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z0-9.\\-]+)}}");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};

  private final Map<String, String> template;
  private final String source;

  private ConnectorConfigTemplate(Map<String, String> template, String source) {
    this.template = template;
    this.source = source;
  }

  /** The bundled config of an environment: base.json overlaid with the environment's file. */
  public static ConnectorConfigTemplate bundled(Environment environment) {
    Map<String, String> merged = new LinkedHashMap<>(resource(Environment.BASE_RESOURCE));
    merged.putAll(resource(environment.resource()));
    return new ConnectorConfigTemplate(merged, Environment.BASE_RESOURCE + " + " + environment.resource());
  }

  /** A connector config file of the user's, used as it is (placeholders still rendered). */
  public static ConnectorConfigTemplate file(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return new ConnectorConfigTemplate(parse(in, file.toString()), file.toString());
    } catch (IOException e) {
      throw new ConfigException("Cannot read the connector config " + file + ": " + e.getMessage(), e);
    }
  }

  private static Map<String, String> resource(String name) {
    try (InputStream in = ConnectorConfigTemplate.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new ConfigException("Cannot find " + name + " on the classpath: the connect-config jar is incomplete");
      }
      return parse(in, name);
    } catch (IOException e) {
      throw new ConfigException("Cannot read " + name + ": " + e.getMessage(), e);
    }
  }

  private static Map<String, String> parse(InputStream in, String source) throws IOException {
    Map<String, Object> raw;
    try {
      raw = JSON.readValue(in, MAP);
    } catch (IOException e) {
      throw new ConfigException("Cannot parse " + source + " as a JSON object of config keys: " + e.getMessage(), e);
    }
    Map<String, String> config = new LinkedHashMap<>();
    raw.forEach((key, value) -> {
      if (value instanceof Map || value instanceof Iterable || value == null) {
        throw new ConfigException("Cannot use " + source + ": key '" + key + "' must have a string value");
      }
      config.put(key, value.toString());
    });
    return config;
  }

  /** Every placeholder (in keys and values) replaced, plus {@code name}; fails naming each value that is missing. */
  public Map<String, String> render(String connectorName, TemplateValues values) {
    Map<String, String> rendered = new LinkedHashMap<>();
    rendered.put("name", connectorName);
    TreeSet<String> missing = new TreeSet<>();
    template.forEach((key, value) ->
        rendered.put(fill(key, connectorName, values, missing), fill(value, connectorName, values, missing)));
    if (!missing.isEmpty()) {
      throw new ConfigException("Cannot render the connector config " + source + ": no value for "
          + String.join(", ", missing.stream().map(n -> "{{" + n + "}}").toList())
          + "; give " + String.join(", ", missing.stream().map(ConnectorConfigTemplate::optionFor).toList()));
    }
    return rendered;
  }

  /** The text with its placeholders replaced; names without a value are added to {@code missing} and left in. */
  private static String fill(String text, String connectorName, TemplateValues values, Set<String> missing) {
    Matcher matcher = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String name = matcher.group(1);
      String replacement = TemplateValues.CONNECTOR_NAME.equals(name) ? connectorName : values.get(name);
      if (replacement == null) {
        missing.add(name);
        replacement = matcher.group();
      }
      matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  /** The CLI option (and environment variable) that supplies a template value. */
  static String optionFor(String name) {
    String option = "--" + name.replace('.', '-');
    String env = "LAKEHOUSE_" + name.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_');
    return option + " (or " + env + ")";
  }
}
