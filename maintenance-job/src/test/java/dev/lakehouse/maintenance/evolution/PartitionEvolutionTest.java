package dev.lakehouse.maintenance.evolution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spec change beside a live writer: the table moved on after the command read it. */
class PartitionEvolutionTest {
  @TempDir static Path dir;
  static TestWarehouse warehouse;

  @BeforeAll
  static void startWarehouse() throws Exception {
    warehouse = TestWarehouse.start(dir);
  }

  @AfterAll
  static void stopWarehouse() throws Exception {
    warehouse.close();
  }

  @Test
  void aCommitOfAnotherWriterSinceTheTableWasReadIsRetriedNotFatal() throws Exception {
    Table readByTheCommand = warehouse.createEventsTable("raced");
    readByTheCommand.refresh();  // loaded by the command: its metadata from now on is what it read
    // the sink commits through its own handle after the command loaded the table
    Table sink = warehouse.newCatalog().loadTable(TableIdentifier.of(TestWarehouse.NAMESPACE, "raced"));
    TestWarehouse.append(sink, List.of(TestWarehouse.writeFile(sink,
        TestWarehouse.rows(0, 10, Instant.parse("2026-12-01T10:00:00Z")))), Map.of());

    PartitionEvolution.Result result =
        PartitionEvolution.apply("raced", readByTheCommand, "days(event_time), bucket(id, 4)", false);

    assertThat(result.after()).containsExactly("days(event_time)", "bucket(id, 4)");
    sink.refresh();
    assertThat(sink.spec().specId()).isEqualTo(result.specId()).isPositive();
    assertThat(sink.currentSnapshot()).as("the writer's commit is kept").isNotNull();
    assertThat(sink.currentSnapshot().summary()).containsEntry("added-records", "10");
  }
}
