package dev.lakehouse.maintenance.manifests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.support.TableContent;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestRewriterTest {
  @Test
  void rewritesManifestsOnlyAboveTheThreshold(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);
      List<List<Record>> written = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        List<Record> rows = TestWarehouse.rows(i * 10L, 10, hour.minus(i % 3, ChronoUnit.HOURS));
        written.add(rows);
        // fast appends add one manifest per commit, as the sink does
        TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)), Map.of());
      }

      ManifestRewriter.Result under = ManifestRewriter.rewriteIfNeeded(table, 12, false);
      ManifestRewriter.Result over = ManifestRewriter.rewriteIfNeeded(table, 11, false);

      assertThat(under).isEqualTo(new ManifestRewriter.Result(12, 12, false));
      assertThat(over).isEqualTo(new ManifestRewriter.Result(12, 1, true));
      table.refresh();
      assertThat(table.currentSnapshot().dataManifests(table.io())).hasSize(1);
      assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(written));
    }
  }
}
