package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM never hands out a port twice, nor one of a span it handed out before; and two JVMs never
 * hand out the same port.
 */
class FreePortsTest {
  private static final int PICKS = 2_000;

  /** Picks PICKS ports, writes them to the file of its first argument, then holds them until killed. */
  public static final class Picker {
    public static void main(String[] args) throws Exception {
      List<String> ports = IntStream.range(0, PICKS).mapToObj(i -> Integer.toString(FreePorts.pick())).toList();
      Path file = Path.of(args[0]);
      Files.write(file.resolveSibling(file.getFileName() + ".tmp"), ports);
      Files.move(file.resolveSibling(file.getFileName() + ".tmp"), file);
      Thread.sleep(120_000);
    }
  }

  @Test
  void twoJvmsNeverHandOutTheSamePort(@TempDir Path dir) throws Exception {
    // without the reservation, 2,000 picks on each side of ~22,800 ports would share about 175
    Path picked = dir.resolve("picked");
    try (ChildProcess child = JavaCommand.onThisClasspath(Picker.class).heap("64m").args(picked.toString())
        .start(dir.resolve("picker.log"))) {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!Files.exists(picked)) {
        assertThat(child.isAlive()).as("the picker JVM (its log: %s)", dir.resolve("picker.log")).isTrue();
        assertThat(System.nanoTime()).as("the picker's ports within 60 s").isLessThan(deadline);
        Thread.sleep(100);
      }
      Set<Integer> theirs = new HashSet<>(Files.readAllLines(picked).stream().map(Integer::valueOf).toList());
      assertThat(theirs).hasSize(PICKS);
      int[] ours = IntStream.range(0, PICKS).map(i -> FreePorts.pick()).toArray();
      assertThat(Arrays.stream(ours).filter(theirs::contains).boxed().toList()).as("ports both JVMs handed out").isEmpty();
    }
  }

  @Test
  void aJvmNeverHandsOutAPortTwiceNorOverlapsAnEarlierSpan() {
    // 500 random picks from the ~22,800 ports would repeat one with near certainty (about 5 pairs expected)
    int taken = FreePorts.pick();
    Set<Integer> handedOut = new HashSet<>(Set.of(taken));
    for (int i = 0; i < 250; i++) {
      int spaced = FreePorts.pickSpaced(2, 100);
      assertThat(handedOut.add(spaced)).as("port %d handed out twice", spaced).isTrue();
      assertThat(handedOut.add(spaced + 100)).as("port %d handed out twice", spaced + 100).isTrue();
      int single = FreePorts.pick();
      assertThat(handedOut.add(single)).as("port %d handed out twice", single).isTrue();
    }
  }
}
