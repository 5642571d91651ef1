package dev.lakehouse.streams.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The JVM basics: memory, threads, garbage collection, uptime and process CPU time. */
public final class JvmMetricsSource implements MetricsSource {
  @Override
  public List<MetricFamily> collect() {
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
    List<MetricFamily> families = new ArrayList<>();
    families.add(gauge("jvm_memory_used_bytes", "Used memory by area.",
        area("heap", heap.getUsed()), area("nonheap", nonHeap.getUsed())));
    families.add(gauge("jvm_memory_committed_bytes", "Committed memory by area.",
        area("heap", heap.getCommitted()), area("nonheap", nonHeap.getCommitted())));
    families.add(gauge("jvm_memory_max_bytes", "Maximum memory by area (-1 when undefined).",
        area("heap", heap.getMax()), area("nonheap", nonHeap.getMax())));
    families.add(gauge("jvm_threads_live", "Live threads.",
        new MetricFamily.Sample(Map.of(), ManagementFactory.getThreadMXBean().getThreadCount())));
    List<MetricFamily.Sample> gcCount = new ArrayList<>();
    List<MetricFamily.Sample> gcSeconds = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcCount.add(new MetricFamily.Sample(Map.of("gc", gc.getName()), gc.getCollectionCount()));
      gcSeconds.add(new MetricFamily.Sample(Map.of("gc", gc.getName()), gc.getCollectionTime() / 1000.0));
    }
    families.add(new MetricFamily("jvm_gc_collections_total", MetricFamily.Type.COUNTER,
        "Garbage collections by collector.", gcCount));
    families.add(new MetricFamily("jvm_gc_collection_seconds_total", MetricFamily.Type.COUNTER,
        "Time spent in garbage collection by collector.", gcSeconds));
    families.add(gauge("process_uptime_seconds", "Time since the JVM started.",
        new MetricFamily.Sample(Map.of(), ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0)));
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      families.add(new MetricFamily("process_cpu_seconds_total", MetricFamily.Type.COUNTER,
          "CPU time used by the process.",
          List.of(new MetricFamily.Sample(Map.of(), os.getProcessCpuTime() / 1e9))));
    }
    return families;
  }

  private static MetricFamily.Sample area(String area, long bytes) {
    return new MetricFamily.Sample(Map.of("area", area), bytes);
  }

  private static MetricFamily gauge(String name, String help, MetricFamily.Sample... samples) {
    return new MetricFamily(name, MetricFamily.Type.GAUGE, help, List.of(samples));
  }
}
