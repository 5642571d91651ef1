package dev.lakehouse.streams.config;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigException;

/**
 * A memory setting: bytes ({@code 268435456}), bytes with a binary unit ({@code 256MiB}, {@code 1GiB},
 * {@code 512KiB}), or a share of the memory this process may use ({@code 25%}: of the container's
 * limit in a container, which the JVM reads from its cgroup, else of the machine's memory).
 */
public final class MemoryBudget {
  public static final String EXPECTED = "bytes (268435456), a size in KiB, MiB or GiB (256MiB), or a share "
      + "of the container's memory from 1% to 90% (25%)";

  private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|KiB|MiB|GiB)");
  private static final Pattern SHARE = Pattern.compile("(\\d+)\\s*%");
  private static final int MAX_PERCENT = 90;

  private MemoryBudget() {}

  /** The setting in bytes; a share is of {@code totalBytes}. */
  public static long bytes(String key, String text, long totalBytes) {
    String value = text == null ? "" : text.trim();
    Matcher share = SHARE.matcher(value);
    if (share.matches()) {
      int percent = parseInt(key, text, share.group(1));
      if (percent < 1 || percent > MAX_PERCENT) {
        throw new ConfigException("Cannot use " + key + "=" + text + ": a share must be from 1% to " + MAX_PERCENT
            + "% (the heap and the JVM's own memory need the rest)");
      }
      // exact to the byte, without overflow for any total
      return totalBytes / 100 * percent + totalBytes % 100 * percent / 100;
    }
    Matcher size = SIZE.matcher(value);
    if (!size.matches()) {
      throw new ConfigException("Cannot use " + key + "=" + text + ": expected " + EXPECTED);
    }
    long amount = parseLong(key, text, size.group(1));
    int shift = switch (size.group(2)) {
      case "KiB" -> 10;
      case "MiB" -> 20;
      case "GiB" -> 30;
      default -> 0;
    };
    if (amount > Long.MAX_VALUE >> shift) {
      throw new ConfigException("Cannot use " + key + "=" + text + ": too large");
    }
    return amount << shift;
  }

  /**
   * The memory this process may use: the container's limit when it has one (the JVM reads it from
   * its cgroup), else the machine's.
   */
  public static long availableBytes() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
  }

  /** Rounded down to MiB, as budgets are printed: {@code 256 MiB}. */
  public static String format(long bytes) {
    return String.format(Locale.ROOT, "%d MiB", bytes >> 20);
  }

  private static int parseInt(String key, String text, String digits) {
    long value = parseLong(key, text, digits);
    return value > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) value;
  }

  private static long parseLong(String key, String text, String digits) {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new ConfigException("Cannot use " + key + "=" + text + ": too large");
    }
  }
}
