package dev.lakehouse.maintenance.report;

import java.io.IOException;

/** A place a run report goes besides stdout: a file, a Prometheus Pushgateway, an object store. */
interface ReportDestination {
  /** Where it goes, for messages. */
  String describe();

  void write(RunReport report) throws IOException;
}
