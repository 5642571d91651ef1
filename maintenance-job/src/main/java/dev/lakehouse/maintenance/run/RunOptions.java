package dev.lakehouse.maintenance.run;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.UUID;

/** Identity and mode of one run. The operation id goes into lease and output file names. */
public record RunOptions(String runId, String owner, boolean dryRun) {
  public static RunOptions create(boolean dryRun) {
    String runId = UUID.randomUUID().toString();
    return new RunOptions(runId, runId + "@" + host() + "/" + ManagementFactory.getRuntimeMXBean().getPid(), dryRun);
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      return "unknown-host";
    }
  }
}
