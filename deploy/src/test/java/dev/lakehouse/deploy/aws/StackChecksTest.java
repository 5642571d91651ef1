package dev.lakehouse.deploy.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.deploy.tools.Checkov;
import dev.lakehouse.deploy.tools.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The synthesized templates as the tools of the trade see them, offline: cfn-lint (0 errors), checkov
 * (0 failed; skips in deploy/checkov.yaml and on the resources), and a deployment into moto's
 * CloudFormation read back through the service APIs (deploy/src/test/python/deploy_on_moto.py says
 * what moto creates itself and what the script applies from the template through the APIs).
 */
class StackChecksTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path dir;
  static Path irsa;
  static Path podIdentity;

  @BeforeAll
  static void synthesize() throws Exception {
    irsa = write("irsa.template.json", TestStacks.template(TestStacks.irsaWithMsk()).toJSON());
    podIdentity = write("pod-identity.template.json", TestStacks.template(TestStacks.podIdentityWithScram()).toJSON());
  }

  private static Path write(String name, Map<String, Object> template) throws Exception {
    return Files.writeString(dir.resolve(name), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(template));
  }

  @Test
  void cfnLintFindsNoError() throws Exception {
    Tools.Result result = Tools.run(List.of(Tools.venv("cfn-lint").toString(), "--format", "parseable",
        irsa.toString(), podIdentity.toString()));

    // cfn-lint's exit code is a bit mask: 2 errors, 4 warnings, 8 informational
    assertThat(result.exitCode() & 2).as(result.output()).isZero();
    assertThat(result.output()).doesNotContain(":E");
  }

  @Test
  void checkovFindsNoFailedCheck() throws Exception {
    Checkov.assertNoFailedCheck("cloudformation", List.of(irsa, podIdentity));
  }

  @Test
  void deployedIntoMotosCloudFormationTheResourcesReadBackAsDeclared() throws Exception {
    Path readBack = dir.resolve("read-back.json");
    Tools.Result deploy = Tools.run(List.of(Tools.venv("python").toString(),
        Tools.repo().resolve("deploy/src/test/python/deploy_on_moto.py").toString(), irsa.toString(), readBack.toString()),
        Map.of(), 300);
    assertThat(deploy.exitCode()).as(deploy.output()).isZero();
    JsonNode state = JSON.readTree(readBack.toFile());

    assertThat(state.get("stack_status").asText()).isEqualTo("CREATE_COMPLETE");
    assertThat(state.get("not_deployed")).extracting(JsonNode::asText).containsExactlyInAnyOrder(
        "AWS::CloudWatch::Alarm", "AWS::Logs::MetricFilter", "AWS::S3::BucketPolicy");
    JsonNode bucket = state.get("buckets").elements().next();
    assertThat(bucket.at("/encryption/Rules/0/ApplyServerSideEncryptionByDefault/SSEAlgorithm").asText()).isEqualTo("aws:kms");
    assertThat(bucket.at("/encryption/Rules/0/BucketKeyEnabled").asBoolean()).isTrue();
    assertThat(bucket.get("versioning").asText()).isEqualTo("Enabled");
    assertThat(bucket.get("lifecycle").toString())
        .contains("\"NoncurrentDays\":" + WarehouseStorage.NONCURRENT_VERSION_DAYS)
        .contains("\"DaysAfterInitiation\":" + WarehouseStorage.INCOMPLETE_UPLOAD_DAYS)
        .contains("\"Prefix\":\"athena-results/\"");
    assertThat(state.get("databases")).extracting(JsonNode::asText).containsExactly("analytics", "lakehouse", "lakehouse_replay_2");
    JsonNode workgroup = state.at("/workgroups/lakehouse/Configuration");
    assertThat(workgroup.get("EnforceWorkGroupConfiguration").asBoolean()).isTrue();
    assertThat(workgroup.get("BytesScannedCutoffPerQuery").asLong()).isEqualTo(10L * 1024 * 1024 * 1024);
    assertThat(workgroup.at("/ResultConfiguration/OutputLocation").asText()).matches("s3://[^/]+/athena-results/");

    JsonNode helmValues = JSON.readTree(state.at("/outputs/HelmValues").asText());
    List<String> roleArns = new ArrayList<>();
    state.get("roles").fieldNames().forEachRemaining(roleArns::add);
    for (ServiceRole role : ServiceRole.values()) {
      String arn = helmValues.at("/serviceAccounts/roleArns/" + role.valuesKey()).asText();
      assertThat(roleArns).as("the role of %s in HelmValues", role).contains(arn);
      JsonNode deployed = state.get("roles").get(arn);
      assertThat(deployed.get("trust").toString()).contains("system:serviceaccount:lakehouse:lakehouse-" + role.serviceAccountSuffix());
      List<String> managed = new ArrayList<>();
      deployed.get("managed").fieldNames().forEachRemaining(managed::add);
      assertThat(managed).containsExactlyInAnyOrderElementsOf(role.policyFiles(true).stream().map(file -> "deploy/iam/" + file).toList());
    }
    assertThat(helmValues.at("/aws/warehouse").asText()).isEqualTo("s3://" + state.get("buckets").fieldNames().next() + "/warehouse");
    assertThat(helmValues.at("/dbt/athenaWorkgroup").asText()).isEqualTo("lakehouse");
    assertTheChartTakesTheOutputAsItsValues(helmValues, roleArns);
  }

  /** docs/operations.md's step: the output saved to a file is the chart's values (with the brokers added). */
  private static void assertTheChartTakesTheOutputAsItsValues(JsonNode helmValues, List<String> roleArns) throws Exception {
    Path values = Files.writeString(dir.resolve("stack-values.json"), helmValues.toString());
    Tools.Result render = Tools.run(List.of(Tools.helm().toString(), "template", "lakehouse",
        Tools.repo().resolve("deploy/helm/lakehouse").toString(), "--namespace", "lakehouse", "-f", values.toString(),
        "--set", "kafka.bootstrapServers=b-1.lakehouse.example.kafka.eu-west-1.amazonaws.com:9098"));

    assertThat(render.exitCode()).as(render.output()).isZero();
    for (String arn : roleArns) {
      assertThat(render.output()).contains("eks.amazonaws.com/role-arn: \"" + arn + "\"");
    }
    assertThat(render.output()).contains("--warehouse=" + helmValues.at("/aws/warehouse").asText());
  }
}
