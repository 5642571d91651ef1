package dev.lakehouse.local.stack;

import java.util.ArrayList;
import java.util.List;

/** The components of the local stack in start order. */
public final class Components {
  private Components() {}

  /**
   * Every component, with {@code connect.workers} Connect workers and {@code streams.instances} Streams app instances.
   *
   * @param localStackClasspath classpath holding local-stack and its dependencies (the services JVM runs it)
   */
  public static List<Component> standard(StackConfig config, String localStackClasspath) {
    List<Component> components = new ArrayList<>();
    components.add(new ServicesComponent(localStackClasspath));
    for (int worker = 1; worker <= config.connectWorkers(); worker++) {
      components.add(new ConnectWorkerComponent(worker));
    }
    components.add(new ConnectorComponent());
    for (int instance = 1; instance <= config.streamsInstances(); instance++) {
      components.add(new StreamsComponent(instance));
    }
    components.addAll(List.of(new TrinoComponent(), new DbtComponent(), new DashboardComponent(),
        new MaintenanceComponent(), new GeneratorComponent()));
    return components;
  }

  /** Only the broker, S3 server, catalog and topics. */
  public static List<Component> servicesOnly(String localStackClasspath) {
    return List.of(new ServicesComponent(localStackClasspath));
  }
}
