package dev.lakehouse.local.stack;

import java.util.List;

/** The components of the local stack in start order. */
public final class Components {
  private Components() {}

  /** @param localStackClasspath classpath holding local-stack and its dependencies (the services JVM runs it) */
  public static List<Component> standard(String localStackClasspath) {
    return List.of(
        new ServicesComponent(localStackClasspath),
        new ConnectWorkerComponent(),
        new ConnectorComponent(),
        new StreamsComponent(),
        new TrinoComponent(),
        new DbtComponent(),
        new DashboardComponent(),
        new MaintenanceComponent(),
        new GeneratorComponent());
  }

  /** Only the broker, S3 server, catalog and topics. */
  public static List<Component> servicesOnly(String localStackClasspath) {
    return List.of(new ServicesComponent(localStackClasspath));
  }
}
