package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StoredIdsTest {
  @Test
  void neverSaysNoForAnIdItHoldsAcrossTheFiltersGrowth() {
    IdFilter filter = new IdFilter();
    IntStream.range(0, 200_000).forEach(i -> filter.add("o-" + i));

    assertThat(IntStream.range(0, 200_000).filter(i -> !filter.mayContain("o-" + i)).count()).isZero();
  }

  @Test
  void saysMaybeForFewIdsItNeverHeld() {
    IdFilter filter = new IdFilter();
    IntStream.range(0, 200_000).forEach(i -> filter.add("o-" + i));

    long falsePositives = IntStream.range(200_000, 400_000).filter(i -> filter.mayContain("o-" + i)).count();

    // about 1 % per bit set, and the filter has grown to five of them
    assertThat(falsePositives).isLessThan(200_000 * 5 / 100);
  }

  @Test
  void saysMaybeForEveryIdOnceFullSoItsMemoryStaysBounded() {
    IdFilter filter = new IdFilter();
    IntStream.range(0, IdFilter.MAX_IDS).forEach(i -> filter.add("o-" + i));

    assertThat(IntStream.range(0, 1_000).allMatch(i -> filter.mayContain("never-added-" + i))).isTrue();
  }

  @Test
  void answersPerBucketAndForgetsTheBucketsBeforeOne() {
    StoredIds ids = new StoredIds();
    ids.add(0L, "o-1");
    ids.add(100L, "o-2");
    ids.add(200L, "o-3");

    assertThat(ids.mayHold(100L, "o-2")).isTrue();
    assertThat(ids.mayHold(100L, "o-1")).isFalse();
    assertThat(ids.mayHold(300L, "o-3")).isFalse();

    ids.forgetBefore(100L);

    assertThat(ids.mayHold(0L, "o-1")).isFalse();
    assertThat(ids.mayHold(100L, "o-2")).isTrue();
    assertThat(ids.mayHold(200L, "o-3")).isTrue();
  }
}
