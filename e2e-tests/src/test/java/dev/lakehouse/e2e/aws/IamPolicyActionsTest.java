package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.connect.config.ConnectorConfigTemplate;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each policy allows what its component calls, evaluated on the rendered document (action, resource
 * and conditions, as IAM would): dbt-athena's Glue, S3 and Athena calls read from the installed
 * adapter's own code, plus what Athena itself does for the caller; the Kafka resources the Streams
 * app, the Connect workers, the Iceberg sink and the connect-config CLI use on MSK, named from the
 * code's topic constants and the bundled configs. The sink's and the maintenance job's Glue and S3
 * calls are recorded from the real processes on moto and checked in {@code IcebergSinkOnGlueIT}.
 */
class IamPolicyActionsTest {
  private static final Map<String, String> VALUES = IamPolicyDocumentsTest.SAMPLE_VALUES;
  private static final String GLUE = "arn:aws:glue:eu-west-1:123456789012:";
  private static final String KAFKA = "arn:aws:kafka:eu-west-1:123456789012:%s/lakehouse/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d-2/%s";
  private static final String ANALYTICS_MODEL = GLUE + "table/analytics/fct_orders";
  private static final Path DBT_ATHENA = sitePackages().resolve("dbt/adapters/athena");
  private static final Pattern GLUE_CALL = Pattern.compile("glue_client\\.(?!get_paginator)([a-z_]+)\\(|glue_client\\.get_paginator\\(\"([a-z_]+)\"\\)");
  private static final Pattern ATHENA_CALL = Pattern.compile("athena(?:_client)?\\.([a-z_]+)\\(");
  /**
   * dbt-athena calls our models never make, and why; any other call must be allowed. An adapter
   * upgrade that adds a call fails this test until the policy or this list says what to do.
   */
  private static final Map<String, String> DBT_CALLS_NOT_MADE = Map.ofEntries(
      Map.entry("glue:GetPartitions", "Hive tables' partitions; every model is an Iceberg table or a view"),
      Map.entry("glue:BatchDeletePartition", "Hive tables' partitions"),
      Map.entry("glue:BatchCreatePartition", "Hive tables' partitions"),
      Map.entry("glue:DeleteDatabase", "dropping a schema; the Glue databases are created and kept outside dbt"),
      Map.entry("athena:StartSession", "Python models on Athena for Spark; every model here is SQL"),
      Map.entry("athena:GetSessionStatus", "Python models"),
      Map.entry("athena:StartCalculationExecution", "Python models"),
      Map.entry("athena:GetCalculationExecution", "Python models"),
      Map.entry("athena:StopCalculationExecution", "Python models"));

  @Test
  void dbtAthenaMayMakeEveryGlueAndAthenaCallOfTheAdapterOnTheAnalyticsModels() throws IOException {
    IamPolicy policy = IamPolicy.rendered("dbt-athena.json", VALUES);
    Set<String> calls = adapterCalls();
    assertThat(calls).as("calls found in %s", DBT_ATHENA).contains("glue:GetDatabases", "glue:GetTable", "athena:GetWorkGroup");

    List<String> denied = new ArrayList<>();
    for (String action : calls) {
      if (DBT_CALLS_NOT_MADE.containsKey(action)) {
        continue;
      }
      String resource = action.startsWith("athena:") ? athenaResource(action)
          : action.equals("glue:GetDatabases") ? GLUE + "catalog" : ANALYTICS_MODEL;
      for (String needed : glueResources(action, resource)) {
        if (!policy.allows(action, needed, Map.of())) {
          denied.add(action + " on " + needed);
        }
      }
    }
    assertThat(denied).as("dbt-athena calls that dbt-athena.json denies").isEmpty();
    // its S3 calls: a table's old data location is listed and deleted before a CTAS (delete_from_s3)
    String location = "analytics/analytics/fct_orders/";
    assertAllowed(policy, List.of(new Need("s3:ListBucket", "arn:aws:s3:::acme-lakehouse", Map.of("s3:prefix", location)),
        need("s3:DeleteObject", "arn:aws:s3:::acme-lakehouse/" + location + "data/a.parquet")));
  }

