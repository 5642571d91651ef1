package dev.lakehouse.peerflink.model;

/**
 * Why an input record cannot be used.
 *
 * @param errorClass the dead-letter category (DESERIALIZATION, MISSING_KEY, ...)
 * @param exceptionClass the exception that reading threw, or null when a rule was broken
 */
public record Violation(String errorClass, String exceptionClass, String reason) {
  public static Violation rule(String errorClass, String reason) {
    return new Violation(errorClass, null, reason);
  }

  public static Violation thrown(String errorClass, Exception e) {
    return new Violation(errorClass, e.getClass().getName(), e.getMessage() != null ? e.getMessage() : e.toString());
  }
}
