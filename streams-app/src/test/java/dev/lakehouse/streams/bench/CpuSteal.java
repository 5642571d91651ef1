package dev.lakehouse.streams.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The share of this machine's CPU time that its hypervisor gave to other guests over a span (the
 * {@code steal} column of {@code /proc/stat}): on a quiet machine it is 0, and a ratio measured
 * while it is not compares the two sides under different machines. {@link #since} reads "n/a"
 * where {@code /proc/stat} is missing (not Linux). Public for peer-flink's benchmark, which prints it
 * beside its figures too.
 */
public final class CpuSteal {
  private static final Path PROC_STAT = Path.of("/proc/stat");
  // user nice system idle iowait irq softirq steal: the fields of the "cpu" line summed as time
  private static final int FIELDS = 8;
  private static final int STEAL = 7;

  private final long[] start;

  private CpuSteal(long[] start) {
    this.start = start;
  }

  /** Starts a span now. */
  public static CpuSteal start() {
    return new CpuSteal(read());
  }

  /** The steal share since {@link #start}, e.g. "3 %", or "n/a". */
  public String since() {
    long[] end = read();
    if (start == null || end == null) {
      return "n/a";
    }
    long total = 0;
    for (int i = 0; i < FIELDS; i++) {
      total += end[i] - start[i];
    }
    return total == 0 ? "n/a" : String.format(Locale.ROOT, "%.0f %%", 100.0 * (end[STEAL] - start[STEAL]) / total);
  }

  private static long[] read() {
    try {
      String cpu = Files.readAllLines(PROC_STAT).get(0);
      long[] times = Arrays.stream(cpu.trim().split("\\s+")).skip(1).limit(FIELDS).mapToLong(Long::parseLong).toArray();
      return times.length == FIELDS ? times : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
