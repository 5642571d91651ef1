package dev.lakehouse.testkit;

import org.junit.jupiter.api.Assumptions;

/**
 * The project's rule for what a test needs beyond the build (the Python venv, Trino, Chromium):
 * missing on a developer's machine, the test is skipped and says why; missing in CI ({@code
 * CI=true}, which {@code .ci/run} exports), it fails, so CI never passes by skipping.
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
