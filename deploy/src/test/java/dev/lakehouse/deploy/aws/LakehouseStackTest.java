package dev.lakehouse.deploy.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/** The synthesized template (CDK assertions): what each resource must hold for the production path. */
class LakehouseStackTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  static Template irsa;
  static Template podIdentity;

  @BeforeAll
  static void synthesize() {
    irsa = TestStacks.template(TestStacks.irsaWithMsk());
    podIdentity = TestStacks.template(TestStacks.podIdentityWithScram());
  }

  @Test
  void theBucketIsEncryptedWithTheKeyAndABucketKeyVersionedPrivateAndExpiresWhatItMust() {
    irsa.hasResourceProperties("AWS::S3::Bucket", Map.of(
        "BucketEncryption", Map.of("ServerSideEncryptionConfiguration", List.of(Map.of(
            "BucketKeyEnabled", true,
            "ServerSideEncryptionByDefault", Map.of("SSEAlgorithm", "aws:kms", "KMSMasterKeyID", Match.anyValue())))),
        "VersioningConfiguration", Map.of("Status", "Enabled"),
        "PublicAccessBlockConfiguration", Map.of("BlockPublicAcls", true, "BlockPublicPolicy", true,
            "IgnorePublicAcls", true, "RestrictPublicBuckets", true),
        "LifecycleConfiguration", Map.of("Rules", Match.arrayWith(List.of(
            Match.objectLike(Map.of("NoncurrentVersionExpiration", Map.of("NoncurrentDays", WarehouseStorage.NONCURRENT_VERSION_DAYS))),
            Match.objectLike(Map.of("AbortIncompleteMultipartUpload", Map.of("DaysAfterInitiation", WarehouseStorage.INCOMPLETE_UPLOAD_DAYS))),
            Match.objectLike(Map.of("Prefix", "athena-results/", "ExpirationInDays", WarehouseStorage.ATHENA_RESULTS_DAYS)))))));
    irsa.hasResourceProperties("AWS::KMS::Key", Map.of("EnableKeyRotation", true));
    irsa.hasResourceProperties("AWS::S3::BucketPolicy", Map.of("PolicyDocument", Map.of("Statement", Match.arrayWith(List.of(
        Match.objectLike(Map.of("Effect", "Deny", "Condition", Map.of("Bool", Map.of("aws:SecureTransport", "false")))))))));
  }

  @Test
  void theGlueDatabasesAreTheSinksDbtsAndEachReplays() {
    assertThat(irsa.findResources("AWS::Glue::Database").values()).extracting(resource ->
        JSON.valueToTree(resource).at("/Properties/DatabaseInput/Name").asText())
        .containsExactlyInAnyOrder("lakehouse", "analytics", "lakehouse_replay_2");
  }

  @Test
  void theWorkgroupEnforcesEngineV3ItsResultsLocationAndACutoffPerQuery() {
    irsa.hasResourceProperties("AWS::Athena::WorkGroup", Map.of("Name", "lakehouse", "WorkGroupConfiguration", Match.objectLike(Map.of(
        "EnforceWorkGroupConfiguration", true,
        "BytesScannedCutoffPerQuery", 10L * 1024 * 1024 * 1024,
        "EngineVersion", Map.of("SelectedEngineVersion", "Athena engine version 3"),
        "ResultConfiguration", Match.objectLike(Map.of("EncryptionConfiguration", Match.objectLike(Map.of("EncryptionOption", "SSE_KMS"))))))));
  }

  @Test
  void eachRoleTrustsOnlyItsServiceAccountThroughTheClustersOidcProvider() {
    for (ServiceRole role : ServiceRole.values()) {
      irsa.hasResourceProperties("AWS::IAM::Role", Map.of("AssumeRolePolicyDocument", Map.of("Statement", List.of(Map.of(
          "Action", "sts:AssumeRoleWithWebIdentity", "Effect", "Allow",
          "Principal", Map.of("Federated", TestStacks.OIDC_PROVIDER),
          "Condition", Map.of("StringEquals", Map.of(
              TestStacks.OIDC_ISSUER + ":sub", "system:serviceaccount:lakehouse:lakehouse-" + role.serviceAccountSuffix(),
              TestStacks.OIDC_ISSUER + ":aud", "sts.amazonaws.com")))))));
    }
    irsa.resourceCountIs("AWS::IAM::Role", ServiceRole.values().length);
  }

  @Test
  void withPodIdentityEachRoleIsAssociatedWithItsServiceAccountAndTheStreamsAppNeedsNoRoleWithoutMskIam() {
    List<ServiceRole> withRoles = List.of(ServiceRole.CONNECT, ServiceRole.MAINTENANCE, ServiceRole.MAINTENANCE_ERASURE,
        ServiceRole.DBT, ServiceRole.ATHENA_READER);
    for (ServiceRole role : withRoles) {
      podIdentity.hasResourceProperties("AWS::EKS::PodIdentityAssociation", Map.of("ClusterName", "lakehouse-eks",
          "Namespace", "data", "ServiceAccount", "lh-" + role.serviceAccountSuffix()));
    }
    podIdentity.resourceCountIs("AWS::EKS::PodIdentityAssociation", withRoles.size());
    podIdentity.hasResourceProperties("AWS::IAM::Role", Map.of("AssumeRolePolicyDocument", Map.of("Statement", List.of(Map.of(
        "Action", List.of("sts:AssumeRole", "sts:TagSession"), "Effect", "Allow",
        "Principal", Map.of("Service", "pods.eks.amazonaws.com"))))));
    podIdentity.resourceCountIs("AWS::IAM::ManagedPolicy", withRoles.size());
  }

  @Test
  void theManagedPoliciesAreTheIamTemplatesStatementForStatement() throws Exception {
    List<String> expected = new ArrayList<>();
    for (ServiceRole role : ServiceRole.values()) {
      for (String file : role.policyFiles(true)) {
        JsonNode template = JSON.readTree(Files.readString(TestStacks.iamDir().resolve(file)));
        template.get("Statement").forEach(statement -> expected.add(file + " " + statement.get("Sid").asText()));
      }
    }
    List<String> actual = new ArrayList<>();
    irsa.findResources("AWS::IAM::ManagedPolicy").values().forEach(policy -> {
      JsonNode node = JSON.valueToTree(policy);
      String file = node.at("/Properties/Description").asText().replace("deploy/iam/", "");
      node.at("/Properties/PolicyDocument/Statement").forEach(statement -> actual.add(file + " " + statement.get("Sid").asText()));
      assertThat(node.toString()).doesNotContain("{{");
    });
    assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void theAlarmsWatchLagCommitAgeAndMaintenance() {
    irsa.hasResourceProperties("AWS::CloudWatch::Alarm", Map.of("Namespace", "AWS/Kafka", "MetricName", "EstimatedMaxTimeLag",
        "Dimensions", Match.arrayWith(List.of(Map.of("Name", "Consumer Group", "Value", "lakehouse-streams")))));
    irsa.hasResourceProperties("AWS::CloudWatch::Alarm", Map.of("Namespace", "AWS/Kafka", "MetricName", "EstimatedMaxTimeLag",
        "Dimensions", Match.arrayWith(List.of(Map.of("Name", "Consumer Group", "Value", "connect-lakehouse-iceberg-sink")))));
    irsa.hasResourceProperties("AWS::CloudWatch::Alarm", Map.of("AlarmName", "lakehouse-commit-age-pipeline_ledger",
        "MetricName", "PutRequests", "ComparisonOperator", "LessThanThreshold", "TreatMissingData", "breaching", "EvaluationPeriods", PipelineAlarms.COMMIT_AGE_INTERVALS, "Period", 60));
    irsa.hasResourceProperties("AWS::S3::Bucket", Map.of("MetricsConfigurations", Match.arrayWith(List.of(Map.of(
        "Id", "commits-pipeline-ledger", "Prefix", "warehouse/lakehouse.db/pipeline_ledger/metadata/")))));
    irsa.hasResourceProperties("AWS::Logs::MetricFilter", Map.of("FilterPattern", "\"runId\" \"FAILED\""));
    irsa.hasResourceProperties("AWS::CloudWatch::Alarm", Map.of("AlarmName", "lakehouse-maintenance-missing", "TreatMissingData", "breaching"));
    irsa.resourceCountIs("AWS::CloudWatch::Alarm", PipelineAlarms.STREAMS_INPUT_TOPICS.size() + PipelineAlarms.SINK_TOPICS.size() + 2 + 2);
    podIdentity.resourceCountIs("AWS::CloudWatch::Alarm", 1 + 2);
  }

  @Test
  void cdkJsonsContextIsWhatTheSettingsRead() throws Exception {
    JsonNode context = JSON.readTree(Files.readString(java.nio.file.Path.of("cdk.json"))).get("context");
    List<String> keys = new ArrayList<>();
    context.fieldNames().forEachRemaining(keys::add);

    StackSettings settings = StackSettings.fromContext(key -> key.equals("oidcProviderArn") ? TestStacks.OIDC_PROVIDER
        : context.has(key) ? context.get(key).asText() : null);

    assertThat(keys).containsAll(java.util.Arrays.stream(StackSettings.class.getRecordComponents())
        .map(java.lang.reflect.RecordComponent::getName).toList());
    assertThat(settings.commitAgeTables()).containsExactly("pipeline_ledger", "orders_enriched");
    assertThat(settings.bytesScannedCutoffPerQuery()).isEqualTo(10L * 1024 * 1024 * 1024);
    assertThat(settings.mskIam()).isFalse();
  }

  @Test
  void aReplayIdThatCannotNameADatabaseIsRefused() {
    StackSettings base = TestStacks.irsaWithMsk();
    assertThatThrownBy(() -> new StackSettings(base.iamDir(), base.namespace(), base.serviceAccountPrefix(), base.oidcProviderArn(),
        "", "", "warehouse", "analytics", "analytics", "athena-results", "lakehouse", base.bytesScannedCutoffPerQuery(),
        "", "", "lakehouse-iceberg-sink", "lakehouse-streams", 60, List.of("Replay-2"), "/logs", List.of(), ""))
        .hasMessageContaining("replay id 'Replay-2'");
    assertThatThrownBy(() -> StackSettings.fromContext(key -> null))
        .hasMessageContaining("set exactly one of the context values oidcProviderArn");
  }
}
