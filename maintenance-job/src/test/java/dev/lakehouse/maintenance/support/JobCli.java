package dev.lakehouse.maintenance.support;

import dev.lakehouse.maintenance.cli.MaintenanceJob;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import picocli.CommandLine;

/** {@code maintenance-job <args>} in this JVM, as its {@code main} runs it, with its output captured. */
public final class JobCli {
  public record Result(int exitCode, String out, String err) {}

  private JobCli() {}

  /** A subcommand and its options, then {@code --config config}. */
  public static Result withConfig(Path config, String... args) {
    String[] all = Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--config";
    all[args.length + 1] = config.toString();
    return run(all);
  }

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