  @Test
  void athenaCanRunDbtsQueriesForTheCaller() {
    IamPolicy policy = IamPolicy.rendered("dbt-athena.json", VALUES);

    assertAllowed(policy, athenaQueryNeeds());
    assertAllowed(policy, List.of(
        // CTAS and MERGE into an Iceberg model: Athena creates and updates the Glue table and writes its files
        need("glue:CreateTable", ANALYTICS_MODEL), need("glue:UpdateTable", ANALYTICS_MODEL),
        need("glue:DeleteTable", GLUE + "table/analytics/fct_orders__dbt_tmp"),
        need("s3:PutObject", "arn:aws:s3:::acme-lakehouse/analytics/analytics/fct_orders/data/a.parquet"),
        need("s3:DeleteObject", "arn:aws:s3:::acme-lakehouse/analytics/analytics/fct_orders/data/a.parquet"),
        // reading the sink's tables, listing their files
        need("glue:GetTable", GLUE + "table/lakehouse/orders_enriched"),
        need("s3:GetObject", "arn:aws:s3:::acme-lakehouse/warehouse/lakehouse/orders_enriched/data/a.parquet")));
    assertDenied(policy, List.of(need("glue:UpdateTable", GLUE + "table/lakehouse/orders_enriched"),
        need("s3:PutObject", "arn:aws:s3:::acme-lakehouse/warehouse/lakehouse/orders_enriched/data/a.parquet")));
  }

  @Test
  void athenaCanRunAReadersQueriesAndTheReaderWritesNothingElse() {
    IamPolicy policy = IamPolicy.rendered("athena-reader.json", VALUES);

    assertAllowed(policy, athenaQueryNeeds());
    assertAllowed(policy, List.of(need("glue:GetTable", GLUE + "table/analytics/pipeline_freshness"),
        need("glue:GetTable", GLUE + "table/lakehouse/orders_enriched")));
    assertDenied(policy, List.of(need("s3:PutObject", "arn:aws:s3:::acme-lakehouse/warehouse/x"),
        need("s3:DeleteObject", "arn:aws:s3:::acme-athena-results/results/x"), need("glue:UpdateTable", ANALYTICS_MODEL)));
  }

  /**
   * What a SQL client browsing the catalog calls besides the query (PyAthena's SQLAlchemy dialect
   * under the dashboard lists schemas, tables and columns through Athena; the console lists the
   * workgroups and catalogs too).
   */
  @Test
  void aReaderMayBrowseTheDataCatalogAndListWorkgroups() {
    IamPolicy policy = IamPolicy.rendered("athena-reader.json", VALUES);

    List<Need> needs = new ArrayList<>();
    for (String action : List.of("athena:GetDataCatalog", "athena:ListDatabases", "athena:GetDatabase",
        "athena:ListTableMetadata", "athena:GetTableMetadata", "athena:ListWorkGroups", "athena:ListDataCatalogs")) {
      needs.add(need(action, athenaResource(action)));
    }
    assertAllowed(policy, needs);
  }

  /**
   * The dashboard README's Athena example uses the workgroup and result location the reader policy
   * grants, rendered with deploy/README.md's example values (the same as {@link #VALUES}).
   */
  @Test
  void theDashboardsAthenaExampleUsesWhatTheReaderPolicyGrants() throws IOException {
    IamPolicy policy = IamPolicy.rendered("athena-reader.json", VALUES);
    String readme = Files.readString(RepoDir.get().resolve("dashboard/README.md"));
    Matcher workGroup = Pattern.compile("ATHENA_WORK_GROUP=(\\S+)").matcher(readme);
    Matcher staging = Pattern.compile("ATHENA_S3_STAGING_DIR=s3://([^/\\s]+)/(\\S+)").matcher(readme);
    assertThat(workGroup.find()).as("ATHENA_WORK_GROUP in dashboard/README.md").isTrue();
    assertThat(staging.find()).as("ATHENA_S3_STAGING_DIR in dashboard/README.md").isTrue();

    String bucket = staging.group(1);
    String resultFile = staging.group(2) + (staging.group(2).endsWith("/") ? "" : "/") + "q1.csv";
    assertAllowed(policy, List.of(
        need("athena:StartQueryExecution", "arn:aws:athena:eu-west-1:123456789012:workgroup/" + workGroup.group(1)),
        need("s3:PutObject", "arn:aws:s3:::" + bucket + "/" + resultFile),
        need("s3:GetObject", "arn:aws:s3:::" + bucket + "/" + resultFile)));
  }

