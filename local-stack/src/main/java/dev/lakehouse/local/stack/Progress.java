package dev.lakehouse.local.stack;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/** Progress lines of a multi-step command: "[3/7] Connect worker ..... ready in 2.1 s (detail)". */
public final class Progress {
  private static final Duration DOT_EVERY = Duration.ofSeconds(2);

  private final PrintStream out;
  private final int total;
  private int current;
  private long stepStartNanos;
  private long lastDotNanos;

  public Progress(PrintStream out, int total) {
    this.out = out;
    this.total = total;
  }

  public void begin(String title) {
    current++;
    stepStartNanos = System.nanoTime();
    lastDotNanos = stepStartNanos;
    out.print("[" + current + "/" + total + "] " + title + " ...");
    out.flush();
  }

  /** Called while waiting: a dot every two seconds shows the step is alive. */
  public void tick() {
    long now = System.nanoTime();
    if (now - lastDotNanos >= DOT_EVERY.toNanos()) {
      lastDotNanos = now;
      out.print(".");
      out.flush();
    }
  }

  public void done(String outcome, String detail) {
    out.println(" " + outcome + " in " + elapsed() + (detail.isEmpty() ? "" : " (" + detail + ")"));
  }

  public void skipped(String reason) {
    out.println(" skipped: " + reason);
  }

  public void failed() {
    out.println(" FAILED after " + elapsed());
  }

  public String elapsed() {
    return seconds(Duration.ofNanos(System.nanoTime() - stepStartNanos));
  }

  public static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
  }
}
