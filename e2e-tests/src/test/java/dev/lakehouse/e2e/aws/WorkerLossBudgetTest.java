package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.connect.config.ConnectorConfigTemplate;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One Connect worker lost (or a restart that overruns its reservation) is no outage that pages:
 * the production worker's {@code scheduled.rebalance.max.delay.ms}, the AWS connector's commit
 * cadence, the commit-age alert of docs/operations.md and dbt's source freshness of
 * {@code orders_enriched} fit together, by the arithmetic written in docs/operations.md, section 6.
 */
class WorkerLossBudgetTest {
  /** Kafka Connect's default {@code session.timeout.ms} of the worker group: how long a lost worker goes unnoticed. */
  private static final Duration CONNECT_SESSION_TIMEOUT_DEFAULT = Duration.ofSeconds(10);
  /** A task moved to another worker starts, and its coordinator is elected, in well under this. */
  private static final Duration TASK_START = Duration.ofSeconds(20);

  @Test
  void aLostWorkersWorstCommitAgeStaysBelowTheAlertWhichFiresBeforeTheFreshnessError() throws IOException {
    Properties worker = new Properties();
    try (Reader reader = Files.newBufferedReader(RepoDir.get().resolve("connect-config/config/worker-production.properties"))) {
      worker.load(reader);
    }
    Map<String, String> connector = ConnectorConfigTemplate.bundled(Environment.AWS).render("lakehouse-iceberg-sink",
        TemplateValues.of(Environment.AWS, Map.of(TemplateValues.BOOTSTRAP_SERVERS, "b-1:9098",
            TemplateValues.REGION, "eu-west-1", TemplateValues.WAREHOUSE, "s3://acme-lakehouse/warehouse")));
    Duration reservation = Duration.ofMillis(Long.parseLong(worker.getProperty("scheduled.rebalance.max.delay.ms")));
    Duration sessionTimeout = worker.containsKey("session.timeout.ms")
        ? Duration.ofMillis(Long.parseLong(worker.getProperty("session.timeout.ms"))) : CONNECT_SESSION_TIMEOUT_DEFAULT;
    Duration commitInterval = Duration.ofMillis(Long.parseLong(connector.get("iceberg.control.commit.interval-ms")));
    Duration commitTimeout = Duration.ofMillis(Long.parseLong(connector.get("iceberg.control.commit.timeout-ms")));

    // the last commit just before the loss was one interval old; the moved coordinator commits one interval
    // after it started, and waits up to the timeout for the tasks' answers
    Duration worstCommitAge = commitInterval.multipliedBy(2).plus(commitTimeout).plus(sessionTimeout)
        .plus(reservation).plus(TASK_START);
    Duration alert = commitAgeAlert();
    Duration freshnessError = ordersEnrichedErrorAfter();

    assertThat(reservation).as("scheduled.rebalance.max.delay.ms covers a worker's restart (a minute)")
        .isGreaterThanOrEqualTo(Duration.ofMinutes(1));
    assertThat(worstCommitAge).as("worst commit age of one lost worker, against the commit-age alert").isLessThan(alert);
    assertThat(alert).as("the commit-age alert fires before dbt's freshness error of orders_enriched")
        .isLessThan(freshnessError);
  }

  /** The threshold in docs/operations.md's alert table, row "last sink commit age per table". */
  private static Duration commitAgeAlert() throws IOException {
    String operations = Files.readString(RepoDir.get().resolve("docs/operations.md"));
    Matcher row = Pattern.compile("(?m)^\\| last sink commit age per table \\|.*\\| older than (\\d+) minutes").matcher(operations);
    assertThat(row.find()).as("the commit-age alert row of docs/operations.md, section 6").isTrue();
    return Duration.ofMinutes(Long.parseLong(row.group(1)));
  }

  /** {@code error_after} of orders_enriched in dbt's sources (minutes). */
  private static Duration ordersEnrichedErrorAfter() throws IOException {
    String sources = Files.readString(RepoDir.get().resolve("dbt/models/staging/__sources.yml"));
    Matcher table = Pattern.compile("- name: orders_enriched\\n(?:(?!\\n\\s*- name:).)*?error_after: \\{count: (\\d+), period: minute}",
        Pattern.DOTALL).matcher(sources);
    assertThat(table.find()).as("error_after of orders_enriched in dbt/models/staging/__sources.yml").isTrue();
    return Duration.ofMinutes(Long.parseLong(table.group(1)));
  }
}
