package dev.lakehouse.peerflink.bench;

import com.sun.management.OperatingSystemMXBean;
import com.sun.tools.attach.VirtualMachine;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Reads another JVM's process CPU time and heap through its platform MXBeans (attach API, local
 * JMX agent), the same way for both systems, and samples the used heap once a second for its peak.
 */
final class JvmProbe implements AutoCloseable {
  private final JMXConnector connector;
  private final MemoryMXBean memory;
  private final OperatingSystemMXBean os;
  private final AtomicLong peakHeap = new AtomicLong();
  private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();

  private JvmProbe(JMXConnector connector) throws Exception {
    this.connector = connector;
    MBeanServerConnection beans = connector.getMBeanServerConnection();
    this.memory = ManagementFactory.newPlatformMXBeanProxy(beans, ManagementFactory.MEMORY_MXBEAN_NAME,
        MemoryMXBean.class);
    this.os = ManagementFactory.newPlatformMXBeanProxy(beans, ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME,
        OperatingSystemMXBean.class);
    sampler.scheduleAtFixedRate(this::sampleHeap, 0, 1, TimeUnit.SECONDS);
  }

  static JvmProbe attach(long pid) throws Exception {
    VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
    try {
      return new JvmProbe(JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent())));
    } finally {
      vm.detach();
    }
  }

  double cpuSeconds() {
    return os.getProcessCpuTime() / 1e9;
  }

  long peakHeapBytes() {
    sampleHeap();
    return peakHeap.get();
  }

  private void sampleHeap() {
    try {
      peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
    } catch (RuntimeException e) {
      // the JVM is stopping: the samples taken so far stand
    }
  }

  @Override
  public void close() throws Exception {
    sampler.shutdownNow();
    connector.close();
  }
}
