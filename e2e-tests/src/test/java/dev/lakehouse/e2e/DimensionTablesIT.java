package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.dbt.DbtBuild;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.OutputTopics;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.harness.ReferenceRecords;
import dev.lakehouse.e2e.oracle.ReferenceVersionsOracle;
import dev.lakehouse.e2e.oracle.ReferenceVersionsOracle.Reference;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.TrinoQuery;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Customers and merchants as tables, on the real pipeline: reference records produced to the
 * compacted topics (creates, updates, deletions as tombstones, a late version older than its id's
 * newest, a version replacing one valid from the same instant, and refused records) go through the
 * Streams app's reference checks to the versions topics, the sink lands them, and dbt builds the
 * type-2 dimensions on Trino, once in full and once incrementally after more versions. Then the
 * landed tables equal the versions topics row for row; the versions topics, the dimensions and the
 * current views equal {@link ReferenceVersionsOracle}, computed from the reference topics read back;
 * and the refused records are dead letters, not versions.
 */
class DimensionTablesIT {
  private static final String MODELS_SCHEMA = "dimension_models";
  /** The staging views, the dimensions and their current views, with their data tests. */
  private static final String[] SELECTION = {"--select", "+dim_customers_current", "+dim_merchants_current"};
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(3);
  private static final Duration DBT_TIMEOUT = Duration.ofMinutes(10);
  private static final Instant T = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.DAYS);

  @Test
  void theVersionsLandRowForRowAndTheDimensionsAreTheirHistoryAfterAnIncrementalBuild() throws Exception {
    ProjectVenv.requireDbt();
    try (PipelineStack stack = PipelineStack.startForTrino("dimensions");
        IcebergTables lake = new IcebergTables(stack.catalogProperties());
        IcebergTables models = new IcebergTables(stack.catalogProperties(), MODELS_SCHEMA);
        ReferenceRecords input = new ReferenceRecords(stack.bootstrapServers())) {
      CompletableFuture<Void> trino = stack.startTrino();
      OutputTopics topics = new OutputTopics(stack.bootstrapServers());
      DbtBuild dbt = new DbtBuild(stack.trinoPort(), MODELS_SCHEMA, stack.config().dataDir().resolve("dbt-dimensions"));

      firstVersions(input);
      awaitVersionsLanded(topics, lake);
      trino.get(stack.startupTimeout().toSeconds(), TimeUnit.SECONDS);
      assertBuilds(dbt, "the full build");

      laterVersions(input);
      awaitVersionsLanded(topics, lake);
      assertBuilds(dbt, "the incremental build");

      for (Reference reference : Reference.values()) {
        ReferenceVersionsOracle oracle = oracle(topics, reference);
        String versions = Topics.tableName(versionsTopic(reference));
        List<Map<String, Object>> topicRows = topics.rows(versionsTopic(reference));
        assertThat(contractColumns(lake.rows(versions))).as("%s against its topic, row for row", versions)
            .containsExactlyInAnyOrderElementsOf(topicRows);
        assertThat(withoutProcessingTime(topicRows)).as("%s against the oracle", versionsTopic(reference))
            .containsExactlyInAnyOrderElementsOf(oracle.versions());

        String dimension = "dim_" + reference.topic();
        Map<String, Map<String, Object>> history = oracle.history();
        assertThat(history).as("the oracle's %s: the rows firstVersions and laterVersions make", dimension)
            .hasSize(reference == Reference.CUSTOMERS ? 15 : 8);
        assertThat(dimensionRows(models.rows(dimension), reference)).as(dimension).isEqualTo(history);
        assertThat(currentRows(stack, dimension, reference)).as(dimension + "_current")
            .isEqualTo(current(history, reference));
      }
      assertRefusedRecordsAreDeadLetters(topics, lake);
      assertTheLateVersionLandedBetweenItsNeighbours(models);
    }
  }

  /** Customer 1's late version (T + 30 min, published after the one of T + 3 h) in the middle of its history. */
  private static void assertTheLateVersionLandedBetweenItsNeighbours(IcebergTables models) {
    Map<Object, Object> validTo = models.rows("dim_customers").stream()
        .filter(row -> ReferenceRecords.customerId(1).equals(row.get("customer_id")))
        .collect(Collectors.toMap(row -> row.get("valid_from"), row -> String.valueOf(row.get("valid_to"))));
    assertThat(validTo).containsExactlyInAnyOrderEntriesOf(Map.of(
        millis(T.plus(1, ChronoUnit.MINUTES)), String.valueOf(millis(T.plus(30, ChronoUnit.MINUTES))),
        millis(T.plus(30, ChronoUnit.MINUTES)), String.valueOf(millis(T.plus(3, ChronoUnit.HOURS))),
        millis(T.plus(3, ChronoUnit.HOURS)), "null"));
  }

  private static long millis(Instant instant) {
    return instant.toEpochMilli();
  }

  /** Creates of every id, updates, a deletion, and a refused record of each kind. */
  private static void firstVersions(ReferenceRecords input) {
    for (int i = 1; i <= 6; i++) {
      input.customer(i, "Customer " + i, "DE", "retail", T.plus(i, ChronoUnit.MINUTES));
    }
    input.customer(2, "Customer 2 moved", "FR", "retail", T.plus(1, ChronoUnit.HOURS));
    input.customer(5, "Customer 5 grew", "DE", "business", T.plus(5, ChronoUnit.HOURS));
    input.deleteCustomer(3, T.plus(2, ChronoUnit.HOURS));
    for (int i = 1; i <= 4; i++) {
      input.merchant(i, "Merchant " + i, "NL", "grocery", T.plus(i, ChronoUnit.MINUTES));
    }
    input.merchant(2, "Merchant 2", "NL", "books", T.plus(3, ChronoUnit.HOURS));
    input.notTheWireFormat(Topics.CUSTOMERS, "dim-cus-9");
    input.keyNotTheId(7, 8, T);
    input.tombstoneWithEmptyKey(Topics.MERCHANTS, T);
  }

  /**
   * Late versions (older than their id's newest, one older than its first), a late deletion, a
   * customer created again after a deletion, a version replacing one valid from the same instant.
   */
  private static void laterVersions(ReferenceRecords input) {
    input.customer(1, "Customer 1 renamed", "DE", "retail", T.plus(3, ChronoUnit.HOURS));
    input.customer(1, "Customer 1 late", "AT", "retail", T.plus(30, ChronoUnit.MINUTES));
    input.customer(2, "Customer 2 before", "BE", "retail", T.minus(1, ChronoUnit.HOURS));
    input.customer(3, "Customer 3 back", "IT", "retail", T.plus(4, ChronoUnit.HOURS));
    input.deleteCustomer(4, T.plus(1, ChronoUnit.HOURS));
    input.deleteCustomer(5, T.plus(2, ChronoUnit.HOURS));
    input.customer(6, "Customer 6 corrected", "DE", "business", T.plus(6, ChronoUnit.MINUTES));
    input.merchant(1, "Merchant 1", "NL", "toys", T.plus(2, ChronoUnit.HOURS));
    input.merchant(2, "Merchant 2", "NL", "travel", T.plus(1, ChronoUnit.HOURS));
    input.deleteMerchant(3, T.plus(4, ChronoUnit.HOURS));
    input.merchant(4, "Merchant 4 corrected", "NL", "grocery", T.plus(4, ChronoUnit.MINUTES));
  }

  private static void assertBuilds(DbtBuild dbt, String which) throws Exception {
    DbtBuild.Result build = dbt.run(DBT_TIMEOUT, SELECTION);
    assertThat(build.exitCode()).as("%s:\n%s", which, build.output()).isZero();
  }

  /** Until each versions table holds as many rows as the oracle finds versions in its reference topic. */
  private static void awaitVersionsLanded(OutputTopics topics, IcebergTables lake) {
    for (Reference reference : Reference.values()) {
      int versions = oracle(topics, reference).versions().size();
      Awaitility.await(versionsTopic(reference) + " landed").atMost(LANDING_TIMEOUT).pollInterval(Duration.ofSeconds(1))
          .ignoreExceptions()
          .until(() -> lake.rows(Topics.tableName(versionsTopic(reference))).size() >= versions);
    }
  }

  private static ReferenceVersionsOracle oracle(OutputTopics topics, Reference reference) {
    return new ReferenceVersionsOracle(reference, topics.records(reference.topic()), Instant.now());
  }

  private static String versionsTopic(Reference reference) {
    return reference == Reference.CUSTOMERS ? Topics.CUSTOMERS_VERSIONS : Topics.MERCHANTS_VERSIONS;
  }

  /** The landed rows without the sink's Kafka metadata columns: the topic's record fields. */
  private static List<Map<String, Object>> contractColumns(List<Map<String, Object>> rows) {
    return rows.stream().map(row -> {
      Map<String, Object> fields = new HashMap<>(row);
      fields.keySet().removeIf(column -> column.startsWith("_kafka_metadata_"));
      return fields;
    }).toList();
  }

  private static List<Map<String, Object>> withoutProcessingTime(List<Map<String, Object>> rows) {
    return rows.stream().map(row -> {
      Map<String, Object> fields = new HashMap<>(row);
      fields.remove("processing_time");
      return fields;
    }).toList();
  }

  /** The dimension's rows in the oracle's form: keyed {@code <id>|<valid_from>}, the columns it compares. */
  private static Map<String, Map<String, Object>> dimensionRows(List<Map<String, Object>> rows, Reference reference) {
    Map<String, Map<String, Object>> keyed = new HashMap<>();
    for (Map<String, Object> row : rows) {
      Map<String, Object> compared = new HashMap<>();
      reference.attributeColumns().forEach(column -> compared.put(column, row.get(column)));
      for (String column : List.of("is_deleted", "valid_from", "valid_to", "is_current", "source_partition", "source_offset")) {
        compared.put(column, row.get(column));
      }
      Object previous = keyed.put(row.get(reference.id()) + "|" + row.get("valid_from"), compared);
      assertThat(previous).as("a second row for %s at %s", row.get(reference.id()), row.get("valid_from")).isNull();
    }
    return keyed;
  }

  /** The current view through Trino: id -> attributes. */
  private static Map<String, List<String>> currentRows(PipelineStack stack, String dimension, Reference reference)
      throws Exception {
    String columns = String.join(", ", reference.attributeColumns());
    return TrinoQuery.rows(stack.trinoPort(), "select " + reference.id() + ", " + columns + " from "
        + MODELS_SCHEMA + "." + dimension + "_current").stream()
        .collect(Collectors.toMap(row -> row.get(0), row -> row.subList(1, row.size())));
  }

  private static Map<String, List<String>> current(Map<String, Map<String, Object>> history, Reference reference) {
    Map<String, List<String>> current = new HashMap<>();
    history.forEach((key, row) -> {
      if (Boolean.TRUE.equals(row.get("is_current")) && Boolean.FALSE.equals(row.get("is_deleted"))) {
        List<String> attributes = new ArrayList<>();
        reference.attributeColumns().forEach(column -> attributes.add((String) row.get(column)));
        current.put(key.substring(0, key.lastIndexOf('|')), attributes);
      }
    });
    return current;
  }

  /** Every refused reference record is a dead letter (by its lineage), and no other reference record is. */
  private static void assertRefusedRecordsAreDeadLetters(OutputTopics topics, IcebergTables lake) {
    List<String> expected = new ArrayList<>();
    for (Reference reference : Reference.values()) {
      expected.addAll(oracle(topics, reference).refused());
    }
    Awaitility.await("the refused reference records in dead_letters").atMost(LANDING_TIMEOUT)
        .pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
        .untilAsserted(() -> assertThat(lake.rows(Topics.tableName(Topics.DEAD_LETTERS)).stream()
            .filter(row -> List.of(Topics.CUSTOMERS, Topics.MERCHANTS).contains(row.get("source_topic")))
            .map(row -> ReferenceVersionsOracle.lineage(row.get("source_topic"), row.get("source_partition"),
                row.get("source_offset"))).toList())
            .containsExactlyInAnyOrderElementsOf(expected));
    assertThat(expected).as("refused records").hasSize(3);
  }
}
