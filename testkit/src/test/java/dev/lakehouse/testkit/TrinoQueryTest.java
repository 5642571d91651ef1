package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A statement Trino refused for want of a node is sent again; any other error fails at once. */
class TrinoQueryTest {
  private static final String NO_NODES = "{\"error\":{\"message\":\"No nodes available to run query\",\"errorName\":\"NO_NODES_AVAILABLE\"}}";
  private static final String ROWS = "{\"data\":[[\"1\",null]]}";
  private static final String SYNTAX = "{\"error\":{\"message\":\"line 1:1: mismatched input\",\"errorName\":\"SYNTAX_ERROR\"}}";

  private final AtomicInteger statements = new AtomicInteger();
  private HttpServer server;

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aStatementRefusedForWantOfANodeIsSentAgainUntilItRuns() throws Exception {
    int port = serve(NO_NODES, NO_NODES, ROWS);

    assertThat(TrinoQuery.rows(port, "select 1, null")).isEqualTo(List.of(Arrays.asList("1", null)));
    assertThat(statements).hasValue(3);
  }

  @Test
  void anyOtherErrorFailsAtOnceNamingTheStatement() throws Exception {
    int port = serve(SYNTAX, ROWS);

    assertThatThrownBy(() -> TrinoQuery.rows(port, "selec 1")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("selec 1").hasMessageContaining("mismatched input");
    assertThat(statements).hasValue(1);
  }

  /** Answers the n-th POST of a statement with the n-th body (the last one from then on). */
  private int serve(String... bodies) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/statement", exchange -> {
      int n = statements.getAndIncrement();
      byte[] body = bodies[Math.min(n, bodies.length - 1)].getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    return server.getAddress().getPort();
  }
}
