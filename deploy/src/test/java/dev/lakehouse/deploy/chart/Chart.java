package dev.lakehouse.deploy.chart;

import dev.lakehouse.deploy.tools.Tools;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.yaml.snakeyaml.Yaml;

/** `helm template` of deploy/helm/lakehouse, as the docs' `helm install` would apply it. */
final class Chart {
  static final Path DIR = Tools.repo().resolve("deploy/helm/lakehouse");
  static final Path MINIMAL_VALUES = DIR.resolve("ci/minimal-values.yaml");
  static final Path PRODUCTION_VALUES = DIR.resolve("values-production.yaml");
  static final String NAMESPACE = "lakehouse";

  private Chart() {}

  /** The objects of release {@code release} with these values files and {@code --set key=value}s. */
  static RenderedChart render(String release, List<Path> valuesFiles, Map<String, String> sets) throws Exception {
    Tools.Result result = Tools.run(command("template", release, valuesFiles, sets));
    if (result.exitCode() != 0) {
      throw new AssertionError("helm template failed (exit " + result.exitCode() + "): " + result.output());
    }
    return new RenderedChart(parse(manifests(result.output())));
  }

  static RenderedChart render(Path... valuesFiles) throws Exception {
    return render(NAMESPACE, List.of(valuesFiles), Map.of());
  }

  /** The error of a render that must fail. */
  static String renderFailure(List<Path> valuesFiles, Map<String, String> sets) throws Exception {
    Tools.Result result = Tools.run(command("template", NAMESPACE, valuesFiles, sets));
    if (result.exitCode() == 0) {
      throw new AssertionError("helm template succeeded where it must refuse: " + sets);
    }
    return result.output();
  }

  /** The rendered manifests as helm prints them (for the validators). */
  static String manifests(List<Path> valuesFiles) throws Exception {
    Tools.Result result = Tools.run(command("template", NAMESPACE, valuesFiles, Map.of()));
    if (result.exitCode() != 0) {
      throw new AssertionError("helm template failed (exit " + result.exitCode() + "): " + result.output());
    }
    return manifests(result.output());
  }

  static Tools.Result lint(List<Path> valuesFiles) throws Exception {
    List<String> command = new ArrayList<>(List.of(Tools.helm().toString(), "lint", "--strict", DIR.toString()));
    valuesFiles.forEach(file -> command.addAll(List.of("-f", file.toString())));
    return Tools.run(command);
  }

  private static List<String> command(String verb, String release, List<Path> valuesFiles, Map<String, String> sets)
      throws IOException {
    List<String> command = new ArrayList<>(List.of(Tools.helm().toString(), verb, release, DIR.toString(),
        "--namespace", NAMESPACE));
    valuesFiles.forEach(file -> command.addAll(List.of("-f", file.toString())));
    sets.forEach((key, value) -> command.addAll(List.of("--set", key + "=" + value)));
    return command;
  }

  /** helm's output without its notes on the chart's symbolic links (files/ links to the project's configs). */
  private static String manifests(String output) {
    return output.lines().filter(line -> !line.startsWith("walk.go:")).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> parse(String manifests) {
    return StreamSupport.stream(new Yaml().loadAll(manifests).spliterator(), false)
        .filter(doc -> doc instanceof Map).map(doc -> (Map<String, Object>) doc).toList();
  }
}
