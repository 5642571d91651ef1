package dev.lakehouse.streams.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The JVM options the app is started with, from one file in its jar ({@code jvm.options}, a java
 * argument file: one option per line, {@code #} comments). The local stack and the benchmark add
 * them to the app's command line; the container image passes the same file as {@code @jvm.options}.
 */
public final class JvmOptions {
  static final String RESOURCE = "jvm.options";

  private JvmOptions() {}

  public static List<String> recommended() {
    try (InputStream in = JvmOptions.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("The app's jar has no " + RESOURCE + " beside " + JvmOptions.class.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the app's " + RESOURCE, e);
    }
  }
}
