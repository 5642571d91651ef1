package dev.lakehouse.deploy.aws;

import software.amazon.awscdk.Aws;
import software.amazon.awscdk.services.athena.CfnWorkGroup;
import software.amazon.awscdk.services.glue.CfnDatabase;
import software.constructs.Construct;

/**
 * The Glue databases (the sink's {@code lakehouse}, dbt's {@code analytics}, each replay's
 * {@code lakehouse_replay_<id>}) and the Athena workgroup everyone queries in: engine v3, its settings
 * enforced on every client (results location, encryption, the bytes-scanned cutoff per query: on Athena
 * bytes scanned are the bill, and a query without a partition filter on a years-old table is stopped).
 * No role of deploy/iam may create databases: they are created here, once.
 */
public final class QueryCatalog extends Construct {
  private final CfnWorkGroup workGroup;

  public QueryCatalog(Construct scope, String id, StackSettings settings, WarehouseStorage storage) {
    super(scope, id);
    for (String database : settings.databases()) {
      CfnDatabase.Builder.create(this, "Database-" + database)
          .catalogId(Aws.ACCOUNT_ID)
          .databaseInput(CfnDatabase.DatabaseInputProperty.builder().name(database)
              .description("lakehouse: " + description(settings, database)).build())
          .build();
    }
    workGroup = CfnWorkGroup.Builder.create(this, "WorkGroup")
        .name(settings.athenaWorkgroup())
        .description("lakehouse: dbt, the dashboard and analysts")
        .state("ENABLED")
        .recursiveDeleteOption(false)
        .workGroupConfiguration(CfnWorkGroup.WorkGroupConfigurationProperty.builder()
            .enforceWorkGroupConfiguration(true)
            .publishCloudWatchMetricsEnabled(true)
            .bytesScannedCutoffPerQuery(settings.bytesScannedCutoffPerQuery())
            .engineVersion(CfnWorkGroup.EngineVersionProperty.builder().selectedEngineVersion("Athena engine version 3").build())
            .resultConfiguration(CfnWorkGroup.ResultConfigurationProperty.builder()
                .outputLocation(resultsUri(settings, storage))
                .encryptionConfiguration(CfnWorkGroup.EncryptionConfigurationProperty.builder()
                    .encryptionOption("SSE_KMS").kmsKey(storage.key().getKeyArn()).build())
                .build())
            .build())
        .build();
  }

  private static String description(StackSettings settings, String database) {
    if (database.equals(StackSettings.SINK_DATABASE)) {
      return "the Iceberg tables the sink lands";
    }
    return database.equals(settings.analyticsDatabase()) ? "the dbt models and serving views" : "a replay's tables";
  }

  /** Where Athena writes query results: s3://<bucket>/<results prefix>/ (expired by the bucket's lifecycle). */
  static String resultsUri(StackSettings settings, WarehouseStorage storage) {
    return "s3://" + storage.bucket().getBucketName() + "/" + settings.athenaResultsPrefix() + "/";
  }

  public CfnWorkGroup workGroup() {
    return workGroup;
  }
}
