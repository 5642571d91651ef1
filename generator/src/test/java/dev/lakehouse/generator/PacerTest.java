package dev.lakehouse.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a paced send's records go out, on a clock the test moves itself. */
class PacerTest {
  private static final long MS = 1_000_000L;

  @Test
  void recordsGoOutOnTheScheduleOfTheRate() {
    Pacer pacer = new Pacer(0, 10);
    assertThat(sendTimes(pacer, 0, 0, 4)).containsExactly(0L, 100 * MS, 200 * MS, 300 * MS);
  }

  @Test
  void aRecordThatIsLateGoesOutAtOnceAndTheNextKeepsHalfTheIntervalUntilTheScheduleIsCaughtUp() {
    Pacer pacer = new Pacer(0, 10);
    sendTimes(pacer, 0, 0, 2);
    // the lag gate held record 2 for a second: due at 200 ms, it goes out at 1,200 ms
    List<Long> after = sendTimes(pacer, 1_200 * MS, 2, 20);
    assertThat(after.subList(0, 3)).containsExactly(1_200 * MS, 1_250 * MS, 1_300 * MS);
    for (int i = 1; i < after.size(); i++) {
      assertThat(after.get(i) - after.get(i - 1)).as("gap before record %d", i + 2).isEqualTo(50 * MS);
    }
    // at twice the rate the second is made up by record 22, which is on the schedule again, as is the next
    assertThat(after.get(after.size() - 1)).isEqualTo(2_150 * MS);
    assertThat(sendTimes(pacer, 2_150 * MS, 22, 2)).containsExactly(2_200 * MS, 2_300 * MS);
  }

  @Test
  void aRateThatIsNotPositiveIsRefused() {
    assertThatThrownBy(() -> new Pacer(0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot pace records at 0.0 per second: the rate must be > 0");
  }

  /** Sends {@code count} records from {@code first} on, each as soon as the pacer allows, starting at {@code now}. */
  private static List<Long> sendTimes(Pacer pacer, long now, int first, int count) {
    List<Long> times = new ArrayList<>();
    for (int i = first; i < first + count; i++) {
      now += pacer.waitNanos(i, now);
      times.add(now);
    }
    return times;
  }
}
