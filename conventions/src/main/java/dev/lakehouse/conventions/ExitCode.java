package dev.lakehouse.conventions;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * The exit codes of every command of the project ({@code ./lakehouse}, the Streams app, connect-config,
 * the maintenance job, the generator), so that scripts and schedulers read them one way.
 */
public enum ExitCode {
  OK(0, "done"),
  FAILED(1, "the work failed (the message on stderr says what and why)"),
  INVALID(2, "bad arguments or settings: nothing was done; the message names the key or option and the value"),
  UNREACHABLE(3, "a service or tool it needs did not answer or is missing: fix the environment, not the settings");

  private static final List<Class<? extends Exception>> NETWORK_FAILURES = List.of(ConnectException.class,
      NoRouteToHostException.class, UnknownHostException.class, SocketTimeoutException.class,
      HttpConnectTimeoutException.class);

  private final int code;
  private final String meaning;

  ExitCode(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  public int code() {
    return code;
  }

  public String meaning() {
    return meaning;
  }

  /** UNREACHABLE when a failure to reach a service over the network is among the causes, else FAILED. */
  public static ExitCode ofFailure(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      for (Class<? extends Exception> network : NETWORK_FAILURES) {
        if (network.isInstance(cause)) {
          return UNREACHABLE;
        }
      }
    }
    return FAILED;
  }

  /**
   * Lists the codes under "Exit codes:" in the command's {@code --help} (and its subcommands'), each
   * meaning followed by what it means for this command, when given.
   */
  public static CommandLine describeIn(CommandLine commandLine, Map<ExitCode, String> details) {
    Map<String, String> list = new LinkedHashMap<>();
    for (ExitCode exit : values()) {
      String detail = details.get(exit);
      list.put(Integer.toString(exit.code), exit.meaning + (detail == null ? "" : "; " + detail));
    }
    describe(commandLine, list);
    return commandLine;
  }

  private static void describe(CommandLine commandLine, Map<String, String> list) {
    commandLine.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(list);
    commandLine.getSubcommands().values().forEach(sub -> describe(sub, list));
  }
}
