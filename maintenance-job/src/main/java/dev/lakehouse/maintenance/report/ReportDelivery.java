package dev.lakehouse.maintenance.report;

import dev.lakehouse.maintenance.config.MaintenanceConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes a finished run's report to the operator: always to stdout (JSON by default, so a container's
 * log collector gets one parsable line per run), then to each configured destination. By then every
 * table change is committed, so a destination that cannot be written is reported on stderr and never
 * changes the run's outcome or exit code; alert on the report going stale instead
 * ({@code lakehouse_maintenance_last_run_timestamp_seconds}). A dry run changes nothing and feeds no
 * monitoring: it goes to stdout only.
 */
public final class ReportDelivery {
  /** A destination that could not be written, and why. */
  public record Failure(String destination, String reason) {}

  private final boolean text;
  private final List<ReportDestination> destinations;

  private ReportDelivery(boolean text, List<ReportDestination> destinations) {
    this.text = text;
    this.destinations = List.copyOf(destinations);
  }

  public static ReportDelivery of(MaintenanceConfig config) {
    List<ReportDestination> destinations = new ArrayList<>();
    if (!config.reportJsonFile().isEmpty()) {
      destinations.add(new FileDestination(Path.of(config.reportJsonFile()), ReportWriter::json));
    }
    if (!config.reportPrometheusFile().isEmpty()) {
      destinations.add(new FileDestination(Path.of(config.reportPrometheusFile()), ReportWriter::prometheus));
    }
    if (!config.reportPushgatewayUrl().isEmpty()) {
      destinations.add(new PushgatewayDestination(config.reportPushgatewayUrl()));
    }
    if (!config.reportS3Uri().isEmpty()) {
      destinations.add(new ObjectStoreDestination(config.reportS3Uri(), config.catalogProperties()));
    }
    return new ReportDelivery("text".equals(config.reportStdout()), destinations);
  }

  public List<Failure> deliver(RunReport report, PrintWriter out, PrintWriter err) {
    out.print(text ? ReportWriter.text(report) : ReportWriter.jsonLine(report) + System.lineSeparator());
    out.flush();
    List<Failure> failures = new ArrayList<>();
    if (report.dryRun()) {
      return failures;
    }
    for (ReportDestination destination : destinations) {
      try {
        destination.write(report);
      } catch (Exception e) {
        Failure failure = new Failure(destination.describe(), String.valueOf(e.getMessage()));
        failures.add(failure);
        err.println("Cannot write the maintenance report to " + failure.destination() + ": " + failure.reason()
            + "; the maintenance itself is done and committed, and the report is on stdout");
      }
    }
    err.flush();
    return failures;
  }
}
