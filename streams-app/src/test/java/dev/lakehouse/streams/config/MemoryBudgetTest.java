package dev.lakehouse.streams.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class MemoryBudgetTest {
  private static final long GIB = 1L << 30;

  @Test
  void readsBytesBinaryUnitsAndShares() {
    assertThat(MemoryBudget.bytes("rocksdb.memory", "268435456", GIB)).isEqualTo(256L << 20);
    assertThat(MemoryBudget.bytes("rocksdb.memory", "256MiB", GIB)).isEqualTo(256L << 20);
    assertThat(MemoryBudget.bytes("rocksdb.memory", " 2 GiB ", GIB)).isEqualTo(2 * GIB);
    assertThat(MemoryBudget.bytes("rocksdb.memory", "512KiB", GIB)).isEqualTo(512L << 10);
    assertThat(MemoryBudget.bytes("rocksdb.memory", "25%", 4 * GIB)).isEqualTo(GIB);
    assertThat(MemoryBudget.bytes("rocksdb.memory", "0", GIB)).isZero();
  }

  @Test
  void refusesOtherUnitsAndSharesOutOfRange() {
    assertThatThrownBy(() -> MemoryBudget.bytes("rocksdb.memory", "256m", GIB))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use rocksdb.memory=256m: expected " + MemoryBudget.EXPECTED);
    assertThatThrownBy(() -> MemoryBudget.bytes("rocksdb.memory", "95%", GIB))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use rocksdb.memory=95%: a share must be from 1% to 90% (the heap and the JVM's own memory "
            + "need the rest)");
  }

  @Test
  void theAppRefusesABudgetTooSmallForRocksDb() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("LAKEHOUSE_STREAMS_ROCKSDB_MEMORY", "8MiB")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("Cannot use rocksdb.memory=8MiB: RocksDB needs at least 16 MiB (or 0 for no bound)");
  }

  @Test
  void theDefaultIsAQuarterOfTheMemoryTheProcessMayUse() {
    AppConfig config = ConfigLoader.load(null, Map.of());

    assertThat(config.getString(AppConfig.ROCKSDB_MEMORY)).isEqualTo("25%");
    assertThat(config.rocksDbMemoryBytes()).isEqualTo(MemoryBudget.bytes(AppConfig.ROCKSDB_MEMORY, "25%",
        MemoryBudget.availableBytes())).isPositive();
  }
}
