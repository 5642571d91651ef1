package dev.lakehouse.peerflink.bench;

import dev.lakehouse.streams.bench.CpuSteal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What else the machine did over a measured span: the 1-minute load average at its start and end
 * ({@code /proc/loadavg}; this run's own JVMs included) and the CPU steal over it ({@link CpuSteal}).
 * A figure measured on a loaded machine compares less than it seems: print this beside it.
 */
final class MachineLoad {
  private final String loadAtStart = loadAverage();
  private final CpuSteal steal = CpuSteal.start();

  static MachineLoad start() {
    return new MachineLoad();
  }

  /** e.g. "load 3.10 -> 4.25, cpu steal 0 %". */
  String since() {
    return "load " + loadAtStart + " -> " + loadAverage() + ", cpu steal " + steal.since();
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0];
    } catch (IOException | RuntimeException e) {
      return "n/a";
    }
  }
}
