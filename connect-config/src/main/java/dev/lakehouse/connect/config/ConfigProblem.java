package dev.lakehouse.connect.config;

/** One thing wrong with a connector config: the key and what is wrong with it. */
public record ConfigProblem(String key, String message) {
  @Override
  public String toString() {
    return key + ": " + message;
  }
}