  @Test
  void theStreamsAppMayUseItsTopicsGroupAndTransactionsOnMsk() {
    IamPolicy policy = IamPolicy.rendered("msk-streams-app.json", VALUES);
    String applicationId = "lakehouse-streams"; // streams-app AppConfig's default streams.application.id
    List<Need> needs = new ArrayList<>(clusterNeeds());
    Topics.INPUTS.forEach(t -> needs.addAll(List.of(topic("DescribeTopic", t), topic("ReadData", t))));
    Topics.OUTPUTS.forEach(t -> needs.addAll(List.of(topic("DescribeTopic", t), topic("WriteData", t))));
    String changelog = applicationId + "-orders-customer-join-store-changelog";
    String repartition = applicationId + "-orders-by-merchant-repartition";
    for (String internal : List.of(changelog, repartition)) {
      Stream.of("CreateTopic", "DescribeTopic", "DescribeTopicDynamicConfiguration", "ReadData", "WriteData")
          .forEach(action -> needs.add(topic(action, internal)));
    }
    needs.add(topic("DeleteTopic", repartition)); // Streams purges what it consumed (DeleteRecords)
    needs.addAll(List.of(kafka("DescribeGroup", "group", applicationId), kafka("AlterGroup", "group", applicationId)));
    // exactly_once_v2: <application.id>-<process id>-<thread index>
    String transactionalId = applicationId + "-6f1c2b6e-6d1c-4b55-9d0a-2a4f7b1c9e3d-1";
    needs.addAll(List.of(kafka("DescribeTransactionalId", "transactional-id", transactionalId),
        kafka("AlterTransactionalId", "transactional-id", transactionalId)));

    assertAllowed(policy, needs);
    assertDenied(policy, List.of(topic("WriteData", Topics.ORDERS), topic("ReadData", "lakehouse-iceberg-sink-control"),
        topic("CreateTopic", Topics.ORDERS_ENRICHED), kafka("AlterGroup", "group", "connect-lakehouse-iceberg-sink")));
  }

  @Test
  void theConnectWorkersTheSinkAndItsCliMayUseTheirTopicsGroupsAndTransactionsOnMsk() throws IOException {
    IamPolicy policy = IamPolicy.rendered("msk-connect-worker.json", VALUES);
    String name = VALUES.get("connector_name");
    Map<String, String> connector = ConnectorConfigTemplate.bundled(Environment.AWS).render(name, TemplateValues.of(
        Environment.AWS, Map.of(TemplateValues.BOOTSTRAP_SERVERS, "b-1:9098", TemplateValues.REGION, "eu-west-1",
            TemplateValues.WAREHOUSE, "s3://acme-lakehouse/warehouse")));
    Properties worker = new Properties();
    try (Reader reader = Files.newBufferedReader(RepoDir.get().resolve("connect-config/config/worker-production.properties"))) {
      worker.load(reader);
    }
    List<Need> needs = new ArrayList<>(clusterNeeds());
    for (String key : List.of("config.storage.topic", "offset.storage.topic", "status.storage.topic")) {
      Stream.of("CreateTopic", "DescribeTopic", "DescribeTopicDynamicConfiguration", "ReadData", "WriteData")
          .forEach(action -> needs.add(topic(action, worker.getProperty(key))));
    }
    String workerGroup = worker.getProperty("group.id");
    String sinkGroup = "connect-" + name; // the sink's connectGroupId(): Connect's group of a sink connector
    // the sink's control-topic consumers: each task's <group-id-prefix><uuid>, the coordinator's <connectGroupId>-coord
    String taskControlGroup = connector.get("iceberg.control.group-id-prefix") + "9d0a2a4f-7b1c-4e3d-8f1c-2b6e6d1c4b55";
    String coordinatorGroup = sinkGroup + "-coord";
    for (String group : List.of(workerGroup, sinkGroup, taskControlGroup, coordinatorGroup)) {
      needs.addAll(List.of(kafka("DescribeGroup", "group", group), kafka("AlterGroup", "group", group)));
    }
    Topics.OUTPUTS.forEach(t -> needs.addAll(List.of(topic("DescribeTopic", t), topic("ReadData", t))));
    String control = connector.get("iceberg.control.topic");
    Stream.of("CreateTopic", "DescribeTopic", "ReadData", "WriteData").forEach(a -> needs.add(topic(a, control)));
    String dlq = connector.get("errors.deadletterqueue.topic.name");
    Stream.of("CreateTopic", "DescribeTopic", "WriteData").forEach(a -> needs.add(topic(a, dlq)));
    // the sink's producers: <transactional prefix><worker|coordinator>-txn-<uuid>-<task>
    for (String role : List.of("worker", "coordinator")) {
      String transactionalId = connector.get("iceberg.coordinator.transactional.prefix") + role + "-txn-2a4f7b1c-0";
      needs.addAll(List.of(kafka("DescribeTransactionalId", "transactional-id", transactionalId),
          kafka("AlterTransactionalId", "transactional-id", transactionalId)));
    }

    assertAllowed(policy, needs);
    assertDenied(policy, List.of(topic("WriteData", Topics.ORDERS_ENRICHED), topic("ReadData", Topics.ORDERS),
        kafka("AlterGroup", "group", "lakehouse-streams"),
        kafka("AlterTransactionalId", "transactional-id", "lakehouse-streams-6f1c2b6e-1")));
  }

