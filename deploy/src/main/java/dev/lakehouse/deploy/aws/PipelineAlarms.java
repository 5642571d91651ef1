package dev.lakehouse.deploy.aws;

import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.Metric;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.kms.Alias;
import software.amazon.awscdk.services.logs.FilterPattern;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.MetricFilter;
import software.amazon.awscdk.services.sns.Subscription;
import software.amazon.awscdk.services.sns.SubscriptionProtocol;
import software.amazon.awscdk.services.sns.Topic;
import software.constructs.Construct;

/**
 * Alarms for the runbook's failure modes (docs/operations.md, sections 6 and 7), to one SNS topic:
 * consumer lag of the Streams app and of the sink (MSK's per-group time lag), the age of the sink's
 * last commit per table (no PUT under the table's metadata folder), and maintenance runs that failed
 * or stopped arriving (the job's JSON report in the cluster's container logs).
 */
public final class PipelineAlarms extends Construct {
  public static final List<String> STREAMS_INPUT_TOPICS = List.of("orders", "payments");
  public static final List<String> SINK_TOPICS = List.of("orders-enriched", "revenue-by-merchant-1m",
      "payments-by-outcome-1m", "late-events", "order-payments", "dead-letters", "pipeline-ledger", "customers-versions",
      "merchants-versions");
  /** Streams lag: about the 2 minutes of input the runbook allows, for 5 minutes. */
  public static final int STREAMS_LAG_SECONDS = 120;
  public static final String METRICS_NAMESPACE = "Lakehouse";
  /**
   * Commit intervals without a commit before the commit-age alarm: one lost Connect worker delays
   * commits by up to 5 intervals (scheduled.rebalance.max.delay.ms, then a commit round; the arithmetic
   * is in docs/operations.md, section 6), which must not page.
   */
  public static final int COMMIT_AGE_INTERVALS = 6;
  /** The maintenance schedule's interval; a run report missing for two of them alarms. */
  public static final int MAINTENANCE_INTERVAL_MINUTES = 10;

  private final Topic topic;

  public PipelineAlarms(Construct scope, String id, StackSettings settings, WarehouseStorage storage) {
    super(scope, id);
    topic = Topic.Builder.create(this, "Topic").displayName("lakehouse alarms")
        .masterKey(Alias.fromAliasName(this, "SnsKey", "alias/aws/sns")).build();
    if (!settings.alarmEmail().isEmpty()) {
      Subscription.Builder.create(this, "Email").topic(topic).protocol(SubscriptionProtocol.EMAIL)
          .endpoint(settings.alarmEmail()).build();
    }
    if (settings.mskIam()) {
      for (String input : STREAMS_INPUT_TOPICS) {
        lagAlarm(settings, settings.streamsApplicationId(), input, STREAMS_LAG_SECONDS, 5);
      }
      // the sink commits once per interval: a lag of three intervals for 10 minutes is a stall
      for (String output : SINK_TOPICS) {
        lagAlarm(settings, "connect-" + settings.connectorName(), output, 3 * settings.commitIntervalSeconds(), 10);
      }
    }
    for (String table : settings.commitAgeTables()) {
      commitAgeAlarm(settings, storage, table);
    }
    maintenanceAlarms(settings);
  }

  private void lagAlarm(StackSettings settings, String group, String kafkaTopic, int seconds, int minutes) {
    Metric lag = Metric.Builder.create().namespace("AWS/Kafka").metricName("EstimatedMaxTimeLag")
        .dimensionsMap(Map.of("Cluster Name", settings.mskClusterName(), "Consumer Group", group, "Topic", kafkaTopic))
        .statistic("Maximum").period(Duration.minutes(1)).build();
    alarm("lag-" + group + "-" + kafkaTopic, lag, "Consumer group " + group + " is more than " + seconds
        + " s behind on " + kafkaTopic + " (docs/operations.md, section 6)", seconds, ComparisonOperator.GREATER_THAN_THRESHOLD,
        minutes, TreatMissingData.NOT_BREACHING);
  }

  /** No commit for {@link #COMMIT_AGE_INTERVALS} commit intervals: every commit PUTs a file under the table's metadata folder. */
  private void commitAgeAlarm(StackSettings settings, WarehouseStorage storage, String table) {
    Metric puts = Metric.Builder.create().namespace("AWS/S3").metricName("PutRequests")
        .dimensionsMap(Map.of("BucketName", storage.bucket().getBucketName(), "FilterId", WarehouseStorage.commitMetricsId(table)))
        .statistic("Sum").period(Duration.seconds(settings.commitIntervalSeconds())).build();
    alarm("commit-age-" + table, puts, "No Iceberg commit to " + StackSettings.SINK_DATABASE + "." + table + " for "
        + COMMIT_AGE_INTERVALS + " commit intervals: a stalled sink (docs/operations.md, section 7, 'Timeouts that never "
        + "fail the task')", 1, ComparisonOperator.LESS_THAN_THRESHOLD, COMMIT_AGE_INTERVALS, TreatMissingData.BREACHING);
  }

  private void maintenanceAlarms(StackSettings settings) {
    var logs = LogGroup.fromLogGroupName(this, "ApplicationLogs", settings.applicationLogGroup());
    // one JSON line per run ("runId"); a table that failed is reported with "status":"FAILED"
    Metric failures = MetricFilter.Builder.create(this, "MaintenanceFailures").logGroup(logs)
        .filterPattern(FilterPattern.allTerms("runId", "FAILED"))
        .metricNamespace(METRICS_NAMESPACE).metricName("MaintenanceFailedRuns").metricValue("1").defaultValue(0).build()
        .metric(software.amazon.awscdk.services.cloudwatch.MetricOptions.builder().statistic("Sum")
            .period(Duration.minutes(MAINTENANCE_INTERVAL_MINUTES)).build());
    alarm("maintenance-failed", failures, "A maintenance run failed on a table (its JSON report names it; "
        + "docs/operations.md, section 7, 'Maintenance failed')", 1, ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD, 1,
        TreatMissingData.NOT_BREACHING);
    Metric runs = MetricFilter.Builder.create(this, "MaintenanceRuns").logGroup(logs)
        .filterPattern(FilterPattern.allTerms("runId", "startedAtMs"))
        .metricNamespace(METRICS_NAMESPACE).metricName("MaintenanceRuns").metricValue("1").build()
        .metric(software.amazon.awscdk.services.cloudwatch.MetricOptions.builder().statistic("Sum")
            .period(Duration.minutes(2 * MAINTENANCE_INTERVAL_MINUTES)).build());
    alarm("maintenance-missing", runs, "No maintenance report for two schedule intervals: the CronJob stopped or its "
        + "reports no longer reach the logs", 1, ComparisonOperator.LESS_THAN_THRESHOLD, 1, TreatMissingData.BREACHING);
  }

  private void alarm(String name, Metric metric, String description, double threshold, ComparisonOperator comparison,
      int periods, TreatMissingData missing) {
    Alarm alarm = Alarm.Builder.create(this, name).alarmName("lakehouse-" + name).alarmDescription(description)
        .metric(metric).threshold(threshold).comparisonOperator(comparison)
        .evaluationPeriods(periods).datapointsToAlarm(periods).treatMissingData(missing).build();
    alarm.addAlarmAction(new SnsAction(topic));
  }

  public Topic topic() {
    return topic;
  }
}
