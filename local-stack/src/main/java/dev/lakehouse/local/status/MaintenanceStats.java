package dev.lakehouse.local.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Table health scores from the maintenance job's own CLI: {@code maintenance-job health --format json}. */
public final class MaintenanceStats {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long TIMEOUT_SECONDS = 60;

  private MaintenanceStats() {}

  /** @param command the health command line, ending with {@code --format json} */
  public static List<StackStatus.TableHealth> read(List<String> command) throws IOException, InterruptedException {
    // stderr (its log) goes to a file: a full pipe would block the job
    Path errors = Files.createTempFile("maintenance-health", ".log");
    try {
      Process process = new ProcessBuilder(command)
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
          .redirectError(errors.toFile())
          .start();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException("maintenance-job health did not finish within " + TIMEOUT_SECONDS + " s");
      }
      if (process.exitValue() != 0) {
        throw new IOException("maintenance-job health exited with code " + process.exitValue() + ": "
            + lastLine(Files.readString(errors, StandardCharsets.UTF_8).strip()));
      }
      return parse(new String(out, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(errors);
    }
  }

  static List<StackStatus.TableHealth> parse(String json) throws IOException {
    List<StackStatus.TableHealth> result = new ArrayList<>();
    for (JsonNode table : JSON.readTree(json)) {
      JsonNode stats = table.path("stats");
      String detail = stats.isMissingNode() ? ""
          : stats.path("dataFiles").asLong() + " data files, " + stats.path("manifests").asLong() + " manifests, "
              + stats.path("snapshots").asLong() + " snapshots; schema " + stats.path("schemaId").asInt() + ", spec "
              + stats.path("specId").asInt()
              + (stats.path("filesOnOldSpecs").asLong() > 0 ? " (" + stats.path("filesOnOldSpecs").asLong()
                  + " files on older specs)" : "");
      result.add(new StackStatus.TableHealth(table.path("table").asText(), table.path("health").path("score").asInt(), detail));
    }
    return result;
  }

  private static String lastLine(String text) {
    String[] lines = text.split("\\R");
    return lines.length == 0 ? "" : lines[lines.length - 1];
  }
}
