package dev.lakehouse.local.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.local.stack.components.JvmComponent;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.local.stack.process.PidFiles;
import dev.lakehouse.testkit.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A component whose JVM dies at startup: up fails fast with its last log lines and how to see the rest. */
class ComponentFailureTest {

  /** The "component": prints 25 numbered lines and exits with code 3. */
  public static final class CrashingMain {
    public static void main(String[] args) {
      for (int i = 1; i <= 25; i++) {
        System.out.println("crash line " + i);
      }
      System.exit(3);
    }
  }

  static final class CrashingComponent extends JvmComponent {
    @Override
    public String name() {
      return "crashing";
    }

    @Override
    public String title() {
      return "the crashing component";
    }

    @Override
    protected JavaCommand command(StackConfig config) {
      return JvmCommand.of(name(), config.dataDir(), "64m", System.getProperty("java.class.path"), CrashingMain.class.getName());
    }

    @Override
    protected BooleanSupplier readiness(StackConfig config) {
      return () -> false;
    }

    @Override
    protected String detail(StackConfig config) {
      return "";
    }
  }

  @Test
  void upReportsTheExitCodeTheLastLogLinesAndTheLogCommand(@TempDir Path repo) {
    StackConfig config = StackConfig.of(repo, Map.of());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LocalStack stack = new LocalStack(config, List.of(new CrashingComponent()), new PrintStream(out, true));

    assertThatThrownBy(stack::up)
        .isInstanceOf(StackException.class)
        .hasMessageStartingWith("Cannot start the crashing component: its process exited with code 3"
            + System.lineSeparator() + "Last lines of " + config.layout().logFile("crashing") + ":")
        .hasMessageContaining("  crash line 6" + System.lineSeparator())
        .hasMessageContaining("  crash line 25" + System.lineSeparator()
            + "See the whole log: ./lakehouse logs crashing   (or: less " + config.layout().logFile("crashing") + ")")
        .hasMessageNotContaining("crash line 5" + System.lineSeparator())
        .hasMessageEndingWith("Components started before it keep running; stop them with ./lakehouse down");
    assertThat(out.toString()).matches("\\[1/1\\] the crashing component \\.*\\.\\.\\. FAILED after \\d+\\.\\d s\\R");
    assertThat(PidFiles.find(config.layout(), "crashing")).isEmpty();
  }
}
