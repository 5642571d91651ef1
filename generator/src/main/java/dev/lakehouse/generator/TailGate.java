package dev.lakehouse.generator;

/** What must hold before the tail is produced; see {@link GroupCatchUp}. */
@FunctionalInterface
public interface TailGate {
  TailGate NONE = () -> { };

  void awaitBeforeTail() throws InterruptedException;
}
