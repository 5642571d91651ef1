package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.config.ConfigProblem;
import dev.lakehouse.connect.config.SinkConfigCheck;
import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.rest.ValidationResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The worker's validation of a config plus the sink checks it does not make ({@link SinkConfigCheck}). */
final class ConfigValidator {
  private ConfigValidator() {}

  /** @throws MissingPluginException when the worker lacks the connector class */
  static List<ConfigProblem> validate(ConnectClient client, Map<String, String> config) {
    String connectorClass = config.get("connector.class");
    if (connectorClass == null || connectorClass.isBlank()) {
      return List.of(new ConfigProblem("connector.class", "missing: the connector class to run is required"));
    }
    List<String> installed = client.connectorPlugins();
    if (!installed.contains(connectorClass)) {
      throw new MissingPluginException(client.url(), connectorClass, installed);
    }
    ValidationResult result = client.validate(connectorClass, config);
    List<ConfigProblem> problems = new ArrayList<>(result.problems());
    problems.addAll(SinkConfigCheck.check(config, result.definedKeys()));
    return problems;
  }

  static void print(String connector, List<ConfigProblem> problems, PrintWriter err) {
    err.println("Cannot use the config of connector " + connector + ": " + problems.size() + " invalid key"
        + (problems.size() == 1 ? "" : "s"));
    problems.forEach(p -> err.println("  " + p.key() + ": " + p.message()));
  }
}
