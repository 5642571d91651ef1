package dev.lakehouse.streams.topology.deadletters;


/**
 * Why a record cannot be used.
 *
 * @param reason what is wrong and what to do, for a person
 * @param exceptionClass the class of the exception that revealed it, or null for a broken rule
 */
public record Violation(ErrorClass errorClass, String reason, String exceptionClass) {
  public static Violation of(ErrorClass errorClass, String reason) {
    return new Violation(errorClass, reason, null);
  }

  public static Violation of(ErrorClass errorClass, Exception cause) {
    return new Violation(errorClass, cause.getMessage(), cause.getClass().getName());
  }
}
