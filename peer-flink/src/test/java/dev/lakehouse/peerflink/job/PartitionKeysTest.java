package dev.lakehouse.peerflink.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.junit.jupiter.api.Test;

class PartitionKeysTest {

  @Test
  void thePartitionsAreSpreadEvenlyOverTheSubtasksAtAnyParallelism() {
    PartitionKeys keys = PartitionKeys.of(4);

    assertThat(keys.ownedBy(0, 2)).containsExactly(0, 1);
    assertThat(keys.ownedBy(1, 2)).containsExactly(2, 3);
    assertThat(keys.ownedBy(0, 4)).containsExactly(0);
    assertThat(keys.ownedBy(3, 4)).containsExactly(3);
    assertThat(keys.ownedBy(0, 1)).containsExactly(0, 1, 2, 3);
    assertThat(PartitionKeys.of(2).ownedBy(1, 2)).containsExactly(1);
  }

  @Test
  void ownershipIsWhereFlinksKeyGroupsSendEachKey() {
    PartitionKeys keys = PartitionKeys.of(3);
    for (int partition = 0; partition < 3; partition++) {
      int subtask = KeyGroupRangeAssignment.assignKeyToParallelOperator(keys.keyOf(partition),
          PartitionKeys.MAX_PARALLELISM, 3);
      assertThat(keys.ownedBy(subtask, 3)).contains(partition);
    }
  }

  @Test
  void morePartitionsThanKeyGroupsAreRefused() {
    assertThatThrownBy(() -> PartitionKeys.of(129)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot key 129 input partitions: the job handles 1 to 128 (its max parallelism)");
  }
}
