package dev.lakehouse.streams.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StatusServerTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private StatusServer server;

  @BeforeEach
  void start() {
    Routes routes = new Routes()
        .add("/ok", () -> new Response(200, Response.TEXT, "fine\n"))
        .add("/down", () -> new Response(503, Response.JSON, "{}"))
        .add("/broken", () -> {
          throw new IllegalStateException("boom");
        });
    server = StatusServer.start(new InetSocketAddress("127.0.0.1", 0), routes);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void servesTheRoutesWithTheirStatusAndContentType() throws Exception {
    HttpResponse<String> ok = get("/ok", "GET");
    HttpResponse<String> down = get("/down", "GET");

    assertThat(ok.statusCode()).isEqualTo(200);
    assertThat(ok.body()).isEqualTo("fine\n");
    assertThat(ok.headers().firstValue("Content-Type")).contains("text/plain; charset=utf-8");
    assertThat(down.statusCode()).isEqualTo(503);
    assertThat(down.headers().firstValue("Content-Type")).contains("application/json");
  }

  @Test
  void answersUnknownPathsWrongMethodsAndFailingHandlers() throws Exception {
    assertThat(get("/nope", "GET").statusCode()).isEqualTo(404);
    assertThat(get("/ok", "POST").statusCode()).isEqualTo(405);
    HttpResponse<String> broken = get("/broken", "GET");
    assertThat(broken.statusCode()).isEqualTo(500);
    assertThat(broken.body()).isEqualTo("Cannot answer /broken: java.lang.IllegalStateException: boom\n");
  }

  @Test
  void answersHeadWithoutBody() throws Exception {
    HttpResponse<String> head = get("/ok", "HEAD");

    assertThat(head.statusCode()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
  }

  @Test
  void failsClearlyWhenThePortIsTaken() {
    InetSocketAddress taken = new InetSocketAddress("127.0.0.1", server.port());

    assertThatThrownBy(() -> StatusServer.start(taken, new Routes()))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageStartingWith("Cannot start the HTTP server on " + taken)
        .hasMessageEndingWith("(is the port taken? set http.port)");
  }

  private HttpResponse<String> get(String path, String method) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .method(method, HttpRequest.BodyPublishers.noBody()).build();
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
