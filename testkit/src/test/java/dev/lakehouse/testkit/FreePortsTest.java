package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ports of one stack: a distinct picker never hands out a port twice, nor one it was told is taken. */
class FreePortsTest {
  @Test
  void aDistinctPickerNeverRepeatsAPortOrOverlapsAnEarlierSpan() {
    // 500 plain picks from the ~22,800 ports would repeat one with near certainty (about 5 pairs expected)
    int taken = FreePorts.pick();
    FreePorts.Distinct ports = FreePorts.distinct(taken);
    Set<Integer> handedOut = new HashSet<>(Set.of(taken));
    for (int i = 0; i < 250; i++) {
      int spaced = ports.pickSpaced(2, 100);
      assertThat(handedOut.add(spaced)).as("port %d handed out twice", spaced).isTrue();
      assertThat(handedOut.add(spaced + 100)).as("port %d handed out twice", spaced + 100).isTrue();
      int single = ports.pick();
      assertThat(handedOut.add(single)).as("port %d handed out twice", single).isTrue();
    }
  }
}
