package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.rest.ConnectClient;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Which worker and which connector a verb talks to. */
final class WorkerOptions {
  static final String DEFAULT_NAME = "lakehouse-iceberg-sink";

  @Option(names = "--connect-url", paramLabel = "URL",
      defaultValue = "${env:LAKEHOUSE_CONNECT_URL:-http://127.0.0.1:18083}",
      description = "Kafka Connect REST URL (env LAKEHOUSE_CONNECT_URL; default: ${DEFAULT-VALUE})")
  String connectUrl;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = DEFAULT_NAME,
      description = "Connector name; also names its control topic <name>-control and DLQ <name>-dlq (default: ${DEFAULT-VALUE})")
  String name;

  ConnectClient client() {
    return new ConnectClient(connectUrl, Duration.ofSeconds(60));
  }
}
