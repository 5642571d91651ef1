package dev.lakehouse.maintenance.support;

import dev.lakehouse.maintenance.cli.MaintenanceJob;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** {@code maintenance-job <args>} in this JVM, as its {@code main} runs it, with its output captured. */
public final class JobCli {
  public record Result(int exitCode, String out, String err) {}

  private JobCli() {}

  public static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = MaintenanceJob.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute(args);
    return new Result(code, out.toString(), err.toString());
  }
}
