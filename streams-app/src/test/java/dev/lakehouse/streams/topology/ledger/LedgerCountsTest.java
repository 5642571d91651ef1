package dev.lakehouse.streams.topology.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

class LedgerCountsTest {
  private final Serde<LedgerCounts> serde = LedgerCounts.serde();

  @Test
  void countsAndOffsetsSurviveTheStore() {
    LedgerCounts counts = new LedgerCounts();
    counts.read(41, Fate.KEPT, Fate.WINDOW_INPUT);
    counts.read(42, Fate.deadLettered(ErrorClass.INVALID_AMOUNT));

    LedgerCounts read = serde.deserializer().deserialize("t", serde.serializer().serialize("t", counts));

    assertThat(read.firstOffset).isEqualTo(41L);
    assertThat(read.lastOffset).isEqualTo(42L);
    assertThat(read.get(Fate.READ)).isEqualTo(2L);
    assertThat(read.get(Fate.KEPT)).isEqualTo(1L);
    assertThat(read.get(Fate.WINDOW_INPUT)).isEqualTo(1L);
    assertThat(read.get(Fate.DEAD_LETTERED_INVALID_AMOUNT)).isEqualTo(1L);
    assertThat(read.deadLettered()).isEqualTo(1L);
  }

  @Test
  void countsStoredBeforeANewFateExistedReadItAsZero() {
    byte[] older = ByteBuffer.allocate(Long.BYTES * 4).putLong(0).putLong(9).putLong(10).putLong(2).array();

    LedgerCounts read = serde.deserializer().deserialize("t", older);

    assertThat(read.get(Fate.READ)).isEqualTo(10L);
    assertThat(read.get(Fate.DUPLICATE_DROPPED)).isEqualTo(2L);
    assertThat(read.get(Fate.LATE)).isZero();
  }

  @Test
  void countsOfANewerVersionAreRefusedWithWhatToDo() {
    byte[] newer = new byte[Long.BYTES * (2 + Fate.values().length + 1)];

    assertThatThrownBy(() -> serde.deserializer().deserialize("t", newer))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("a newer one wrote them (roll forward, or reset the application)");
  }

  @Test
  void anIntervalIsTheDifferenceOfTwoTotals() {
    LedgerCounts earlier = new LedgerCounts();
    earlier.read(0, Fate.KEPT);
    LedgerCounts later = earlier.plus(new LedgerCounts());
    later.read(1, Fate.DUPLICATE_DROPPED);

    LedgerCounts interval = later.minus(earlier);

    assertThat(interval.get(Fate.READ)).isEqualTo(1L);
    assertThat(interval.get(Fate.KEPT)).isZero();
    assertThat(interval.get(Fate.DUPLICATE_DROPPED)).isEqualTo(1L);
    assertThat(interval.lastOffset).isEqualTo(1L);
  }

  @Test
  void twoStepsTogetherSpanTheOffsetsEitherOfThemRead() {
    LedgerCounts validation = new LedgerCounts();
    validation.read(3, Fate.deadLettered(ErrorClass.DESERIALIZATION));
    LedgerCounts tracker = new LedgerCounts();
    tracker.read(4, Fate.KEPT);
    tracker.read(5, Fate.KEPT);

    LedgerCounts total = tracker.plus(validation);

    assertThat(total.firstOffset).isEqualTo(3L);
    assertThat(total.lastOffset).isEqualTo(5L);
    assertThat(total.get(Fate.READ)).isEqualTo(3L);
    assertThat(new LedgerCounts().plus(tracker).firstOffset).as("a step that read nothing").isEqualTo(4L);
  }
}
