package dev.lakehouse.connect.cli;

import java.util.List;

/** The worker does not have the connector class installed. */
public class MissingPluginException extends RuntimeException {
  public MissingPluginException(String url, String connectorClass, List<String> installed) {
    super("Cannot use connector class " + connectorClass + ": the worker at " + url + " has no such plugin; installed "
        + "connector plugins: " + installed + ". Copy connect-config/target/plugin/lakehouse-iceberg-sink onto the "
        + "worker's plugin.path and restart the worker");
  }
}
