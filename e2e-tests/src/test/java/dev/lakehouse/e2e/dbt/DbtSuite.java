package dev.lakehouse.e2e.dbt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * The dbt project's integration suite ({@code dbt/integration}, pytest) run against a stack's
 * Trino: a full {@code dbt build --target local}, then, when the suite asks for more events
 * (its {@code DBT_TEST_BETWEEN} hook), the caller lands them through the pipeline and says so,
 * then an incremental build; the checks compare with the generator oracle the caller writes to
 * {@link #oracleFile} before each build, and with the landed tables.
 */
public final class DbtSuite implements AutoCloseable {
  private static final String REQUESTED = "more-events.requested";
  private static final String LANDED = "more-events.landed";
  private static final String ORACLE = "hourly-oracle.json";
  private static final String LOG = "pytest.log";
  /** Beside failsafe's reports: ./lakehouse test counts (and in CI refuses) a check of the suite that was skipped. */
  private static final Path JUNIT_REPORT = Path.of(System.getProperty("e2e.work.dir", "target/e2e")).toAbsolutePath()
      .resolveSibling("pytest-reports").resolve("TEST-dbt-on-landed-data.xml");

  private final Path workDir;
  private final Process process;

  private DbtSuite(Path workDir, Process process) {
    this.workDir = workDir;
    this.process = process;
  }

  /**
   * Starts pytest, its models built into {@code schema} (new; kept when the suite ends). {@code workDir}
   * holds the oracle file, the hook's signals and pytest's output.
   */
  public static DbtSuite start(int trinoPort, String schema, Path workDir, Duration moreEventsTimeout)
      throws IOException {
    String hook = "touch '" + workDir.resolve(REQUESTED) + "'; for _ in $(seq " + moreEventsTimeout.toSeconds() + "); do "
        + "[ -f '" + workDir.resolve(LANDED) + "' ] && exit 0; sleep 1; done; "
        + "echo 'Cannot add events between the builds: the test did not land them in time' >&2; exit 1";
    ProcessBuilder builder = ProjectVenv.inDbtProject(trinoPort, "python", "-m", "pytest", "-q", "-p",
        "no:cacheprovider", "-rA", "--junitxml=" + JUNIT_REPORT, RepoDir.get().resolve("dbt/integration").toString())
        .redirectErrorStream(true).redirectOutput(workDir.resolve(LOG).toFile());
    builder.environment().put("DBT_TEST_BETWEEN", hook);
    builder.environment().put("DBT_TEST_ORACLE", oracleFile(workDir).toString());
    builder.environment().put("DBT_TEST_SCHEMA", schema);
    return new DbtSuite(workDir, builder.start());
  }

  /** Where the suite reads the expected hourly revenue ({@link HourlyRevenueOracle#write}) of the builds to come. */
  public static Path oracleFile(Path workDir) {
    return workDir.resolve(ORACLE);
  }

  /** Waits until the suite's first build is done and it asks for more events; fails if it exits first. */
  public void awaitMoreEventsRequested(Duration timeout) {
    Awaitility.await("the dbt suite's first build").atMost(timeout).pollInterval(Duration.ofSeconds(1))
        .until(() -> Files.exists(workDir.resolve(REQUESTED)) || !process.isAlive());
    assertThat(process.isAlive()).as("the dbt suite exited (code %s) before asking for more events",
        process.isAlive() ? "-" : process.exitValue()).isTrue();
  }

  /** Lets the suite run its incremental build. */
  public void moreEventsLanded() throws IOException {
    Files.createFile(workDir.resolve(LANDED));
  }

  /** The suite's exit code (0 when every check passed), after printing its output. */
  public int awaitExit(Duration timeout) throws InterruptedException, IOException {
    boolean exited = process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS);
    System.out.println(Files.readString(workDir.resolve(LOG)));
    assertThat(exited).as("the dbt suite finished within %s", timeout).isTrue();
    return process.exitValue();
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
  }
}
