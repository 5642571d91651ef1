package dev.lakehouse.streams.http;

/** What an endpoint answers: status code, content type and body. */
public record Response(int status, String contentType, String body) {
  public static final String JSON = "application/json";
  public static final String TEXT = "text/plain; charset=utf-8";
  /** Prometheus text exposition format 0.0.4. */
  public static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";

  public static Response notFound(String path) {
    return new Response(404, TEXT, "Cannot find " + path + "\n");
  }
}
