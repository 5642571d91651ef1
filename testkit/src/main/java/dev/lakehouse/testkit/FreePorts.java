package dev.lakehouse.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.stream.IntStream;

/** Picks a free TCP port on 127.0.0.1, for servers whose port must be known before they bind. */
public final class FreePorts {
  private FreePorts() {}

  /** A free port whose successor is free too: a KRaft broker port, its controller taking the next one. */
  public static int pickWithNext() {
    return pickSpaced(2, 1);
  }

  /** A free port p with p + step, ..., p + (count - 1) x step free too: the ports of a component's instances. */
  public static int pickSpaced(int count, int step) {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port = pick();
      int last = port + (count - 1) * step;
      if (last <= 65535 && IntStream.range(1, count).allMatch(i -> isFree(port + i * step))) {
        return port;
      }
    }
    throw new IllegalStateException("Cannot find " + count + " free ports " + step + " apart on 127.0.0.1");
  }

  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public static int pick() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port on 127.0.0.1", e);
    }
  }
}
