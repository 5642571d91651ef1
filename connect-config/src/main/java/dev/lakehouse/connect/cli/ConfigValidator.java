package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.config.ConfigProblem;
import dev.lakehouse.connect.config.ConfigProviders;
import dev.lakehouse.connect.config.SinkConfigCheck;
import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.rest.ValidationResult;
import dev.lakehouse.connect.tables.Catalogs;
import dev.lakehouse.connect.tables.TableDefinitions;
import dev.lakehouse.connect.tables.TableFormats;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The worker's validation of a config plus the sink checks it does not make ({@link SinkConfigCheck}),
 * and, once the config is valid, the format of the tables it already has in its catalog ({@link TableFormats}).
 */
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
    if (problems.isEmpty()) {
      problems.addAll(existingTables(ConfigProviders.system().resolve(config)));
    }
    return problems;
  }

  /** Reads only: loads the tables of the config that exist, and names those that are not Iceberg v2. */
  private static List<ConfigProblem> existingTables(Map<String, String> resolved) {
    return Catalogs.withCatalog(resolved, catalog -> TableFormats.check(catalog, TableDefinitions.fromConfig(resolved)));
  }

  static void print(String connector, List<ConfigProblem> problems, PrintWriter err) {
    err.println("Cannot use the config of connector " + connector + ": " + problems.size() + " invalid key"
        + (problems.size() == 1 ? "" : "s") + " or table" + (problems.size() == 1 ? "" : "s"));
    problems.forEach(p -> err.println("  " + p.key() + ": " + p.message()));
  }
}
