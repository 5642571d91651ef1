package dev.lakehouse.deploy.aws;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * What the stack needs to know about the deployment, from the CDK context ({@code cdk.json} holds
 * the defaults; {@code cdk deploy -c key=value} overrides one). Checked here, so a bad value fails
 * the synth with its key named instead of a deployment.
 *
 * @param iamDir the {@code deploy/iam} policy templates
 * @param namespace Kubernetes namespace of the chart's release
 * @param serviceAccountPrefix the chart's {@code serviceAccounts.prefix}
 * @param oidcProviderArn the EKS cluster's IAM OIDC provider (IRSA); empty with EKS Pod Identity
 * @param podIdentityCluster the EKS cluster's name (EKS Pod Identity associations); empty with IRSA
 * @param mskClusterName MSK cluster name, empty unless Kafka is MSK with IAM authentication
 * @param mskClusterUuid the cluster's uuid (its ARN's last part)
 * @param replayIds replays whose Glue databases {@code lakehouse_replay_<id>} exist (docs/operations.md, section 11)
 * @param applicationLogGroup the log group the cluster's container logs go to (maintenance alarms read it)
 * @param commitAgeTables tables whose last sink commit age is alarmed (ones that always have traffic)
 */
public record StackSettings(Path iamDir, String namespace, String serviceAccountPrefix, String oidcProviderArn,
    String podIdentityCluster, String warehouseBucketName, String warehousePrefix, String analyticsDatabase,
    String analyticsPrefix, String athenaResultsPrefix, String athenaWorkgroup, long bytesScannedCutoffPerQuery,
    String mskClusterName, String mskClusterUuid, String connectorName, String streamsApplicationId,
    int commitIntervalSeconds, List<String> replayIds, String applicationLogGroup, List<String> commitAgeTables,
    String alarmEmail) {

  public static final String SINK_DATABASE = "lakehouse";

  public StackSettings {
    replayIds = List.copyOf(replayIds);
    commitAgeTables = List.copyOf(commitAgeTables);
    if (oidcProviderArn.isEmpty() == podIdentityCluster.isEmpty()) {
      throw new IllegalArgumentException("Cannot synthesize the stack: set exactly one of the context values "
          + "oidcProviderArn (IRSA, e.g. arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC) "
          + "and podIdentityCluster (EKS Pod Identity: the cluster's name); got oidcProviderArn='" + oidcProviderArn
          + "', podIdentityCluster='" + podIdentityCluster + "'");
    }
    if (!oidcProviderArn.isEmpty() && !oidcProviderArn.matches("arn:aws[a-z-]*:iam::\\d{12}:oidc-provider/.+")) {
      throw new IllegalArgumentException("Cannot synthesize the stack: oidcProviderArn '" + oidcProviderArn
          + "' is not an IAM OIDC provider ARN (arn:aws:iam::<account>:oidc-provider/<issuer host and path>)");
    }
    if (mskClusterName.isEmpty() != mskClusterUuid.isEmpty()) {
      throw new IllegalArgumentException("Cannot synthesize the stack: set both mskClusterName and mskClusterUuid "
          + "(MSK with IAM authentication) or neither; got '" + mskClusterName + "' and '" + mskClusterUuid + "'");
    }
    if (bytesScannedCutoffPerQuery < 10_485_760L) {
      throw new IllegalArgumentException("Cannot synthesize the stack: bytesScannedCutoffPerQuery is "
          + bytesScannedCutoffPerQuery + "; Athena's minimum is 10485760 (10 MB)");
    }
    for (String id : replayIds) {
      if (!id.matches("[a-z0-9_]+")) {
        throw new IllegalArgumentException("Cannot synthesize the stack: replay id '" + id
            + "' in replayIds is not lower-case letters, digits and _ (it names the Glue database lakehouse_replay_<id>)");
      }
    }
  }

  /** Kafka is MSK with IAM authentication: the roles hold the msk-* policies, the lag alarms are made. */
  public boolean mskIam() {
    return !mskClusterName.isEmpty();
  }

  public boolean irsa() {
    return !oidcProviderArn.isEmpty();
  }

  /** The Kubernetes service account of a role, as the chart names it. */
  public String serviceAccount(ServiceRole role) {
    return serviceAccountPrefix + "-" + role.serviceAccountSuffix();
  }

  /** The Glue databases: the sink's, dbt's and every replay's. */
  public List<String> databases() {
    return java.util.stream.Stream.concat(java.util.stream.Stream.of(SINK_DATABASE, analyticsDatabase),
        replayIds.stream().map(id -> SINK_DATABASE + "_replay_" + id)).toList();
  }

  /** The settings from the CDK context; {@code context} answers null for a key that is not set. */
  public static StackSettings fromContext(Function<String, Object> context) {
    Function<String, String> text = key -> {
      Object value = context.apply(key);
      return value == null ? "" : value.toString().trim();
    };
    Function<String, List<String>> list = key -> Arrays.stream(text.apply(key).split(","))
        .map(String::trim).filter(item -> !item.isEmpty()).toList();
    return new StackSettings(Path.of(or(text.apply("iamDir"), "iam")), or(text.apply("namespace"), "lakehouse"),
        or(text.apply("serviceAccountPrefix"), "lakehouse"), text.apply("oidcProviderArn"),
        text.apply("podIdentityCluster"), text.apply("warehouseBucketName"), or(text.apply("warehousePrefix"), "warehouse"),
        or(text.apply("analyticsDatabase"), "analytics"), or(text.apply("analyticsPrefix"), "analytics"),
        or(text.apply("athenaResultsPrefix"), "athena-results"), or(text.apply("athenaWorkgroup"), "lakehouse"),
        number(text, "bytesScannedCutoffPerQuery", 10L * 1024 * 1024 * 1024), text.apply("mskClusterName"),
        text.apply("mskClusterUuid"), or(text.apply("connectorName"), "lakehouse-iceberg-sink"),
        or(text.apply("streamsApplicationId"), "lakehouse-streams"),
        (int) number(text, "commitIntervalSeconds", 60), list.apply("replayIds"),
        or(text.apply("applicationLogGroup"), "/aws/containerinsights/lakehouse/application"),
        list.apply("commitAgeTables").isEmpty() ? List.of("pipeline_ledger", "orders_enriched") : list.apply("commitAgeTables"),
        text.apply("alarmEmail"));
  }

  private static String or(String value, String fallback) {
    return value.isEmpty() ? fallback : value;
  }

  private static long number(Function<String, String> text, String key, long fallback) {
    String value = text.apply(key);
    if (value.isEmpty()) {
      return fallback;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Cannot synthesize the stack: the context value " + key + " is '" + value
          + "', not a whole number", e);
    }
  }
}
