package dev.lakehouse.e2e.aws;

import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/**
 * Dummy credentials for moto, plugged in with Iceberg's {@code client.credentials-provider} (which
 * every AWS client of the catalog, Glue and S3 alike, uses). Production sets no provider: the AWS
 * default chain then finds the IAM role.
 */
public final class MotoCredentials implements AwsCredentialsProvider {
  private final AwsCredentials credentials = AwsBasicCredentials.create(MotoServer.ACCESS_KEY, MotoServer.SECRET_KEY);

  /** Iceberg calls {@code create(Map)} with the {@code client.credentials-provider.*} properties. */
  public static MotoCredentials create(Map<String, String> properties) {
    return new MotoCredentials();
  }

  @Override
  public AwsCredentials resolveCredentials() {
    return credentials;
  }
}
