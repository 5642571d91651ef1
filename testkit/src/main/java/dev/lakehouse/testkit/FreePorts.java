package dev.lakehouse.testkit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Picks a free TCP port on 127.0.0.1, for servers whose port must be known before they bind.
 *
 * <p>Ports come from below Linux's ephemeral range (32768 and up by default): a port picked there
 * could be handed to any outgoing connection on the machine (another test's Kafka client, say)
 * before its server binds it, which a stack that starts its components one after another gives
 * seconds to happen ("Address already in use"; seen with two integration tests side by side).
 *
 * <p>A port handed out stays reserved for the JVM that picked it until that JVM exits: a lock on the
 * file {@code <java.io.tmpdir>/lakehouse-free-ports/<port>}, which the OS releases even on kill -9. So
 * test JVMs side by side (the end-to-end forks, the other modules' tests) never hand out the same port,
 * even to a server that binds it minutes later (a Trino started after the pipeline ran); a port is free
 * until its server binds it, which a check alone cannot promise ("port ... is already in use", seen in
 * a clean clone's test command).
 */
public final class FreePorts {
  private static final int FIRST = 10_000;
  private static final int END = 32_768;
  private static final Path RESERVATIONS = Path.of(System.getProperty("java.io.tmpdir"), "lakehouse-free-ports");
  /** The ports this JVM reserved, with their held locks. */
  private static final Map<Integer, FileLock> RESERVED = new HashMap<>();

  private FreePorts() {}

  /** A free port whose successor is free too: a KRaft broker port, its controller taking the next one. */
  public static int pickWithNext() {
    return pickSpaced(2, 1);
  }

  /** A free port p with p + step, ..., p + (count - 1) x step free too: the ports of a component's instances. */
  public static synchronized int pickSpaced(int count, int step) {
    int span = (count - 1) * step;
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(FIRST, END - span);
      List<Integer> ports = IntStream.range(0, count).mapToObj(i -> port + i * step).toList();
      if (reserveAll(ports)) {
        if (ports.stream().allMatch(FreePorts::isFree)) {
          return port;
        }
        ports.forEach(FreePorts::release);
      }
    }
    throw new IllegalStateException("Cannot find " + count + " free ports " + step + " apart on 127.0.0.1 between "
        + FIRST + " and " + END);
  }

  public static int pick() {
    return pickSpaced(1, 1);
  }

  /** As the local stack checks a port before it starts a component: the wildcard address, reused. */
  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Reserves every port of {@code ports} for this JVM, or none of them (false). */
  private static boolean reserveAll(List<Integer> ports) {
    for (int i = 0; i < ports.size(); i++) {
      if (!reserve(ports.get(i))) {
        ports.subList(0, i).forEach(FreePorts::release);
        return false;
      }
    }
    return true;
  }

  /** False when this JVM or another one holds the port's lock file. */
  private static boolean reserve(int port) {
    if (RESERVED.containsKey(port)) {
      return false;
    }
    try {
      Files.createDirectories(RESERVATIONS);
      FileChannel channel = FileChannel.open(RESERVATIONS.resolve(Integer.toString(port)),
          StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = tryLock(channel);
      if (lock == null) {
        channel.close();
        return false;
      }
      RESERVED.put(port, lock);
      return true;
    } catch (IOException e) {
      throw new IllegalStateException("Cannot reserve port " + port + " under " + RESERVATIONS + ": " + e.getMessage()
          + " (set java.io.tmpdir to a writable folder)", e);
    }
  }

  /** Null when another holder has the lock: another JVM, or another channel of this one. */
  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;
    }
  }

  private static void release(int port) {
    FileLock lock = RESERVED.remove(port);
    try {
      lock.channel().close();
    } catch (IOException e) {
      // the lock goes with the JVM anyway
    }
  }
}