  /**
   * The runbook's recovery after a recreated control topic applies the connector under a new name, and a
   * replay runs a second connector: both named after the rendered connector_name, so the policy grants the
   * names it begins (lakehouse-iceberg-sink*), not one name; another connector's names stay denied.
   */
  @Test
  void aConnectorAppliedUnderANewNameOfTheSamePrefixMayUseItsTopicsGroupsAndTransactions() {
    IamPolicy policy = IamPolicy.rendered("msk-connect-worker.json", VALUES);
    List<Need> needs = new ArrayList<>();
    for (String name : List.of("lakehouse-iceberg-sink-2", "lakehouse-iceberg-sink-replay-3")) {
      Stream.of("CreateTopic", "DescribeTopic", "ReadData", "WriteData").forEach(a -> needs.add(topic(a, name + "-control")));
      Stream.of("CreateTopic", "DescribeTopic", "WriteData").forEach(a -> needs.add(topic(a, name + "-dlq")));
      for (String group : List.of("connect-" + name, "connect-" + name + "-coord", name + "-control-9d0a2a4f")) {
        needs.addAll(List.of(kafka("DescribeGroup", "group", group), kafka("AlterGroup", "group", group)));
      }
      needs.add(kafka("AlterTransactionalId", "transactional-id", name + "-coordinator-txn-2a4f7b1c-0"));
    }

    assertAllowed(policy, needs);
    assertDenied(policy, List.of(topic("WriteData", "other-sink-control"), topic("ReadData", "lakehouse-iceberg-sink-2-dlq"),
        kafka("AlterGroup", "group", "connect-other-sink"),
        kafka("AlterTransactionalId", "transactional-id", "other-sink-worker-txn-2a4f7b1c-0")));
  }

  record Need(String action, String resource, Map<String, String> context) {}

  private static Need need(String action, String resource) {
    return new Need(action, resource, Map.of());
  }

  private static Need topic(String action, String topic) {
    return kafka(action, "topic", topic);
  }

  private static Need kafka(String action, String kind, String name) {
    return need("kafka-cluster:" + action, String.format(KAFKA, kind, name));
  }

  private static List<Need> clusterNeeds() {
    String cluster = "arn:aws:kafka:eu-west-1:123456789012:cluster/lakehouse/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d-2";
    return List.of(need("kafka-cluster:Connect", cluster), need("kafka-cluster:DescribeCluster", cluster),
        need("kafka-cluster:WriteDataIdempotently", cluster));
  }

