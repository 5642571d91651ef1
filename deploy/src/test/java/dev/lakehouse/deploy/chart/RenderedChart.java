package dev.lakehouse.deploy.chart;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The objects of one render, with the lookups the tests need (YAML as maps and lists). */
record RenderedChart(List<Map<String, Object>> objects) {

  List<Map<String, Object>> ofKind(String kind) {
    return objects.stream().filter(object -> kind.equals(object.get("kind"))).toList();
  }

  Map<String, Object> get(String kind, String name) {
    return ofKind(kind).stream().filter(object -> name.equals(at(object, "metadata", "name"))).findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " in the render; it has " + names()));
  }

  private List<String> names() {
    return objects.stream().map(object -> object.get("kind") + "/" + at(object, "metadata", "name")).toList();
  }

  /** The pod template's spec of a workload (Deployment, StatefulSet, Job, CronJob). */
  static Map<String, Object> podSpec(Map<String, Object> workload) {
    Map<String, Object> spec = map(workload.get("spec"));
    if ("CronJob".equals(workload.get("kind"))) {
      spec = map(at(spec, "jobTemplate", "spec"));
    }
    return map(at(spec, "template", "spec"));
  }

  static Map<String, Object> container(Map<String, Object> workload, String name) {
    return list(podSpec(workload).get("containers")).stream().map(RenderedChart::map)
        .filter(container -> name.equals(container.get("name"))).findFirst()
        .orElseThrow(() -> new AssertionError("no container " + name + " in " + at(workload, "metadata", "name")));
  }

  /** The literal value of a container's environment variable, if it has one. */
  static Optional<String> env(Map<String, Object> container, String name) {
    return list(container.get("env")).stream().map(RenderedChart::map).filter(variable -> name.equals(variable.get("name")))
        .findFirst().map(variable -> variable.get("value") == null ? null : variable.get("value").toString());
  }

  static Map<String, Object> envEntry(Map<String, Object> container, String name) {
    return list(container.get("env")).stream().map(RenderedChart::map).filter(variable -> name.equals(variable.get("name")))
        .findFirst().orElseThrow(() -> new AssertionError("no variable " + name + " in container " + container.get("name")));
  }

  /** The value at a path of keys, or null. */
  static Object at(Object node, String... keys) {
    Object current = node;
    for (String key : keys) {
      if (!(current instanceof Map<?, ?> map)) {
        return null;
      }
      current = map.get(key);
    }
    return current;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object node) {
    return node == null ? Map.of() : (Map<String, Object>) node;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object node) {
    return node == null ? List.of() : (List<Object>) node;
  }
}
