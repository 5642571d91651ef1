package dev.lakehouse.local.stack;

import java.util.List;

/** {@code up} started nothing: ports of components it would start are taken; the message names each. */
public final class PortsTakenException extends StackException {
  private final List<Integer> ports;

  public PortsTakenException(String message, List<Integer> ports) {
    super(message);
    this.ports = List.copyOf(ports);
  }

  public List<Integer> ports() {
    return ports;
  }
}
