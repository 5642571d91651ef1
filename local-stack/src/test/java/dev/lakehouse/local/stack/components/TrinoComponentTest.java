package dev.lakehouse.local.stack.components;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.testkit.RepoDir;
import dev.lakehouse.testkit.TrinoScripts;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the stack hands Trino's start.sh: its own JVM options only when the stack sets some, its startup timeout. */
class TrinoComponentTest {
  @Test
  void passesTheStacksTrinoJvmOptionsToStartSh() {
    StackConfig config = StackConfig.of(RepoDir.get(), Map.of(Setting.TRINO_JVM_OPTIONS, "-XX:TieredStopAtLevel=1  -Xss2m"));

    assertThat(new TrinoComponent().environment(config))
        .containsEntry(TrinoScripts.JVM_OPTIONS_VARIABLE, "-XX:TieredStopAtLevel=1 -Xss2m")
        .containsEntry("TRINO_PORT", Integer.toString(config.trinoPort()));
  }

  @Test
  void startShWaitsAsLongAsTheStackWaitsForAComponent() {
    StackConfig config = StackConfig.of(RepoDir.get(), Map.of(Setting.STARTUP_TIMEOUT_SECONDS, "300"));

    assertThat(new TrinoComponent().environment(config)).containsEntry(TrinoScripts.START_TIMEOUT_VARIABLE, "300");
  }

  @Test
  void leavesTrinosOwnSettingsAloneByDefault() {
    StackConfig config = StackConfig.of(RepoDir.get(), Map.of());

    assertThat(config.trinoJvmOptions()).isEmpty();
    assertThat(new TrinoComponent().environment(config)).doesNotContainKey(TrinoScripts.JVM_OPTIONS_VARIABLE);
  }
}
