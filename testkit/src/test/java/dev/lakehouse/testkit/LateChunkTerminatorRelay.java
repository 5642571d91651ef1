package dev.lakehouse.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay in front of an S3 server that holds back the end of every aws-chunked upload (the
 * zero-length chunk and the checksum trailer) until the server has answered the upload, or for at
 * most {@link #MAX_HOLD_MS}: the order of events when a busy client is descheduled between its last
 * data chunk and the trailer it signs after it. Everything else passes straight through, and a
 * connection the server closes is closed towards the client too.
 */
final class LateChunkTerminatorRelay implements AutoCloseable {
  static final long MAX_HOLD_MS = 1_000;
  private static final byte[] TERMINATOR = "0;chunk-signature=".getBytes(StandardCharsets.US_ASCII);

  private final ServerSocket listener;
  private final URI target;
  private final AtomicInteger heldTerminators = new AtomicInteger();
  private final AtomicInteger answeredBeforeTheEnd = new AtomicInteger();
  private final List<Socket> sockets = new ArrayList<>();

  private LateChunkTerminatorRelay(ServerSocket listener, URI target) {
    this.listener = listener;
    this.target = target;
  }

  static LateChunkTerminatorRelay start(String targetEndpoint) throws IOException {
    ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    LateChunkTerminatorRelay relay = new LateChunkTerminatorRelay(listener, URI.create(targetEndpoint));
    daemon("relay-accept", relay::accept);
    return relay;
  }

  String endpoint() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  /** How many upload endings the relay held back: proof that the client sent aws-chunked bodies. */
  int heldTerminators() {
    return heldTerminators.get();
  }

  /** How many of those the server answered while it had not received them yet. */
  int answeredBeforeTheEnd() {
    return answeredBeforeTheEnd.get();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), target.getPort());
        synchronized (sockets) {
          sockets.add(client);
          sockets.add(server);
        }
        Answers answers = new Answers();
        daemon("relay-to-server", () -> toServer(client, server, answers));
        daemon("relay-to-client", () -> toClient(server, client, answers));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void toServer(Socket client, Socket server, Answers answers) {
    byte[] buffer = new byte[64 * 1024];
    TerminatorScanner scanner = new TerminatorScanner();
    try (client; server) {
      InputStream in = client.getInputStream();
      OutputStream out = server.getOutputStream();
      int n;
      while ((n = in.read(buffer)) > 0) {
        int cut = scanner.terminatorStart(buffer, n);
        if (cut >= 0) {
          int before = answers.count();
          out.write(buffer, 0, cut);
          out.flush();
          heldTerminators.incrementAndGet();
          if (answers.awaitMoreThan(before, MAX_HOLD_MS)) {
            answeredBeforeTheEnd.incrementAndGet();
          }
        }
        out.write(buffer, Math.max(cut, 0), n - Math.max(cut, 0));
        out.flush();
      }
    } catch (IOException e) {
      // the other side went away: closing both ends (try-with-resources) passes that on
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void toClient(Socket server, Socket client, Answers answers) {
    byte[] buffer = new byte[64 * 1024];
    try (server; client) {
      InputStream in = server.getInputStream();
      OutputStream out = client.getOutputStream();
      int n;
      while ((n = in.read(buffer)) > 0) {
        out.write(buffer, 0, n);
        out.flush();
        answers.arrived();
      }
    } catch (IOException e) {
      // as above
    }
  }

  private static void daemon(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Counts the reads of server answers on one connection. */
  private static final class Answers {
    private int count;

    synchronized int count() {
      return count;
    }

    synchronized void arrived() {
      count++;
      notifyAll();
    }

    /** True when an answer came after {@code seen} answers within the time, false when the time ran out. */
    synchronized boolean awaitMoreThan(int seen, long maxMs) throws InterruptedException {
      long deadline = System.currentTimeMillis() + maxMs;
      while (count <= seen) {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
          return false;
        }
        wait(left);
      }
      return true;
    }
  }

  /** Finds lines that start with the terminating chunk in a byte stream read piece by piece. */
  private static final class TerminatorScanner {
    private int matched; // bytes of the terminator matched at the current line start, -1 when none
    private byte previous;

    /** Where a terminator that completes in this read starts (0 if it began in an earlier read), else -1. */
    int terminatorStart(byte[] b, int n) {
      for (int i = 0; i < n; i++) {
        byte c = b[i];
        if (matched >= 0) {
          matched = c == TERMINATOR[matched] ? matched + 1 : -1;
          if (matched == TERMINATOR.length) {
            matched = -1;
            previous = c;
            return Math.max(0, i + 1 - TERMINATOR.length);
          }
        }
        if (c == '\n' && previous == '\r') {
          matched = 0;
        }
        previous = c;
      }
      return -1;
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    synchronized (sockets) {
      for (Socket socket : sockets) {
        socket.close();
      }
    }
  }
}
