package dev.lakehouse.deploy.aws;

import java.util.List;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.kms.Key;
import software.amazon.awscdk.services.s3.BlockPublicAccess;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.BucketEncryption;
import software.amazon.awscdk.services.s3.BucketMetrics;
import software.amazon.awscdk.services.s3.LifecycleRule;
import software.constructs.Construct;

/**
 * The warehouse bucket: the Iceberg tables (under the warehouse prefix), dbt's models (the analytics
 * prefix) and Athena's query results, encrypted with a customer key (SSE-KMS with an S3 bucket key, so
 * a busy table does not pay a KMS call per object), versioned, and kept lean by lifecycle rules.
 */
public final class WarehouseStorage extends Construct {
  /** A deleted or overwritten object's version is kept this long (an erasure's bytes leave after it). */
  public static final int NONCURRENT_VERSION_DAYS = 1;
  /** Uploads the sink or a compaction abandoned (a killed task) are aborted after this long. */
  public static final int INCOMPLETE_UPLOAD_DAYS = 1;
  /** Athena's query results (which may hold any row someone selected) are deleted after this long. */
  public static final int ATHENA_RESULTS_DAYS = 7;

  private final Key key;
  private final Bucket bucket;

  public WarehouseStorage(Construct scope, String id, StackSettings settings) {
    super(scope, id);
    key = Key.Builder.create(this, "Key")
        .description("lakehouse warehouse bucket (Iceberg tables, dbt models, Athena results)")
        .enableKeyRotation(true)
        .removalPolicy(RemovalPolicy.RETAIN)
        .build();
    Bucket.Builder builder = Bucket.Builder.create(this, "Bucket")
        .encryption(BucketEncryption.KMS)
        .encryptionKey(key)
        .bucketKeyEnabled(true)
        .enforceSsl(true)
        .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
        .versioned(true)
        .removalPolicy(RemovalPolicy.RETAIN)
        .metrics(commitMetrics(settings))
        .lifecycleRules(List.of(
            LifecycleRule.builder().id("expire-noncurrent-versions")
                .noncurrentVersionExpiration(Duration.days(NONCURRENT_VERSION_DAYS))
                .expiredObjectDeleteMarker(true).build(),
            LifecycleRule.builder().id("abort-incomplete-multipart-uploads")
                .abortIncompleteMultipartUploadAfter(Duration.days(INCOMPLETE_UPLOAD_DAYS)).build(),
            LifecycleRule.builder().id("expire-athena-results").prefix(settings.athenaResultsPrefix() + "/")
                .expiration(Duration.days(ATHENA_RESULTS_DAYS)).build()));
    if (!settings.warehouseBucketName().isEmpty()) {
      builder.bucketName(settings.warehouseBucketName());
    }
    bucket = builder.build();
    ((software.amazon.awscdk.CfnResource) bucket.getNode().getDefaultChild()).addMetadata("checkov", java.util.Map.of("skip",
        List.of(java.util.Map.of("id", "CKV_AWS_18", "comment", "server access logs need a bucket of their own; "
            + "the audit trail of the warehouse is CloudTrail's S3 data events, on the account's trail"))));
  }

  /**
   * S3 request metrics of each alarmed table's metadata folder: every Iceberg commit writes a new
   * metadata file there, so a minute without a PUT is a minute without a commit ({@link PipelineAlarms}).
   */
  private static List<BucketMetrics> commitMetrics(StackSettings settings) {
    return settings.commitAgeTables().stream().map(table -> BucketMetrics.builder().id(commitMetricsId(table))
        .prefix(tableMetadataPrefix(settings, table)).build()).toList();
  }

  /** Where GlueCatalog puts a table's metadata: {@code <warehouse>/<database>.db/<table>/metadata/}. */
  static String tableMetadataPrefix(StackSettings settings, String table) {
    return settings.warehousePrefix() + "/" + StackSettings.SINK_DATABASE + ".db/" + table + "/metadata/";
  }

  static String commitMetricsId(String table) {
    return "commits-" + table.replace('_', '-');
  }

  public Key key() {
    return key;
  }

  public Bucket bucket() {
    return bucket;
  }
}
