package dev.lakehouse.local.status;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MaintenanceStatsTest {

  @Test
  void readsScoreAndFileFiguresFromTheHealthJson() throws Exception {
    // the shape maintenance-job health --format json prints (records TableHealth, HealthScore, TableStats)
    String json = "[{\"table\":\"lakehouse.orders_enriched\",\"health\":{\"score\":62,\"fileScore\":0.4,"
        + "\"manifestScore\":1.0,\"snapshotScore\":1.0},\"stats\":{\"dataFiles\":40,\"deleteFiles\":0,\"bytes\":1000,"
        + "\"records\":500,\"smallFiles\":38,\"idealFiles\":1,\"partitions\":2,\"maxFilesPerPartition\":30,"
        + "\"filesPerPartition\":{},\"snapshots\":12,\"snapshotsPastMaxAge\":0,\"manifests\":9,\"schemaId\":2,"
        + "\"specId\":1,\"filesOnOldSpecs\":7}}]";

    assertThat(MaintenanceStats.parse(json)).isEqualTo(List.of(new StackStatus.TableHealth(
        "lakehouse.orders_enriched", 62, "40 data files, 9 manifests, 12 snapshots; schema 2, spec 1 (7 files on older specs)")));
  }
}
