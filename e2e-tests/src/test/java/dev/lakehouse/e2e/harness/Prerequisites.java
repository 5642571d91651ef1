package dev.lakehouse.e2e.harness;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs beyond the build (the Python venv, Trino): missing on a developer's machine, the
 * test is skipped and says why; missing in CI ({@code CI=true}), it fails, so CI never passes by
 * skipping.
 */
public final class Prerequisites {
  private Prerequisites() {}

  /** @param missing what is missing and how to get it; read only when {@code present} is false */
  public static void require(boolean present, String missing) {
    if (present) {
      return;
    }
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new AssertionError("Cannot run this test in CI: " + missing);
    }
    Assumptions.abort("Skipped: " + missing);
  }
}
