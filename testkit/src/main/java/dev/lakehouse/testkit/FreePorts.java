package dev.lakehouse.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Picks a free TCP port on 127.0.0.1, for servers whose port must be known before they bind. */
public final class FreePorts {
  private FreePorts() {}

  /** A free port whose successor is free too: a KRaft broker port, its controller taking the next one. */
  public static int pickWithNext() {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port = pick();
      if (port < 65534 && isFree(port + 1)) {
        return port;
      }
    }
    throw new IllegalStateException("Cannot find two free consecutive ports on 127.0.0.1");
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
