package dev.lakehouse.streams.bench;

import dev.lakehouse.streams.runtime.JvmOptions;
import dev.lakehouse.testkit.EmbeddedKafka;
import dev.lakehouse.testkit.Folders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the pipeline ledger costs: the app's throughput with the ledger (default settings) and
 * without it ({@code ledger.interval=0s}), on the same broker and input, each run four times in the
 * order with, without, without, with, without, with, with, without, after a warm-up run that is not
 * counted. Runs get faster as the broker warms up (the first on a fresh broker by a quarter, and
 * still by a tenth after five runs); in this order the positions of both sides have the same sum
 * and the same sum of squares, so neither gains from a drift that is linear or quadratic. Prints
 * {@code ledger cost: <ratio>}, the app's time with the ledger over its time without (1.05 = 5 %
 * slower), and the same ratio of CPU seconds. Not part of {@code mvn verify}: run
 * {@code streams-app/bench/ledger-cost.sh}.
 *
 * <p>Arguments: [events (default 100000)] [partitions (default 2)].
 */
public final class LedgerCostBenchmark {
  private static final List<String> WITHOUT_LEDGER = List.of("ledger.interval=0s");

  private LedgerCostBenchmark() {}

  public static void main(String[] args) throws Exception {
    int events = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    List<String> jvmOptions = new ArrayList<>(JvmOptions.recommended());
    jvmOptions.add("-Xmx1g");
    Path work = Files.createTempDirectory("ledger-bench");
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"), 0)) {
      long inputRecords = StreamsBenchmark.produceInput(kafka, events, partitions);
      double withLedger = 0;
      double withoutLedger = 0;
      double cpuWithLedger = 0;
      double cpuWithoutLedger = 0;
      int run = 0;
      for (boolean ledger : new boolean[] {true, true, false, false, true, false, true, true, false}) {
        String applicationId = "bench-ledger-" + run++;
        BenchedApp app = BenchedApp.start(kafka.bootstrapServers(), work, applicationId,
            ledger ? List.of() : WITHOUT_LEDGER, jvmOptions);
        try {
          app.awaitCatchUp();
        } finally {
          app.close();
        }
        System.out.printf(Locale.ROOT, "run %d, %s: %.0f events/s (%.1f s, %.1f CPU seconds)%n", run - 1,
            run == 1 ? "warm-up, not counted" : ledger ? "with the ledger" : "without the ledger",
            inputRecords / app.seconds(), app.seconds(), app.cpuSeconds());
        if (run == 1) {
          continue;
        }
        if (ledger) {
          withLedger += app.seconds();
          cpuWithLedger += app.cpuSeconds();
        } else {
          withoutLedger += app.seconds();
          cpuWithoutLedger += app.cpuSeconds();
        }
      }
      System.out.printf(Locale.ROOT, "throughput with the ledger: %.0f events/s%n", 4 * inputRecords / withLedger);
      System.out.printf(Locale.ROOT, "throughput without the ledger (baseline): %.0f events/s%n",
          4 * inputRecords / withoutLedger);
      System.out.printf(Locale.ROOT, "ledger cost: %.2f%n", withLedger / withoutLedger);
      System.out.printf(Locale.ROOT, "ledger cpu cost: %.2f (CPU seconds of the app's JVM with over without)%n",
          cpuWithLedger / cpuWithoutLedger);
    } catch (Exception e) {
      System.err.println("The failed run's broker, app state and app logs are kept in " + work);
      throw e;
    }
    Folders.delete(work);
  }
}
