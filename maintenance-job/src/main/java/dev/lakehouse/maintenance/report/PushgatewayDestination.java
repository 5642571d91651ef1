package dev.lakehouse.maintenance.report;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The run's metrics pushed to a Prometheus Pushgateway, for a job that runs in a short-lived container
 * and keeps no endpoint to scrape. A PUT replaces every metric of the job's group, so a table that is
 * no longer maintained does not keep reporting its last values.
 */
final class PushgatewayDestination implements ReportDestination {
  static final String JOB = "lakehouse_maintenance";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final URI endpoint;
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  PushgatewayDestination(String pushgatewayUrl) {
    String base = pushgatewayUrl.endsWith("/") ? pushgatewayUrl.substring(0, pushgatewayUrl.length() - 1) : pushgatewayUrl;
    this.endpoint = URI.create(base + "/metrics/job/" + JOB);
  }

  @Override
  public String describe() {
    return "the Pushgateway at " + endpoint;
  }

  @Override
  public void write(RunReport report) throws IOException {
    HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(TIMEOUT)
        .header("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        .PUT(HttpRequest.BodyPublishers.ofString(ReportWriter.prometheus(report)))
        .build();
    HttpResponse<String> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    if (response.statusCode() / 100 != 2) {
      String body = response.body().strip();
      throw new IOException("HTTP " + response.statusCode() + (body.isEmpty() ? "" : ": " + body.substring(0, Math.min(200, body.length()))));
    }
  }
}
