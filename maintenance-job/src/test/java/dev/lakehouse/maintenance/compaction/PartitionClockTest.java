package dev.lakehouse.maintenance.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.apache.iceberg.PartitionData;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class PartitionClockTest {
  static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "merchant_id", Types.StringType.get()),
      Types.NestedField.required(2, "event_time", Types.TimestampType.withZone()));

  @Test
  void endsOfHourDayMonthAndYearPartitions() {
    // 2026-11-29T08:00Z is hour 498,872 and day 20,786 since the epoch
    assertThat(end(PartitionSpec.builderFor(SCHEMA).hour("event_time").build(), 498_872))
        .isEqualTo(Instant.parse("2026-11-29T09:00:00Z"));
    assertThat(end(PartitionSpec.builderFor(SCHEMA).day("event_time").build(), 20_786))
        .isEqualTo(Instant.parse("2026-11-30T00:00:00Z"));
    assertThat(end(PartitionSpec.builderFor(SCHEMA).month("event_time").build(), 56 * 12 + 10))
        .isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
    assertThat(end(PartitionSpec.builderFor(SCHEMA).year("event_time").build(), 56))
        .isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
  }

  @Test
  void identityFieldsBeforeTheTimeFieldAreSkippedAndNonTimeSpecsHaveNoEnd() {
    PartitionSpec spec = PartitionSpec.builderFor(SCHEMA).identity("merchant_id").hour("event_time").build();
    PartitionData partition = new PartitionData(spec.partitionType());
    partition.set(0, "m-1");
    partition.set(1, 498_872);
    assertThat(PartitionClock.end(spec, partition)).contains(Instant.parse("2026-11-29T09:00:00Z"));

    PartitionSpec identity = PartitionSpec.builderFor(SCHEMA).identity("merchant_id").build();
    PartitionData merchant = new PartitionData(identity.partitionType());
    merchant.set(0, "m-1");
    assertThat(PartitionClock.end(identity, merchant)).isEmpty();
  }

  static Instant end(PartitionSpec spec, int ordinal) {
    PartitionData partition = new PartitionData(spec.partitionType());
    partition.set(0, ordinal);
    return PartitionClock.end(spec, partition).orElseThrow();
  }
}
