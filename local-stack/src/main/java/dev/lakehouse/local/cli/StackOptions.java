package dev.lakehouse.local.cli;

import dev.lakehouse.local.stack.InvalidInputException;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options every stack command shares: where the project, the settings file and the data are. */
public final class StackOptions {
  static final String HOME_ENV = "LAKEHOUSE_HOME";
  static final String CONFIG_ENV = "LAKEHOUSE_CONFIG";

  @Option(names = "--data-dir", paramLabel = "<dir>",
      description = "Data folder (default: <repo>/.local; setting data-dir, env LAKEHOUSE_DATA_DIR)")
  Path dataDir;

  @Option(names = "--config", paramLabel = "<file>",
      description = "Settings file (default: <repo>/lakehouse.properties when it exists; env LAKEHOUSE_CONFIG)")
  Path configFile;

  public StackConfig load(Map<String, String> env) {
    Path repo = repoDir(env);
    Path file = configFile != null ? configFile
        : env.containsKey(CONFIG_ENV) ? Path.of(env.get(CONFIG_ENV))
        : repo.resolve(StackConfig.FILE_NAME);
    if (configFile != null && !Files.isRegularFile(file)) {
      throw new InvalidInputException("Cannot read the settings file " + file + ": no such file");
    }
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    if (dataDir != null) {
      overrides.put(Setting.DATA_DIR, dataDir.toAbsolutePath().toString());
    }
    return StackConfig.load(repo, Files.isRegularFile(file) ? file : null, env, overrides);
  }

  /** LAKEHOUSE_HOME (set by ./lakehouse), else the repository folder above the working directory. */
  static Path repoDir(Map<String, String> env) {
    String home = env.get(HOME_ENV);
    if (home != null && !home.isBlank()) {
      return Path.of(home).toAbsolutePath().normalize();
    }
    return RepoDir.findFrom(Path.of("")).orElseThrow(() -> new StackException("Cannot find the project folder: run from"
        + " inside the repository or set " + HOME_ENV + " to it (./lakehouse does this for you)"));
  }
}
