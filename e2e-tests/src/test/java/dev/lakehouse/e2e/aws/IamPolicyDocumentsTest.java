package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The IAM policies of deploy/iam/ are valid documents, grant each component what it needs and
 * nothing beyond the lakehouse database and the warehouse prefix. The expectations below are
 * written from what each component does (the sink commits through Glue, the maintenance job
 * deletes expired files, readers only read), not read back from the files.
 */
class IamPolicyDocumentsTest {
  private static final Path IAM_DIR = RepoDir.get().resolve("deploy/iam");
  private static final Path RENDER_SCRIPT = RepoDir.get().resolve("deploy/render-iam.sh");
  /** A value for every placeholder deploy/README.md documents. */
  static final Map<String, String> SAMPLE_VALUES = Map.ofEntries(
      Map.entry("account_id", "123456789012"),
      Map.entry("region", "eu-west-1"),
      Map.entry("warehouse_bucket", "acme-lakehouse"),
      Map.entry("warehouse_prefix", "warehouse"),
      Map.entry("analytics_database", "analytics"),
      Map.entry("analytics_prefix", "analytics"),
      Map.entry("athena_workgroup", "lakehouse"),
      Map.entry("results_bucket", "acme-athena-results"),
      Map.entry("results_prefix", "results"),
      Map.entry("msk_cluster_name", "lakehouse"),
      Map.entry("msk_cluster_uuid", "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d-2"),
      Map.entry("connector_name", "lakehouse-iceberg-sink"));
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");
  private static final Pattern SID = Pattern.compile("[A-Za-z0-9]+");
  private static final Pattern ACTION = Pattern.compile("[a-z0-9-]+:[A-Za-z0-9]+");
  private static final Pattern READ_VERB = Pattern.compile("(Get|List|Describe|BatchGet|Search)[A-Za-z]*");
  // a wildcard only at the end, or, for the connector's names (a re-apply under a new name, a replay), right
  // after the name before its fixed suffix: lakehouse-iceberg-sink*-control
  private static final Pattern ARN = Pattern.compile(
      "arn:aws:(s3|glue|athena|kafka):[a-z0-9-]*:([0-9]{12})?:[^\\s*]+(/\\*|-\\*|_\\*|_\\*/\\*|\\*|\\*-[a-z]+(-\\*)?)?");
  /**
   * Actions IAM authorizes only on {@code "*"}: they list what the account has and take no resource
   * type (the service authorization reference; parliament's table agrees). A statement of these
   * alone may name "*".
   */
  static final Set<String> ACTIONS_WITHOUT_RESOURCE_TYPES = Set.of("athena:ListWorkGroups", "athena:ListDataCatalogs");
  // an IAM managed policy may hold at most 6,144 characters, whitespace not counted
  private static final int MANAGED_POLICY_MAX_CHARS = 6144;

