package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.rest.RestTls;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Which worker and which connector a verb talks to. */
final class WorkerOptions {
  @Option(names = "--connect-url", paramLabel = "URL",
      defaultValue = "${env:LAKEHOUSE_CONNECT_URL:-http://127.0.0.1:18083}",
      description = "Kafka Connect REST URL (env LAKEHOUSE_CONNECT_URL; default: ${DEFAULT-VALUE})")
  String connectUrl;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = ConnectConfigCli.DEFAULT_CONNECTOR_NAME,
      description = "Connector name; also names its control topic <name>-control and DLQ <name>-dlq (default: ${DEFAULT-VALUE})")
  String name;

  @Option(names = "--rest-keystore", paramLabel = "FILE", defaultValue = "${env:LAKEHOUSE_CONNECT_REST_KEYSTORE}",
      description = "PKCS12 keystore with the client certificate for a REST listener that requires one (the production "
          + "worker template's); its password in the environment variable " + RestTls.KEYSTORE_PASSWORD
          + " (env LAKEHOUSE_CONNECT_REST_KEYSTORE)")
  Path restKeystore;

  @Option(names = "--rest-truststore", paramLabel = "FILE", defaultValue = "${env:LAKEHOUSE_CONNECT_REST_TRUSTSTORE}",
      description = "PKCS12 truststore with the CA of the workers' certificates (default: the JVM's CAs); its password "
          + "in the environment variable " + RestTls.TRUSTSTORE_PASSWORD + " (env LAKEHOUSE_CONNECT_REST_TRUSTSTORE)")
  Path restTruststore;

  ConnectClient client() {
    return new ConnectClient(connectUrl, Duration.ofSeconds(60),
        RestTls.context(Optional.ofNullable(restKeystore), Optional.ofNullable(restTruststore), System.getenv()));
  }
}
