package dev.lakehouse.deploy.aws;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awscdk.Aws;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.constructs.Construct;

/**
 * The AWS resources of the production path (docs/operations.md, "Deploying on AWS"): the warehouse
 * bucket and its key, the Glue databases and the Athena workgroup, one IAM role per workload built from
 * deploy/iam, and the alarms. Its output HelmValues is the AWS half of the Helm chart's values:
 * {@code helm install -f} the file it is saved to.
 */
public final class LakehouseStack extends Stack {
  public static final String HELM_VALUES_OUTPUT = "HelmValues";

  public LakehouseStack(Construct scope, String id, StackProps props, StackSettings settings) {
    super(scope, id, props);
    WarehouseStorage storage = new WarehouseStorage(this, "Warehouse", settings);
    QueryCatalog catalog = new QueryCatalog(this, "Catalog", settings, storage);
    IamTemplates templates = new IamTemplates(settings.iamDir(), placeholders(settings, storage));
    ServiceRoles roles = new ServiceRoles(this, "Roles", settings, templates, storage);
    PipelineAlarms alarms = new PipelineAlarms(this, "Alarms", settings, storage);

    String warehouse = "s3://" + storage.bucket().getBucketName() + "/" + settings.warehousePrefix();
    String analytics = "s3://" + storage.bucket().getBucketName() + "/" + settings.analyticsPrefix();
    String results = QueryCatalog.resultsUri(settings, storage);
    output("WarehouseBucketName", storage.bucket().getBucketName());
    output("WarehouseUri", warehouse);
    output("AnalyticsUri", analytics);
    output("AthenaWorkgroup", catalog.workGroup().getRef());
    output("AthenaResultsUri", results);
    output("WarehouseKeyArn", storage.key().getKeyArn());
    output("AlarmTopicArn", alarms.topic().getTopicArn());

    Map<String, String> roleArns = new TreeMap<>();
    roles.roles().forEach((role, iamRole) -> roleArns.put(role.valuesKey(), iamRole.getRoleArn()));
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("aws", Map.of("region", Aws.REGION, "warehouse", warehouse));
    values.put("serviceAccounts", Map.of("prefix", settings.serviceAccountPrefix(),
        "mode", settings.irsa() ? "irsa" : "pod-identity", "roleArns", roleArns));
    values.put("connector", Map.of("name", settings.connectorName(), "commitIntervalMs", settings.commitIntervalSeconds() * 1000));
    values.put("streams", Map.of("applicationId", settings.streamsApplicationId()));
    values.put("dbt", Map.of("athenaWorkgroup", catalog.workGroup().getRef(), "schema", settings.analyticsDatabase(),
        "s3StagingDir", results + "dbt/", "s3DataDir", analytics));
    output(HELM_VALUES_OUTPUT, toJsonString(values));
  }

  /** The values of deploy/iam's placeholders (deploy/README.md, "Placeholders") for this stack. */
  private static Map<String, String> placeholders(StackSettings settings, WarehouseStorage storage) {
    Map<String, String> values = new TreeMap<>();
    values.put("account_id", Aws.ACCOUNT_ID);
    values.put("region", Aws.REGION);
    values.put("warehouse_bucket", storage.bucket().getBucketName());
    values.put("warehouse_prefix", settings.warehousePrefix());
    values.put("analytics_database", settings.analyticsDatabase());
    values.put("analytics_prefix", settings.analyticsPrefix());
    values.put("athena_workgroup", settings.athenaWorkgroup());
    values.put("results_bucket", storage.bucket().getBucketName());
    values.put("results_prefix", settings.athenaResultsPrefix());
    values.put("msk_cluster_name", settings.mskClusterName());
    values.put("msk_cluster_uuid", settings.mskClusterUuid());
    values.put("connector_name", settings.connectorName());
    return values;
  }

  private void output(String name, String value) {
    CfnOutput.Builder.create(this, name).value(value).build();
  }
}
