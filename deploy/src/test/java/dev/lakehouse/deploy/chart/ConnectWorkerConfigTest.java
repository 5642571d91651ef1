package dev.lakehouse.deploy.chart;

import static dev.lakehouse.deploy.chart.RenderedChart.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.deploy.tools.Tools;
import java.io.StringReader;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The workers run connect-config/config/worker-production.properties: every key of it, with its value,
 * except the few the chart decides (the brokers, the advertised REST host, the Kafka authentication).
 */
class ConnectWorkerConfigTest {
  private static final Set<String> CLIENT_PREFIXES = Set.of("", "consumer.", "producer.", "admin.");

  @Test
  void theWorkerConfigIsTheProductionTemplateWithTheDeploymentsKeys() throws Exception {
    Properties template = properties(Files.readString(Tools.repo().resolve("connect-config/config/worker-production.properties")));
    Properties rendered = workerProperties(Map.of());

    Map<String, String> changed = new HashMap<>();
    rendered.stringPropertyNames().forEach(key -> {
      if (!rendered.getProperty(key).equals(template.getProperty(key))) {
        changed.put(key, rendered.getProperty(key));
      }
    });
    assertThat(rendered.stringPropertyNames()).containsAll(template.stringPropertyNames());
    assertThat(changed.keySet()).allSatisfy(key -> assertThat(key).matches(
        "bootstrap\\.servers|rest\\.advertised\\.host\\.name|((consumer|producer|admin)\\.)?(sasl\\.[a-z.]+|security\\.protocol)"));
    assertThat(changed).containsEntry("bootstrap.servers", "b-1.lakehouse.example.kafka.eu-west-1.amazonaws.com:9098,"
        + "b-2.lakehouse.example.kafka.eu-west-1.amazonaws.com:9098");
    // the template itself reads it from the environment now (the Connect image runs it as is)
    assertThat(rendered.getProperty("rest.advertised.host.name")).isEqualTo("${env:LAKEHOUSE_CONNECT_REST_ADVERTISED_HOST_NAME}");
    assertEveryClient(rendered, "sasl.mechanism", "AWS_MSK_IAM");
    assertEveryClient(rendered, "sasl.client.callback.handler.class", "software.amazon.msk.auth.iam.IAMClientCallbackHandler");
  }

  @Test
  void withScramTheWorkerReadsItsJaasConfigFromTheSecretsFileAsTheTemplateDoes() throws Exception {
    Properties rendered = workerProperties(Map.of("kafka.auth", "scram"));

    assertEveryClient(rendered, "sasl.mechanism", "SCRAM-SHA-512");
    assertEveryClient(rendered, "sasl.jaas.config", "${file:/etc/lakehouse/connect-secrets.properties:sasl.jaas.config}");
  }

  /** The worker's own clients and those it makes for connectors (consumer., producer., admin.) all have it. */
  private static void assertEveryClient(Properties rendered, String key, String value) {
    for (String prefix : CLIENT_PREFIXES) {
      assertThat(rendered.getProperty(prefix + key)).as(prefix + key).isEqualTo(value);
    }
  }

  @Test
  void theAdvertisedHostIsThePodsStableNameWhichTheEnvProviderMayRead() throws Exception {
    RenderedChart chart = Chart.render(Chart.MINIMAL_VALUES);
    Map<String, Object> worker = RenderedChart.container(chart.get("StatefulSet", "lakehouse-connect"), "connect");
    Properties rendered = properties(at(chart.get("ConfigMap", "lakehouse-connect"), "data", "worker.properties").toString());

    assertThat(RenderedChart.env(worker, "LAKEHOUSE_CONNECT_REST_ADVERTISED_HOST_NAME"))
        .contains("$(POD_NAME).lakehouse-connect.lakehouse.svc");
    assertThat("LAKEHOUSE_CONNECT_REST_ADVERTISED_HOST_NAME").matches(rendered.getProperty("config.providers.env.param.allowlist.pattern"));
    assertThat(at(chart.get("Service", "lakehouse-connect"), "spec", "clusterIP")).isEqualTo("None");
    assertThat(at(chart.get("StatefulSet", "lakehouse-connect"), "spec", "serviceName")).isEqualTo("lakehouse-connect");
    assertThat(RenderedChart.list(worker.get("volumeMounts"))).extracting(mount -> RenderedChart.map(mount).get("mountPath"))
        .contains(rendered.getProperty("config.providers.file.param.allowed.paths"),
            rendered.getProperty("listeners.https.ssl.keystore.location"), rendered.getProperty("listeners.https.ssl.truststore.location"));
  }

  private static Properties workerProperties(Map<String, String> sets) throws Exception {
    RenderedChart chart = Chart.render(Chart.NAMESPACE, List.of(Chart.MINIMAL_VALUES), sets);
    return properties(at(chart.get("ConfigMap", "lakehouse-connect"), "data", "worker.properties").toString());
  }

  private static Properties properties(String text) throws Exception {
    Properties properties = new Properties();
    properties.load(new StringReader(text));
    return properties;
  }
}
