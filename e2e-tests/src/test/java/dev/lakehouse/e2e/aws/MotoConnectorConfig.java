package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.connect.config.ConnectorConfigTemplate;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.connect.config.TemplateValues;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bundled {@code aws} connector config as the connect-config CLI renders it, plus the only keys
 * moto needs: the Glue and S3 endpoints and path-style access. Production sets none of them.
 */
final class MotoConnectorConfig {
  static final String WAREHOUSE = "s3://lakehouse/warehouse";
  static final String[] ENDPOINT_KEYS = {"iceberg.catalog.glue.endpoint", "iceberg.catalog.s3.endpoint",
      "iceberg.catalog.s3.path-style-access", "iceberg.catalog.client.credentials-provider"};

  private MotoConnectorConfig() {}

  static Map<String, String> render(MotoServer moto, String connectorName, Map<String, String> values) {
    Map<String, String> given = new HashMap<>(values);
    given.putIfAbsent(TemplateValues.REGION, MotoServer.REGION);
    given.putIfAbsent(TemplateValues.WAREHOUSE, WAREHOUSE);
    Map<String, String> rendered = ConnectorConfigTemplate.bundled(Environment.AWS)
        .render(connectorName, TemplateValues.of(Environment.AWS, given));
    assertThat(rendered).as("the production config sets no endpoint or credentials").doesNotContainKeys(ENDPOINT_KEYS);
    Map<String, String> config = new LinkedHashMap<>(rendered);
    config.put("iceberg.catalog.glue.endpoint", moto.endpoint());
    config.put("iceberg.catalog.s3.endpoint", moto.endpoint());
    config.put("iceberg.catalog.s3.path-style-access", "true");
    return config;
  }
}
