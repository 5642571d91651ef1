package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.dashboard.Browser;
import dev.lakehouse.e2e.dashboard.DashboardPage;
import dev.lakehouse.local.stack.components.Components;
import dev.lakehouse.local.stack.LocalStack;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.status.StatusCollector;
import dev.lakehouse.local.status.StatusPrinter;
import dev.lakehouse.local.status.StatusTargets;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.DashboardScripts;
import dev.lakehouse.testkit.DbtProject;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.Prerequisites;
import dev.lakehouse.testkit.RepoDir;
import dev.lakehouse.testkit.TrinoQuery;
import dev.lakehouse.testkit.TrinoScripts;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The local stack as {@code ./lakehouse up} runs it (every component, dashboard included, and the
 * stack's own generator with five minutes of events ending now), looked at as a user does: first
 * {@code ./lakehouse audit} passes on the tables the pipeline landed (a check of its own, which needs
 * no browser); then the dashboard in headless Chromium shows what the same serving views answer on
 * Trino at that moment (a screenshot is kept in {@code target/dashboard/}). One stack for both.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalStackIT {
  private static final String ORDERS_THIS_HOUR = "Orders this hour";
  private static final String DAILY_REVENUE = "Daily revenue";
  private static final String FRESHNESS = "Freshness per table";
  private static final Duration EVENT_SPAN = Duration.ofMinutes(5);
  private static final int EVENTS_PER_MINUTE = 400;
  private static final int LANDED_TABLES = Topics.OUTPUTS.size();
  // every landed table but pipeline_ledger, which has no processing time to be fresh by, and the two
  // reference versions tables (reference data changes rarely: pipeline_freshness leaves them out)
  private static final int TABLES_WITH_FRESHNESS = LANDED_TABLES - 3;
  /** The audit's line for orders_enriched once every order the ledger counted has landed (and some have). */
  private static final Pattern ORDERS_LANDED_AS_COUNTED =
      Pattern.compile("(?m)^lakehouse\\.orders_enriched +\\d+ +([1-9]\\d*) +0 +0 +\\1 of \\1 +ok$");

  /** What the dashboard shows, as Trino answers it from the serving views (schema analytics). */
  private static final String ORDERS_THIS_HOUR_SQL =
      "select coalesce(sum(placed_order_count), 0) from analytics.ops_current_hour";
  private static final String DAILY_REVENUE_SQL = "select cast(revenue_date as varchar), currency, sum(revenue),"
      + " sum(late_revenue), sum(restated_hour_count) from analytics.finance_daily_revenue group by 1, 2";
  private static final String FRESHNESS_SQL = "select table_name, freshness_status from analytics.pipeline_freshness";

  record Figures(String ordersThisHour, List<List<String>> dailyRevenue, List<List<String>> freshness) {}

  private Instant firstEvent;
  private StackConfig config;
  private LocalStack stack;
  private RuntimeException startFailure;

  /**
   * Starts the stack for the first test that needs it (so its start counts in that test's time,
   * which failsafe's balanced run order reads), and returns its config; a start that failed (or a
   * missing prerequisite) fails (or skips) the next test the same way.
   */
  private StackConfig stack() {
    if (startFailure != null) {
      throw startFailure;
    }
    if (stack == null) {
      try {
        start();
      } catch (RuntimeException e) {
        startFailure = e;
        throw e;
      }
    }
    return config;
  }

  private void start() {
    Path repo = RepoDir.get();
    Prerequisites.require(TrinoScripts.missing(repo).isEmpty(), "Trino is " + TrinoScripts.missing(repo).orElse(""));
    Prerequisites.require(DbtProject.missing(repo).isEmpty(), DbtProject.missing(repo).orElse(""));
    Prerequisites.require(DashboardScripts.missing(repo).isEmpty(),
        "the dashboard (Superset) is " + DashboardScripts.missing(repo).orElse(""));
    firstEvent = Instant.now().minus(EVENT_SPAN).truncatedTo(ChronoUnit.SECONDS);
    config = config(repo, firstEvent);
    stack = new LocalStack(config, Components.standard(config, ModuleJars.classpath(repo, "local-stack", "the services")),
        System.out);
    stack.up();
  }

  @AfterAll
  void stopTheStack() {
    if (stack != null) {
      stack.down();
    }
  }

  /**
   * {@code ./lakehouse audit} on this stack, once the orders the ledger counted have landed: no data
   * file registered twice, no result key held by two rows, every table's rows as the ledger counts
   * them; status then shows what it found, table by table.
   */
  @Test
  @Order(1)
  void auditPassesOnTheLandedTables() {
    AtomicReference<String> passed = new AtomicReference<>();
    Awaitility.await("./lakehouse audit passing with the orders the ledger counted landed").atMost(Duration.ofMinutes(5))
        .pollInterval(Duration.ofSeconds(10)).untilAsserted(() -> {
          String output = audit(stack());
          assertThat(output).contains("Audit passed: " + LANDED_TABLES + " tables, " + LANDED_TABLES + " with result keys")
              .containsPattern(ORDERS_LANDED_AS_COUNTED);
          passed.set(output);
        });
    System.out.println("audit:" + System.lineSeparator() + passed.get());
    String status = StatusPrinter.text(new StatusCollector(StatusTargets.of(stack()), Clock.systemUTC()).collect());
    assertThat(status).as(status).contains("Audit (exactly-once checks of the last ./lakehouse audit, ");
    assertThat(Pattern.compile("(?m)^  \\S+\\s+ok\\s+\\d+ data files, \\d+ rows, every ").matcher(status).results().count())
        .as("tables the status shows audited clean:\n%s", status).isEqualTo(LANDED_TABLES);
  }

  /** The output of {@code ./lakehouse audit} on the stack; fails on a non-zero exit. */
  private static String audit(StackConfig config) throws Exception {
    ProcessBuilder audit = new ProcessBuilder(RepoDir.get().resolve("lakehouse").toString(), "audit")
        .redirectErrorStream(true);
    audit.environment().put(Setting.DATA_DIR.envName(), config.dataDir().toString());
    Process process = audit.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("audit finished").isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    return output;
  }

  @Test
  @Order(2)
  void showsWhatTheServingViewsAnswerOnTrino() throws Exception {
    int trino = stack().trinoPort();
    String url = DashboardScripts.page(DashboardScripts.baseUrl(config.dashboardPort()));
    ChromeDriver driver = Browser.start();
    try {
      AtomicReference<DashboardPage> shownPage = new AtomicReference<>();
      // from up's return: the dashboard is ready in seconds (its metadata database a copy of the
      // template), while the first marts may take minutes on a loaded machine (dbt.every=1m)
      Awaitility.await("the dashboard showing the landed events as Trino answers them").atMost(Duration.ofMinutes(7))
          .pollInterval(Duration.ofSeconds(10))
          // read the page again when a chart re-rendered while its cells were read (a refresh), or
          // when a chart still had no rows as the page's own wait ran out (the marts' first closed
          // windows not landed yet on a loaded machine); one predicate: each ignoreException call
          // replaces the one before
          .ignoreExceptionsMatching(e -> e instanceof StaleElementReferenceException || e instanceof ConditionTimeoutException)
          .untilAsserted(() -> {
            Figures before = answers(trino);
            DashboardPage page = DashboardPage.open(driver, url, ORDERS_THIS_HOUR, List.of(DAILY_REVENUE, FRESHNESS));
            Figures shown = new Figures(normalised(page.bigNumber(ORDERS_THIS_HOUR)),
                sorted(page.rows(DAILY_REVENUE, "revenue_date", "currency", "revenue", "late_revenue", "restated_hours")),
                sorted(page.rows(FRESHNESS, "table_name", "freshness_status")));
            Figures after = answers(trino);
            assertThat(after.dailyRevenue()).as("daily revenue on Trino (closed windows landed)").isNotEmpty();
            assertThat(after).as("Trino's answers while the page loaded (the pipeline still moving)").isEqualTo(before);
            assertThat(shown).as("what the dashboard shows").isEqualTo(after);
            shownPage.set(page);
          });
      Figures answers = answers(trino);
      assertThat(answers.freshness()).extracting(row -> row.get(0)).hasSize(TABLES_WITH_FRESHNESS).doesNotHaveDuplicates();
      if (!Instant.now().truncatedTo(ChronoUnit.HOURS).isAfter(firstEvent.plus(EVENT_SPAN))) {
        assertThat(new BigDecimal(answers.ordersThisHour())).as("orders this hour (events of this hour landed)")
            .isPositive();
      }
      Path screenshot = Path.of(System.getProperty("e2e.work.dir", "target/e2e")).toAbsolutePath()
          .resolveSibling("dashboard").resolve("lakehouse-dashboard.png");
      shownPage.get().screenshot(screenshot);
      assertThat(Arrays.copyOf(Files.readAllBytes(screenshot), 4)).as("a PNG at " + screenshot)
          .isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
    } finally {
      driver.quit();
    }
  }

  /** Every component on free ports under target/e2e; the generator: five minutes of events ending now, then it stops. */
  private static StackConfig config(Path repo, Instant firstEvent) {
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, Path.of(System.getProperty("e2e.work.dir", "target/e2e")).toAbsolutePath()
        .resolve("local-stack-" + System.currentTimeMillis()).toString());
    for (Setting setting : Setting.values()) {
      if (setting.kind() == Setting.Kind.PORT) {
        overrides.put(setting, Integer.toString(setting == Setting.KAFKA_PORT ? FreePorts.pickWithNext() : FreePorts.pick()));
      }
    }
    // integration tests run side by side (e2e.forks): the dashboard's first provisioning, CPU-bound
    // Python, took over the default 180 s beside another test's stack on two loaded cores
    overrides.put(Setting.STARTUP_TIMEOUT_SECONDS, "420");
    // beside another test's stack, Trino's CPU is the test's cost: the tests' quick start (as
    // PipelineStack) and the marts every minute, the dashboard's own refresh, instead of every 15 s
    // (the scheduler kept Trino at about two thirds of a core)
    overrides.put(Setting.TRINO_JVM_OPTIONS, String.join(" ", TrinoScripts.QUICK_START));
    overrides.put(Setting.DBT_EVERY, "1m");
    overrides.put(Setting.GENERATOR_ARGS, "--start-time " + firstEvent + " --events-per-minute " + EVENTS_PER_MINUTE
        + " --events " + EVENT_SPAN.toMinutes() * EVENTS_PER_MINUTE + " --no-tail --seed 11");
    return StackConfig.of(repo, overrides);
  }

  private static Figures answers(int trinoPort) throws Exception {
    return new Figures(normalised(TrinoQuery.rows(trinoPort, ORDERS_THIS_HOUR_SQL).get(0).get(0)),
        sorted(TrinoQuery.rows(trinoPort, DAILY_REVENUE_SQL)), sorted(TrinoQuery.rows(trinoPort, FRESHNESS_SQL)));
  }

  /** One spelling for both sides: numbers without thousands separators or trailing zeros; NULL (Superset's "N/A") as empty. */
  private static String normalised(String value) {
    if (value == null || value.equals("N/A")) {
      return "";
    }
    String plain = value.replace(",", "");
    return plain.matches("-?\\d+(\\.\\d+)?") ? new BigDecimal(plain).stripTrailingZeros().toPlainString() : value;
  }

  /** The rows {@link #normalised}, in one order: the page's and Trino's differ. */
  private static List<List<String>> sorted(List<List<String>> rows) {
    List<List<String>> normalised = new ArrayList<>(rows.stream().map(row -> row.stream().map(LocalStackIT::normalised).toList()).toList());
    normalised.sort(Comparator.comparing(row -> String.join("\u0000", row)));
    return normalised;
  }
}
