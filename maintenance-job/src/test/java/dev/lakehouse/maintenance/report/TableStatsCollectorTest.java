package dev.lakehouse.maintenance.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.run.MaintenanceHealth;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableStatsCollectorTest {
  @TempDir Path dir;

  @Test
  void namesTheCurrentSchemaAndSpecAndCountsTheFilesOfOlderSpecs() throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("evolving");
      Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(3, ChronoUnit.HOURS);
      TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, TestWarehouse.rows(0, 10, hour)),
          TestWarehouse.writeFile(table, TestWarehouse.rows(10, 10, hour))), Map.of());
      // partition evolution in place: files written from now on carry spec 1, the two above keep spec 0
      table.updateSpec().addField(Expressions.bucket("id", 4)).commit();
      TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, TestWarehouse.rows(20, 10, hour))), Map.of());
      table.updateSchema().addColumn("channel", Types.StringType.get()).commit();

      MaintenanceConfig config = TestConfig.load(dir, warehouse, "tables: \"" + TestWarehouse.NAMESPACE + ".evolving\"\n");
      MaintenanceHealth.TableHealth health = MaintenanceHealth.check(warehouse.catalog(), config, Clock.systemUTC()).get(0);

      assertThat(health.stats().dataFiles()).isEqualTo(3);
      assertThat(health.stats().specId()).isEqualTo(1);
      assertThat(health.stats().schemaId()).isEqualTo(1);
      assertThat(health.stats().filesOnOldSpecs()).isEqualTo(2);
      assertThat(MaintenanceHealth.text(List.of(health)))
          .containsPattern("evolving\\s+\\d+\\s+3\\s+\\S+\\s+\\S+\\s+\\d+\\s+\\d+\\s+1\\s+1\\s+2\\n");
    }
  }
}