  static Stream<Path> policyFiles() throws IOException {
    try (Stream<Path> files = Files.list(IAM_DIR)) {
      List<Path> json = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
      assertThat(json).as("policy files in %s", IAM_DIR).hasSizeGreaterThanOrEqualTo(6);
      return json.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("policyFiles")
  void everyDocumentFollowsTheIamGrammar(Path file) {
    IamPolicy policy = IamPolicy.read(file);

    assertThat(policy.version()).as("%s Version", policy.file()).isEqualTo("2012-10-17");
    assertThat(policy.statements()).as("%s Statement", policy.file()).isNotEmpty();
    assertThat(policy.statements()).extracting(IamPolicy.Statement::sid)
        .as("%s Sids", policy.file()).doesNotHaveDuplicates().allMatch(sid -> sid != null && SID.matcher(sid).matches());
    for (IamPolicy.Statement statement : policy.statements()) {
      String where = policy.file() + " statement " + statement.sid();
      assertThat(statement.effect()).as("%s Effect", where).isIn("Allow", "Deny");
      assertThat(statement.actions()).as("%s Action", where).isNotEmpty()
          .allMatch(action -> ACTION.matcher(action).matches(), "service:Action with no wildcard");
      assertThat(statement.resources()).as("%s Resource", where).isNotEmpty();
      if (!ACTIONS_WITHOUT_RESOURCE_TYPES.containsAll(statement.actions())) {
        assertThat(statement.resources()).as("%s Resource", where).noneMatch(resource -> resource.equals("*"));
      }
    }
    assertThat(policy.compactJson().replaceAll("\\s", "").length())
        .as("%s size without whitespace", policy.file()).isLessThanOrEqualTo(MANAGED_POLICY_MAX_CHARS);
  }

  @ParameterizedTest
  @MethodSource("policyFiles")
  void writeActionsNeverApplyToAWildcardResource(Path file) {
    IamPolicy policy = IamPolicy.read(file);
    for (IamPolicy.Statement statement : policy.statements()) {
      boolean writes = statement.actions().stream().anyMatch(a -> !READ_VERB.matcher(verb(a)).matches());
      if (writes) {
        assertThat(statement.resources()).as("%s statement %s writes", policy.file(), statement.sid())
            .noneMatch(r -> r.equals("*") || r.endsWith(":*") || r.endsWith(":::*") || r.endsWith("/*/*"));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("policyFiles")
  void placeholdersAreTheDocumentedOnes(Path file) throws IOException {
    var matcher = PLACEHOLDER.matcher(Files.readString(file));
    while (matcher.find()) {
      assertThat(SAMPLE_VALUES).as("%s uses {{%s}}, which deploy/README.md must document", file.getFileName(),
          matcher.group(1)).containsKey(matcher.group(1));
    }
  }

  @Test
  void theRenderScriptFillsEveryPlaceholderWithWellFormedArns(@TempDir Path out) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("bash", RENDER_SCRIPT.toString(), out.toString()));
    SAMPLE_VALUES.forEach((name, value) -> command.add(name + "=" + value));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("render script finished").isTrue();
    assertThat(process.exitValue()).as(new String(process.getInputStream().readAllBytes())).isZero();

    for (Path template : policyFiles().toList()) {
      IamPolicy rendered = IamPolicy.read(out.resolve(template.getFileName()));
      assertThat(rendered.compactJson()).as(rendered.file()).doesNotContain("{{");
      assertThat(rendered.allResources()).as("%s resources", rendered.file())
          .filteredOn(r -> !r.equals("*")) // only beside the actions that take no resource (the grammar test)
          .allMatch(r -> ARN.matcher(r).matches(), "a full ARN of s3, glue, athena or kafka")
          .allMatch(r -> r.startsWith("arn:aws:s3:::") || r.contains(":eu-west-1:123456789012:"),
              "in the given region and account");
    }
  }

  @Test
  void theRenderScriptRefusesToLeaveAPlaceholderUnfilled(@TempDir Path out) throws Exception {
    Process process = new ProcessBuilder("bash", RENDER_SCRIPT.toString(), out.toString(), "region=eu-west-1")
        .redirectErrorStream(true).start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.exitValue()).isEqualTo(1);
    assertThat(output).contains("Cannot render connect-worker.json: no value for {{account_id}}");
  }

  @Test
  void connectWorkersCommitToLakehouseTablesAndWriteOnlyUnderTheWarehousePrefix() {
    IamPolicy policy = IamPolicy.read(IAM_DIR.resolve("connect-worker.json"));

    assertThat(policy.allActions()).contains("glue:GetTable", "glue:UpdateTable", "glue:CreateTable",
        "s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload");
    assertThat(policy.allActions()).noneMatch(a -> a.startsWith("glue:Delete") || a.startsWith("glue:CreateDatabase")
        || a.startsWith("athena:") || a.startsWith("s3:PutBucket") || a.startsWith("s3:DeleteBucket"));
    assertOnlyLakehouseGlueResources(policy);
    assertThat(policy.resourcesOf("s3:PutObject")).containsExactly("arn:aws:s3:::{{warehouse_bucket}}/{{warehouse_prefix}}/*");
    assertListingIsLimitedToPrefixes(policy);
  }

  @Test
  void maintenanceDeletesUnderTheWarehousePrefixAndCommitsThroughGlue() {
    IamPolicy policy = IamPolicy.read(IAM_DIR.resolve("maintenance-job.json"));

    assertThat(policy.allActions()).contains("glue:GetTable", "glue:UpdateTable", "s3:ListBucket",
        "s3:GetObject", "s3:PutObject", "s3:DeleteObject");
    assertThat(policy.allActions()).noneMatch(a -> a.startsWith("glue:Create") || a.startsWith("glue:Delete")
        || a.startsWith("athena:"));
    assertOnlyLakehouseGlueResources(policy);
    assertThat(policy.resourcesOf("s3:DeleteObject")).containsExactly("arn:aws:s3:::{{warehouse_bucket}}/{{warehouse_prefix}}/*");
    assertListingIsLimitedToPrefixes(policy);
  }

  @Test
  void onlyTheErasureRoleRecordsAndReadsTheErasedIdsAndNoRoleDeletesThem() throws Exception {
    String register = "arn:aws:s3:::{{warehouse_bucket}}/erasure-register/*";
    IamPolicy erasure = IamPolicy.read(IAM_DIR.resolve("maintenance-erasure.json"));

    assertThat(erasure.resourcesOf("s3:PutObject")).contains(register);
    assertThat(erasure.resourcesOf("s3:GetObject")).contains(register);
    assertThat(erasure.resourcesOf("s3:DeleteObject")).doesNotContain(register);
    assertListingIsLimitedToPrefixes(erasure);
    try (var files = Files.list(IAM_DIR)) {
      for (Path file : files.filter(f -> !f.getFileName().toString().equals("maintenance-erasure.json")).toList()) {
        assertThat(IamPolicy.read(file).allResources()).as("resources of %s", file.getFileName())
            .noneMatch(resource -> resource.contains("erasure-register"));
      }
    }
  }

  @Test
  void athenaReadersOnlyReadTablesAndWriteOnlyQueryResults() {
    IamPolicy policy = IamPolicy.read(IAM_DIR.resolve("athena-reader.json"));

    assertThat(policy.allActions()).contains("athena:StartQueryExecution", "athena:GetQueryResults",
        "glue:GetTable", "s3:GetObject", "s3:PutObject");
    assertThat(policy.allActions()).as("Glue access is read-only")
        .filteredOn(a -> a.startsWith("glue:")).allMatch(a -> READ_VERB.matcher(verb(a)).matches());
    assertThat(policy.allActions()).doesNotContain("s3:DeleteObject");
    assertThat(policy.resourcesOf("s3:PutObject")).containsExactly("arn:aws:s3:::{{results_bucket}}/{{results_prefix}}/*");
    assertThat(policy.resourcesOf("athena:StartQueryExecution"))
        .containsExactly("arn:aws:athena:{{region}}:{{account_id}}:workgroup/{{athena_workgroup}}");
    assertListingIsLimitedToPrefixes(policy);
  }

  @Test
  void dbtManagesTablesOnlyInTheAnalyticsDatabaseAndOnlyReadsTheSinkTables() {
    IamPolicy policy = IamPolicy.read(IAM_DIR.resolve("dbt-athena.json"));

    assertThat(policy.resourcesOf("glue:DeleteTable")).noneMatch(r -> r.contains("/lakehouse"));
    assertThat(policy.resourcesOf("glue:CreateTable")).noneMatch(r -> r.contains("/lakehouse"));
    assertThat(policy.resourcesOf("s3:DeleteObject")).noneMatch(r -> r.contains("{{warehouse_prefix}}"));
    assertThat(policy.resourcesOf("s3:PutObject")).noneMatch(r -> r.contains("{{warehouse_prefix}}"));
    assertListingIsLimitedToPrefixes(policy);
  }

  private static void assertOnlyLakehouseGlueResources(IamPolicy policy) {
    assertThat(policy.allResources()).filteredOn(r -> r.startsWith("arn:aws:glue:"))
        .allMatch(r -> r.endsWith(":catalog") || r.endsWith(":database/lakehouse") || r.endsWith(":table/lakehouse/*")
                || r.endsWith(":database/lakehouse_replay_*") || r.endsWith(":table/lakehouse_replay_*/*"),
            "the catalog, the lakehouse database or its tables, or a replay's (docs/operations.md \"Replaying history\")");
  }

  /** s3:ListBucket lists a whole bucket unless an s3:prefix condition narrows it. */
  private static void assertListingIsLimitedToPrefixes(IamPolicy policy) {
    assertThat(policy.statements()).filteredOn(s -> s.actions().contains("s3:ListBucket"))
        .isNotEmpty().allMatch(IamPolicy.Statement::conditional, "has an s3:prefix condition");
  }

  private static String verb(String action) {
    return action.substring(action.indexOf(':') + 1);
  }
}
