package dev.lakehouse.local.stack.config;

import dev.lakehouse.local.stack.StackException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** The runnable jars of the project's modules: {@code <module>/target/<module>.jar} plus {@code target/lib/*}. */
public final class ModuleJars {
  private ModuleJars() {}

  public static Path jar(Path repoDir, String module) {
    return repoDir.resolve(module).resolve("target").resolve(module + ".jar");
  }

  public static boolean isBuilt(Path repoDir, String module) {
    return Files.isRegularFile(jar(repoDir, module));
  }

  /** The module's classpath; throws naming the missing jar and how to build it. */
  public static String classpath(Path repoDir, String module, String component) {
    Path jar = jar(repoDir, module);
    requireBuilt(jar, component);
    return jar + File.pathSeparator + jar.resolveSibling("lib") + File.separator + "*";
  }

  public static void requireBuilt(Path artifact, String component) {
    if (!Files.exists(artifact)) {
      throw new StackException("Cannot start " + component + ": " + artifact + " is missing; build the project first with"
          + " ./lakehouse setup (or mvn -B install -DskipTests)");
    }
  }
}
