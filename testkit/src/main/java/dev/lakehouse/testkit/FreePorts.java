package dev.lakehouse.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Picks a free TCP port on 127.0.0.1, for servers whose port must be known before they bind.
 *
 * <p>Ports come from below Linux's ephemeral range (32768 and up by default): a port picked there
 * could be handed to any outgoing connection on the machine (another test's Kafka client, say)
 * before its server binds it, which a stack that starts its components one after another gives
 * seconds to happen ("Address already in use"; seen with two integration tests side by side).
 */
public final class FreePorts {
  private static final int FIRST = 10_000;
  private static final int END = 32_768;

  private FreePorts() {}

  /** A free port whose successor is free too: a KRaft broker port, its controller taking the next one. */
  public static int pickWithNext() {
    return pickSpaced(2, 1);
  }

  /** A free port p with p + step, ..., p + (count - 1) x step free too: the ports of a component's instances. */
  public static int pickSpaced(int count, int step) {
    int span = (count - 1) * step;
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(FIRST, END - span);
      if (IntStream.range(0, count).allMatch(i -> isFree(port + i * step))) {
        return port;
      }
    }
    throw new IllegalStateException("Cannot find " + count + " free ports " + step + " apart on 127.0.0.1 between "
        + FIRST + " and " + END);
  }

  public static int pick() {
    return pickSpaced(1, 1);
  }

  /**
   * A picker for the ports of one stack, which must all differ: a port is free until its server
   * binds it, so two picks in a row can return the same one (the local stack refuses that, naming
   * both settings). {@code taken}: ports the stack uses already.
   */
  public static Distinct distinct(int... taken) {
    return new Distinct(IntStream.of(taken).boxed().toList());
  }

  /** Hands out free ports, none of them one it handed out before or was given as taken. */
  public static final class Distinct {
    private final Set<Integer> taken;

    private Distinct(List<Integer> taken) {
      this.taken = new HashSet<>(taken);
    }

    /** As {@link FreePorts#pickSpaced}, none of the ports p, p + step, ... taken before. */
    public int pickSpaced(int count, int step) {
      for (int attempt = 0; attempt < 200; attempt++) {
        int port = FreePorts.pickSpaced(count, step);
        List<Integer> ports = IntStream.range(0, count).mapToObj(i -> port + i * step).toList();
        if (ports.stream().noneMatch(taken::contains)) {
          taken.addAll(ports);
          return port;
        }
      }
      throw new IllegalStateException("Cannot find " + count + " free ports " + step + " apart that differ from "
          + taken.size() + " ports taken on 127.0.0.1");
    }

    public int pickWithNext() {
      return pickSpaced(2, 1);
    }

    public int pick() {
      return pickSpaced(1, 1);
    }
  }

  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