  /**
   * What a query needs: pyathena's cursor (start, poll, fetch, cancel), and what Athena does for the
   * caller (Athena's documented needs: the buckets' regions, the result files, the Glue metadata).
   */
  private static List<Need> athenaQueryNeeds() {
    String workgroup = "arn:aws:athena:eu-west-1:123456789012:workgroup/lakehouse";
    return List.of(need("athena:StartQueryExecution", workgroup), need("athena:GetQueryExecution", workgroup),
        need("athena:GetQueryResults", workgroup), need("athena:StopQueryExecution", workgroup),
        need("athena:GetWorkGroup", workgroup),
        need("s3:GetBucketLocation", "arn:aws:s3:::acme-athena-results"),
        need("s3:GetBucketLocation", "arn:aws:s3:::acme-lakehouse"),
        need("s3:PutObject", "arn:aws:s3:::acme-athena-results/results/q1.csv"),
        need("s3:GetObject", "arn:aws:s3:::acme-athena-results/results/q1.csv"),
        need("s3:AbortMultipartUpload", "arn:aws:s3:::acme-athena-results/results/q1.csv"),
        need("glue:GetDatabase", GLUE + "catalog"), need("glue:GetDatabase", GLUE + "database/lakehouse"),
        need("glue:GetTable", GLUE + "catalog"), need("glue:GetTable", GLUE + "database/lakehouse"),
        need("glue:GetTable", GLUE + "table/lakehouse/orders_enriched"));
  }

  private static void assertAllowed(IamPolicy policy, List<Need> needs) {
    assertThat(needs).as("needs %s denies", policy.file())
        .filteredOn(n -> !policy.allows(n.action(), n.resource(), n.context())).isEmpty();
  }

  private static void assertDenied(IamPolicy policy, List<Need> needs) {
    assertThat(needs).as("what %s must not allow", policy.file())
        .filteredOn(n -> policy.allows(n.action(), n.resource(), n.context())).isEmpty();
  }

  /**
   * The resource IAM checks for an Athena action: the data catalog for the catalog's metadata, "*" for
   * the account-wide lists, the workgroup for everything else (queries, the workgroup itself).
   */
  private static String athenaResource(String action) {
    if (IamPolicyDocumentsTest.ACTIONS_WITHOUT_RESOURCE_TYPES.contains(action)) {
      return "*";
    }
    return Set.of("athena:GetDataCatalog", "athena:ListDatabases", "athena:GetDatabase", "athena:ListTableMetadata",
        "athena:GetTableMetadata").contains(action)
        ? "arn:aws:athena:eu-west-1:123456789012:datacatalog/AwsDataCatalog"
        : "arn:aws:athena:eu-west-1:123456789012:workgroup/lakehouse";
  }

  /** Glue checks the catalog, the database and the table of a request. */
  private static List<String> glueResources(String action, String tableOrCatalog) {
    if (!action.startsWith("glue:") || tableOrCatalog.endsWith(":catalog")) {
      return List.of(tableOrCatalog);
    }
    return List.of(GLUE + "catalog", GLUE + "database/analytics", tableOrCatalog);
  }

  /** Glue and Athena operations the adapter's Python code calls, as IAM action names. */
  private static Set<String> adapterCalls() throws IOException {
    Set<String> actions = new TreeSet<>();
    try (Stream<Path> files = Files.walk(DBT_ATHENA)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".py")).toList()) {
        String code = Files.readString(file);
        Matcher glue = GLUE_CALL.matcher(code);
        while (glue.find()) {
          actions.add("glue:" + pascal(glue.group(1) != null ? glue.group(1) : glue.group(2)));
        }
        Matcher athena = ATHENA_CALL.matcher(code);
        while (athena.find()) {
          actions.add("athena:" + pascal(athena.group(1)));
        }
      }
    }
    return actions;
  }

  private static String pascal(String snake) {
    StringBuilder out = new StringBuilder();
    for (String part : snake.split("_")) {
      out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return out.toString();
  }

  private static Path sitePackages() {
    try (Stream<Path> libs = Files.list(RepoDir.get().resolve(".venv/lib"))) {
      return libs.filter(p -> p.getFileName().toString().startsWith("python")).findFirst()
          .orElseThrow(() -> new IllegalStateException("Cannot find the venv's python lib folder"))
          .resolve("site-packages");
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read the project venv " + RepoDir.get().resolve(".venv")
          + " (./lakehouse setup creates it): " + e.getMessage(), e);
    }
  }
}
