package dev.lakehouse.peerflink.bench;

import java.util.Locale;

/**
 * One system's run over the whole input: from ready until its consumer group has committed the
 * end of the input.
 *
 * @param cpuSeconds CPU time of its JVM over that span (all threads, user and system)
 * @param startupCpuSeconds CPU time of its JVM from launch until ready
 * @param writes records it wrote (outputs, internal topics, transaction markers)
 * @param machine the machine's load and CPU steal over the span ({@link MachineLoad})
 */
record Measured(String system, long inputRecords, double seconds, double cpuSeconds, double startupCpuSeconds,
    long peakHeapBytes, long writes, String machine) {

  double eventsPerSecond() {
    return inputRecords / seconds;
  }

  double cpuSecondsPerRecord() {
    return cpuSeconds / inputRecords;
  }

  String describe() {
    return String.format(Locale.ROOT, "%s: %.0f events/s (%d records in %.1f s), %.1f CPU µs per input record "
            + "(%.1f CPU s; %.1f CPU s to start), peak heap %d MiB, %.1f writes per input record; %s", system,
        eventsPerSecond(), inputRecords, seconds, cpuSecondsPerRecord() * 1e6, cpuSeconds, startupCpuSeconds,
        peakHeapBytes / (1024 * 1024), (double) writes / inputRecords, machine);
  }
}
