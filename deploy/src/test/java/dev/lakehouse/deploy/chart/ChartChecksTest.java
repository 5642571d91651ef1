package dev.lakehouse.deploy.chart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.deploy.tools.Checkov;
import dev.lakehouse.deploy.tools.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart as the tools of the trade see it, offline: helm's linter, every rendered object against
 * the Kubernetes API schemas of the oldest version the chart supports and of the one helm is built
 * for (kubernetes-validate ships them), and checkov's policies (0 failed; skips in deploy/checkov.yaml).
 * Rendered twice: with the least an install needs, and with the example production values.
 */
class ChartChecksTest {
  /** The chart's kubeVersion floor and the version helm renders for (deploy/bin/install-helm.sh). */
  static final List<String> KUBERNETES_VERSIONS = List.of("1.29.0", "1.36.0");

  @TempDir
  static Path dir;
  static Path minimal;
  static Path production;

  @BeforeAll
  static void render() throws Exception {
    minimal = Files.writeString(dir.resolve("minimal.yaml"), Chart.manifests(List.of(Chart.MINIMAL_VALUES)));
    production = Files.writeString(dir.resolve("production.yaml"),
        Chart.manifests(List.of(Chart.MINIMAL_VALUES, Chart.PRODUCTION_VALUES)));
  }

  @Test
  void helmLintFindsNothingWithEitherValues() throws Exception {
    for (List<Path> values : List.of(List.of(Chart.MINIMAL_VALUES), List.of(Chart.MINIMAL_VALUES, Chart.PRODUCTION_VALUES))) {
      Tools.Result lint = Chart.lint(values);

      assertThat(lint.exitCode()).as(lint.output()).isZero();
      assertThat(lint.output()).contains("1 chart(s) linted, 0 chart(s) failed").doesNotContain("[WARNING]", "[ERROR]");
    }
  }

  @Test
  void everyRenderedObjectIsValidForBothKubernetesVersions() throws Exception {
    for (String version : KUBERNETES_VERSIONS) {
      Tools.Result result = validate(version, minimal, production);

      assertThat(result.exitCode()).as("kubernetes-validate %s: %s", version, result.output()).isZero();
    }
  }

  @Test
  void theValidatorRefusesAFieldTheApiDoesNotHave() throws Exception {
    Path wrong = Files.writeString(dir.resolve("wrong.yaml"), Files.readString(minimal)
        .replaceFirst("terminationGracePeriodSeconds:", "terminationGraceSeconds:"));

    Tools.Result result = validate(KUBERNETES_VERSIONS.get(0), wrong);

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output()).contains("terminationGraceSeconds");
  }

  @Test
  void checkovFindsNoFailedCheck() throws Exception {
    Checkov.assertNoFailedCheck("kubernetes", List.of(minimal, production));
  }

  private static Tools.Result validate(String version, Path... files) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(Tools.venv("kubernetes-validate").toString(), "--strict",
        "--quiet", "--kubernetes-version", version));
    for (Path file : files) {
      command.add(file.toString());
    }
    return Tools.run(command);
  }
}
