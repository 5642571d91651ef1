package dev.lakehouse.streams.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Serves {@link Routes} over HTTP (GET and HEAD) with the JDK's built-in server. */
public final class StatusServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StatusServer.class);

  private final HttpServer server;
  private final ExecutorService executor;

  private StatusServer(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /** Binds to the address (port 0 picks a free port) and starts serving. */
  public static StatusServer start(InetSocketAddress address, Routes routes) {
    HttpServer server;
    try {
      server = HttpServer.create(address, 16);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot start the HTTP server on " + address + ": " + e.getMessage()
              + " (is the port taken? set http.port)", e);
    }
    ExecutorService executor = Executors.newFixedThreadPool(2, runnable -> {
      Thread thread = new Thread(runnable, "status-http");
      thread.setDaemon(true);
      return thread;
    });
    server.setExecutor(executor);
    server.createContext("/", exchange -> serve(exchange, routes));
    server.start();
    LOG.info("Serving {} on http://{}:{}", routes.paths(), address.getHostString(), server.getAddress().getPort());
    return new StatusServer(server, executor);
  }

  private static void serve(HttpExchange exchange, Routes routes) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      Response response = method.equals("GET") || method.equals("HEAD")
          ? handle(routes, exchange.getRequestURI().getPath())
          : new Response(405, Response.TEXT, "Cannot " + method + ": only GET and HEAD are served\n");
      byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", response.contentType());
      boolean head = method.equals("HEAD");
      exchange.sendResponseHeaders(response.status(), head ? -1 : body.length);
      if (!head) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      }
    }
  }

  private static Response handle(Routes routes, String path) {
    try {
      return routes.handle(path);
    } catch (RuntimeException e) {
      LOG.warn("Cannot answer {}", path, e);
      return new Response(500, Response.TEXT, "Cannot answer " + path + ": " + e + "\n");
    }
  }

  public int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
