package dev.lakehouse.deploy.chart;

import static dev.lakehouse.deploy.chart.RenderedChart.at;
import static dev.lakehouse.deploy.chart.RenderedChart.container;
import static dev.lakehouse.deploy.chart.RenderedChart.env;
import static dev.lakehouse.deploy.chart.RenderedChart.envEntry;
import static dev.lakehouse.deploy.chart.RenderedChart.list;
import static dev.lakehouse.deploy.chart.RenderedChart.map;
import static dev.lakehouse.deploy.chart.RenderedChart.podSpec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.deploy.aws.ServiceRole;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * What the rendered chart must hold whatever the values: the Streams app's pods outlive its shutdown,
 * its memory limit covers its budget, static membership from the pod name, one connector apply Job per
 * release, a maintenance CronJob that never overlaps, and one service account per role.
 */
class ChartInvariantsTest {
  /** After its close deadline the app writes the clean-stop marker and the JVM exits: seconds at most. */
  private static final Duration EXIT_AFTER_CLOSE = Duration.ofSeconds(5);
  private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)m");

  static Stream<List<Path>> valueSets() {
    return Stream.of(List.of(Chart.MINIMAL_VALUES), List.of(Chart.MINIMAL_VALUES, Chart.PRODUCTION_VALUES));
  }

  @ParameterizedTest
  @MethodSource("valueSets")
  void theGracePeriodCoversTheAppsShutdownTimeoutAndItsExit(List<Path> values) throws Exception {
    assertGraceCoversShutdown(Chart.render(Chart.NAMESPACE, values, Map.of()));
  }

  @Test
  void aLongerShutdownTimeoutLengthensTheGracePeriod() throws Exception {
    RenderedChart chart = Chart.render(Chart.NAMESPACE, List.of(Chart.MINIMAL_VALUES), Map.of("streams.shutdownTimeoutSeconds", "120"));

    assertGraceCoversShutdown(chart);
    assertThat(((Number) podSpec(chart.get("StatefulSet", "lakehouse-streams")).get("terminationGracePeriodSeconds")).longValue())
        .isGreaterThanOrEqualTo(125);
  }

  private static void assertGraceCoversShutdown(RenderedChart chart) {
    Map<String, Object> streams = chart.get("StatefulSet", "lakehouse-streams");
    Duration shutdown = seconds(env(container(streams, "streams-app"), "LAKEHOUSE_STREAMS_SHUTDOWN_TIMEOUT").orElseThrow());
    long grace = ((Number) podSpec(streams).get("terminationGracePeriodSeconds")).longValue();

    assertThat(Duration.ofSeconds(grace)).isGreaterThanOrEqualTo(shutdown.plus(EXIT_AFTER_CLOSE));
  }

  @ParameterizedTest
  @MethodSource("valueSets")
  void theStreamsMemoryLimitCoversHeapRocksDbAndHeadroom(List<Path> values) throws Exception {
    Map<String, Object> app = container(Chart.render(Chart.NAMESPACE, values, Map.of()).get("StatefulSet", "lakehouse-streams"), "streams-app");
    long heap = heapBytes(app);
    long rocksDb = mebibytes(env(app, "LAKEHOUSE_STREAMS_ROCKSDB_MEMORY").orElseThrow().replace("MiB", "Mi"));
    long limit = mebibytes(at(app, "resources", "limits", "memory"));

    assertThat(rocksDb).isPositive();
    assertThat(limit).as("memory limit against heap %d + RocksDB %d", heap, rocksDb).isGreaterThan(heap + rocksDb);
    assertThat(at(app, "resources", "requests", "memory")).isEqualTo(at(app, "resources", "limits", "memory"));
  }

  @ParameterizedTest
  @MethodSource("valueSets")
  void everyJvmContainerHasAnExplicitHeapBelowItsLimit(List<Path> values) throws Exception {
    RenderedChart chart = Chart.render(Chart.NAMESPACE, values, Map.of());
    for (Map<String, Object> app : List.of(container(chart.get("StatefulSet", "lakehouse-connect"), "connect"),
        container(chart.get("CronJob", "lakehouse-maintenance"), "maintenance-job"),
        container(chart.get("Job", "lakehouse-connector-apply"), "connect-config"))) {
      assertThat(mebibytes(at(app, "resources", "limits", "memory"))).as(app.get("name").toString()).isGreaterThan(heapBytes(app));
    }
  }

  @Test
  void eachStreamsInstanceIsAStaticMemberNamedAfterItsPod() throws Exception {
    Map<String, Object> app = container(Chart.render(Chart.MINIMAL_VALUES).get("StatefulSet", "lakehouse-streams"), "streams-app");

    assertThat(at(envEntry(app, "LAKEHOUSE_INSTANCE_ID"), "valueFrom", "fieldRef", "fieldPath")).isEqualTo("metadata.name");
  }

  @Test
  void theStreamsProbesUseTheAppsHealthEndpoints() throws Exception {
    Map<String, Object> app = container(Chart.render(Chart.MINIMAL_VALUES).get("StatefulSet", "lakehouse-streams"), "streams-app");

    assertThat(at(app, "readinessProbe", "httpGet", "path")).isEqualTo("/health/ready");
    assertThat(at(app, "livenessProbe", "httpGet", "path")).isEqualTo("/health/live");
    assertThat(list(app.get("ports")).stream().map(RenderedChart::map).filter(port -> "http".equals(port.get("name"))))
        .singleElement().satisfies(port -> assertThat(port.get("containerPort")).isEqualTo(18081));
    assertThat(env(app, "LAKEHOUSE_STREAMS_HTTP_PORT")).contains("18081");
  }

  @Test
  void theStreamsStateIsAVolumePerPodAndThePodsSpreadAcrossZones() throws Exception {
    RenderedChart chart = Chart.render(Chart.MINIMAL_VALUES);
    Map<String, Object> streams = chart.get("StatefulSet", "lakehouse-streams");
    Map<String, Object> app = container(streams, "streams-app");

    assertThat(list(at(streams, "spec", "volumeClaimTemplates"))).extracting(claim -> at(claim, "metadata", "name")).containsExactly("state");
    assertThat(env(app, "LAKEHOUSE_STREAMS_STREAMS_STATE_DIR").orElseThrow())
        .startsWith(list(app.get("volumeMounts")).stream().map(RenderedChart::map).filter(mount -> "state".equals(mount.get("name")))
            .findFirst().orElseThrow().get("mountPath").toString());
    assertThat(list(podSpec(streams).get("topologySpreadConstraints"))).extracting(constraint -> map(constraint).get("topologyKey"))
        .contains("topology.kubernetes.io/zone");
    assertThat(at(chart.get("PodDisruptionBudget", "lakehouse-streams"), "spec", "selector", "matchLabels"))
        .isEqualTo(at(streams, "spec", "selector", "matchLabels"));
    assertThat(at(chart.get("PodDisruptionBudget", "lakehouse-connect"), "spec", "selector", "matchLabels"))
        .isEqualTo(at(chart.get("StatefulSet", "lakehouse-connect"), "spec", "selector", "matchLabels"));
  }

  @Test
  void replicasAndStreamThreadsComeFromTheValues() throws Exception {
    RenderedChart chart = Chart.render(Chart.NAMESPACE, List.of(Chart.MINIMAL_VALUES),
        Map.of("streams.replicas", "5", "streams.streamThreads", "3"));
    Map<String, Object> streams = chart.get("StatefulSet", "lakehouse-streams");

    assertThat(at(streams, "spec", "replicas")).isEqualTo(5);
    assertThat(env(container(streams, "streams-app"), "LAKEHOUSE_STREAMS_STREAMS_NUM_STREAM_THREADS")).contains("3");
  }

  @Test
  void oneConnectorApplyJobPerReleaseAfterEveryInstallAndUpgrade() throws Exception {
    RenderedChart live = Chart.render("lakehouse", List.of(Chart.MINIMAL_VALUES), Map.of());
    RenderedChart replay = Chart.render("replay-2", List.of(Chart.MINIMAL_VALUES), Map.of("connector.name", "lakehouse-iceberg-sink-replay-2"));

    Map<String, Object> liveApply = applyJob(live);
    Map<String, Object> replayApply = applyJob(replay);

    for (Map<String, Object> apply : List.of(liveApply, replayApply)) {
      assertThat(at(apply, "metadata", "annotations", "helm.sh/hook")).isEqualTo("post-install,post-upgrade");
      assertThat(at(apply, "metadata", "annotations", "helm.sh/hook-delete-policy")).isEqualTo("before-hook-creation");
    }
    assertThat(at(liveApply, "metadata", "name")).isNotEqualTo(at(replayApply, "metadata", "name"));
    assertThat(list(container(replayApply, "connect-config").get("args"))).contains("--name=lakehouse-iceberg-sink-replay-2");
  }

  private static Map<String, Object> applyJob(RenderedChart chart) {
    List<Map<String, Object>> applies = chart.ofKind("Job").stream()
        .filter(job -> list(podSpec(job).get("containers")).stream().anyMatch(c -> list(map(c).get("args")).contains("apply")))
        .toList();
    assertThat(applies).hasSize(1);
    return applies.get(0);
  }

  @Test
  void theApplyJobReachesTheWorkersOverMutualTlsWithoutAPasswordInItsSpec() throws Exception {
    Map<String, Object> apply = container(Chart.render(Chart.MINIMAL_VALUES).get("Job", "lakehouse-connector-apply"), "connect-config");

    assertThat(list(apply.get("args"))).contains("--env=aws", "--connect-url=https://lakehouse-connect.lakehouse.svc:8443",
        "--warehouse=s3://acme-lakehouse/warehouse", "--kafka-property=sasl.mechanism=AWS_MSK_IAM");
    assertThat(env(apply, "JDK_JAVA_OPTIONS")).contains("@/etc/lakehouse/rest-client/client-tls.options");
    assertThat(apply.toString()).doesNotContainIgnoringCase("password=");
  }

  @ParameterizedTest
  @MethodSource("valueSets")
  void maintenanceRunsNeverOverlapAndHaveADeadline(List<Path> values) throws Exception {
    Map<String, Object> cronJob = Chart.render(Chart.NAMESPACE, values, Map.of()).get("CronJob", "lakehouse-maintenance");

    assertThat(at(cronJob, "spec", "concurrencyPolicy")).isEqualTo("Forbid");
    assertThat(((Number) at(cronJob, "spec", "jobTemplate", "spec", "activeDeadlineSeconds")).intValue()).isPositive();
    assertThat(list(container(cronJob, "maintenance-job").get("args"))).startsWith("run");
  }

  @Test
  void theMaintenanceConfigIsTheShippedGlueConfigWhichReportsJsonOnStdout() throws Exception {
    Map<String, Object> config = Chart.render(Chart.MINIMAL_VALUES).get("ConfigMap", "lakehouse-maintenance");

    assertThat(at(config, "data", "maintenance.yaml").toString().strip())
        .isEqualTo(java.nio.file.Files.readString(dev.lakehouse.deploy.tools.Tools.repo()
            .resolve("maintenance-job/config/maintenance-glue.yaml")).strip())
        .contains("stdout: json");
  }

  @Test
  void oneServiceAccountPerRoleAnnotatedWithItsRoleForIrsaAndBareForPodIdentity() throws Exception {
    Map<String, String> sets = new java.util.TreeMap<>();
    Arrays.stream(ServiceRole.values()).forEach(role -> sets.put("serviceAccounts.roleArns." + role.valuesKey(),
        "arn:aws:iam::123456789012:role/" + role.valuesKey()));
    RenderedChart irsa = Chart.render(Chart.NAMESPACE, List.of(Chart.MINIMAL_VALUES), sets);
    sets.put("serviceAccounts.mode", "pod-identity");
    RenderedChart podIdentity = Chart.render(Chart.NAMESPACE, List.of(Chart.MINIMAL_VALUES), sets);

    for (ServiceRole role : ServiceRole.values()) {
      String name = "lakehouse-" + role.serviceAccountSuffix();
      assertThat(at(irsa.get("ServiceAccount", name), "metadata", "annotations", "eks.amazonaws.com/role-arn"))
          .isEqualTo("arn:aws:iam::123456789012:role/" + role.valuesKey());
      assertThat(at(podIdentity.get("ServiceAccount", name), "metadata", "annotations")).isNull();
    }
    List<Object> accounts = irsa.ofKind("ServiceAccount").stream().map(account -> at(account, "metadata", "name")).toList();
    Stream.of("Deployment", "StatefulSet", "Job", "CronJob").flatMap(kind -> irsa.ofKind(kind).stream())
        .forEach(workload -> assertThat(accounts).as("service account of %s", at(workload, "metadata", "name"))
            .contains(podSpec(workload).get("serviceAccountName")));
  }

  @Test
  void aSecondReleaseInTheNamespaceRunsUnderTheFirstOnesServiceAccounts() throws Exception {
    RenderedChart replay = Chart.render("lakehouse-replay-2", List.of(Chart.MINIMAL_VALUES),
        Map.of("serviceAccounts.create", "false", "dbt.enabled", "false", "streams.outputTopicPrefix", "replay-2."));

    assertThat(replay.ofKind("ServiceAccount")).extracting(account -> at(account, "metadata", "name"))
        .containsExactly("lakehouse-replay-2-topics");
    assertThat(podSpec(replay.get("StatefulSet", "lakehouse-replay-2-streams")).get("serviceAccountName")).isEqualTo("lakehouse-streams");
    assertThat(at(replay.get("ConfigMap", "lakehouse-replay-2-topics"), "data", "topics.txt").toString())
        .contains("replay-2.orders-enriched 6 delete").contains("\norders 12 delete");
  }

  @Test
  void theDashboardValuesUseTheReadersServiceAccountAndTheStacksWorkgroup() throws Exception {
    Map<String, Object> superset = new org.yaml.snakeyaml.Yaml().load(java.nio.file.Files.readString(Chart.DIR.resolve("superset-values.yaml")));

    assertThat(superset.get("serviceAccountName")).isEqualTo("lakehouse-" + ServiceRole.ATHENA_READER.serviceAccountSuffix());
    assertThat(at(superset, "serviceAccount", "create")).isEqualTo(false);
    assertThat(at(superset, "extraEnv", "ATHENA_WORK_GROUP")).isEqualTo(
        dev.lakehouse.deploy.aws.StackSettings.fromContext(key -> key.equals("podIdentityCluster") ? "eks" : null).athenaWorkgroup());
  }

  @Test
  void ordersAndPaymentsWithDifferentPartitionCountsAreRefused() throws Exception {
    String error = Chart.renderFailure(List.of(Chart.MINIMAL_VALUES),
        Map.of("topics.inputs.orders.partitions", "12", "topics.inputs.payments.partitions", "8"));

    assertThat(error).contains("topics.inputs.orders.partitions is 12 and topics.inputs.payments.partitions is 8")
        .contains("they must be equal");
  }

  @Test
  void aMistypedValueIsRefusedByTheValuesSchema() throws Exception {
    assertThat(Chart.renderFailure(List.of(Chart.MINIMAL_VALUES), Map.of("streams.replica", "3")))
        .contains("additional properties 'replica' not allowed");
  }

  @Test
  void aMissingRequiredValueIsNamed() throws Exception {
    assertThat(Chart.renderFailure(List.of(), Map.of())).contains("kafka.bootstrapServers is required");
  }

  private static long heapBytes(Map<String, Object> container) {
    Matcher matcher = XMX.matcher(env(container, "JAVA_TOOL_OPTIONS").orElseThrow());
    assertThat(matcher.find()).as("-Xmx in JAVA_TOOL_OPTIONS of %s", container.get("name")).isTrue();
    return Long.parseLong(matcher.group(1)) * 1024 * 1024;
  }

  private static long mebibytes(Object quantity) {
    assertThat(quantity.toString()).matches("\\d+Mi");
    return Long.parseLong(quantity.toString().replace("Mi", "")) * 1024 * 1024;
  }

  private static Duration seconds(String duration) {
    assertThat(duration).matches("\\d+s");
    return Duration.ofSeconds(Long.parseLong(duration.substring(0, duration.length() - 1)));
  }
}
