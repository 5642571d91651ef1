package dev.lakehouse.local.stack.process;

import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.Setting;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Tells whether a TCP port can be bound, before a component is started on it. */
public final class PortCheck {
  private PortCheck() {}

  /** Throws when {@code port} is taken, naming the component and the setting that moves it. */
  public static void requireFree(String component, int port, Setting setting) {
    if (!isFree(port)) {
      throw new StackException(taken(component, port, setting));
    }
  }

  public static String taken(String component, int port, Setting setting) {
    return "Cannot start " + component + ": port " + port + " is already in use by another program. "
        + "Stop that program (`ss -ltnp 'sport = :" + port + "'` shows it) or choose another port: "
        + setting.howToChange() + ".";
  }

  /** Binding the wildcard address also fails when another program listens on 127.0.0.1 only. */
  public static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      // a port in TIME_WAIT after our own restart is free for a listener
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public static boolean isListening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
