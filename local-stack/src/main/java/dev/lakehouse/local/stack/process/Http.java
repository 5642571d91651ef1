package dev.lakehouse.local.stack.process;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Small blocking HTTP GETs for readiness checks and status. */
public final class Http {
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private Http() {}

  public record Response(int status, String body) {
    public boolean ok() {
      return status / 100 == 2;
    }
  }

  public static Response get(String url) throws IOException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build();
    try {
      HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while calling " + url, e);
    }
  }

  /** True when the URL answers 2xx; false when it answers otherwise or cannot be reached. */
  public static boolean isOk(String url) {
    try {
      return get(url).ok();
    } catch (IOException e) {
      return false;
    }
  }
}
