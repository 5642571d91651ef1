package dev.lakehouse.maintenance.report;

import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * What to do when a task failed because the object store did not take a request: the S3 client's
 * own message ("Unable to execute HTTP request: Error writing request body to server (SDK Attempt
 * Count: 6)") names neither the cause nor a way out.
 */
public final class ObjectStoreHint {
  static final String GUIDE = "docs/operations.md, section 7, \"The object store refuses writes\"";

  private ObjectStoreHint() {}

  /** The message, followed by what to do when the failure came from the object store. */
  public static String appendTo(String message, Throwable failure) {
    return appendTo(message, failure, "");
  }

  /** As {@link #appendTo(String, Throwable)}, with {@code otherwise} appended when it did not. */
  public static String appendTo(String message, Throwable failure, String otherwise) {
    return of(failure).map(hint -> message + ". " + hint).orElse(message + otherwise);
  }

  static Optional<String> of(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SdkClientException) {
        return Optional.of("What to do: the object store dropped or refused the connection on every attempt of the"
            + " S3 client (s3.retry.num-retries): check that it is running and reachable at the configured"
            + " s3.endpoint (locally: ./lakehouse status), then run the job again (" + GUIDE + ")");
      }
      if (cause instanceof S3Exception s3 && s3.statusCode() == 403) {
        return Optional.of("What to do: the object store refused the request (HTTP 403): check the job's S3"
            + " credentials and that they allow the actions of deploy/iam/maintenance-job.json on the warehouse,"
            + " then run the job again (" + GUIDE + ")");
      }
      if (cause instanceof S3Exception s3 && s3.statusCode() >= 500) {
        return Optional.of("What to do: the object store failed or throttled the request (HTTP " + s3.statusCode()
            + ") on every attempt of the S3 client: run the job again once it has recovered, or raise"
            + " s3.retry.num-retries and s3.retry.max-wait-ms to wait longer (" + GUIDE + ")");
      }
    }
    return Optional.empty();
  }
}
