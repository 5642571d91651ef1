package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.Replays;
import dev.lakehouse.local.stack.config.StackConfig;
import java.util.ArrayList;
import java.util.List;

/** The components of the local stack in start order. */
public final class Components {
  private Components() {}

  /**
   * Every component, with {@code connect.workers} Connect workers and {@code streams.instances} Streams app
   * instances, and the connector and Streams app of each replay started in the stack ({@link Replays}).
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
    components.addAll(replay(config));
    components.addAll(List.of(new TrinoComponent(), new DbtComponent(), new DashboardComponent(),
        new MaintenanceComponent(), new GeneratorComponent()));
    return components;
  }

  /** The components of the stack's replays, each its connector and then its Streams app. */
  public static List<Component> replay(StackConfig config) {
    List<Component> components = new ArrayList<>();
    List<Replay> replays = Replays.started(config.layout());
    for (int position = 0; position < replays.size(); position++) {
      components.add(new ConnectorComponent(replays.get(position)));
      components.add(new StreamsComponent(replays.get(position), position));
    }
    return components;
  }

  /** Only the broker, S3 server, catalog and topics. */
  public static List<Component> servicesOnly(String localStackClasspath) {
    return List.of(new ServicesComponent(localStackClasspath));
  }
}
