package dev.lakehouse.conventions;

import java.util.Locale;

/** The environment variable that overrides a setting: a prefix, then the key in upper case with '.' and '-' as '_'. */
public final class EnvironmentNames {
  private EnvironmentNames() {}

  /** {@code variable("LAKEHOUSE_STREAMS_", "window.grace")} is {@code LAKEHOUSE_STREAMS_WINDOW_GRACE}. */
  public static String variable(String prefix, String key) {
    return prefix + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }
}
