package dev.lakehouse.e2e.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.security.auth.callback.CallbackHandler;
import javax.security.sasl.SaslServer;
import javax.security.sasl.SaslServerFactory;
import org.apache.kafka.common.errors.SaslAuthenticationException;

/**
 * The broker's side of {@code AWS_MSK_IAM} for a local broker, in this test JVM. MSK's own server is
 * Amazon's and verifies the signature against IAM; this one cannot, so it only reads what a client
 * sends (aws-msk-iam-auth's JSON: the action and an AWS SigV4 signature with its credential scope),
 * keeps it, and refuses the authentication with {@link #REFUSAL}. A client that gets that answer has
 * loaded the login module and callback handler, found its credentials and signed: everything on the
 * client side of MSK IAM but IAM's verdict.
 */
final class MskIamTestBroker {
  static final String MECHANISM = "AWS_MSK_IAM";
  static final String REFUSAL = "the local test broker reads AWS_MSK_IAM requests but grants none";
  private static final String PROVIDER = "LakehouseTestMskIamServer";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<JsonNode> REQUESTS = new CopyOnWriteArrayList<>();

  private MskIamTestBroker() {}

  /** Offers the server to the brokers of this JVM; call before a broker with an AWS_MSK_IAM listener starts. */
  static void install() {
    if (Security.getProvider(PROVIDER) == null) {
      Security.addProvider(new TestProvider());
    }
  }

  /** The access key ids of every signed request received so far (from {@code x-amz-credential}). */
  static List<String> accessKeyIds() {
    return REQUESTS.stream().map(r -> r.path("x-amz-credential").asText().split("/")[0]).toList();
  }

  /** The requests received so far, as the clients sent them. */
  static List<JsonNode> requests() {
    return List.copyOf(REQUESTS);
  }

  public static final class TestProvider extends Provider {
    public TestProvider() {
      super(PROVIDER, "1.0", "the broker side of AWS_MSK_IAM for local tests: reads, never grants");
      put("SaslServerFactory." + MECHANISM, Factory.class.getName());
    }
  }

  public static final class Factory implements SaslServerFactory {
    @Override
    public SaslServer createSaslServer(String mechanism, String protocol, String serverName, Map<String, ?> props,
        CallbackHandler handler) {
      return MECHANISM.equals(mechanism) ? new RefusingServer() : null;
    }

    @Override
    public String[] getMechanismNames(Map<String, ?> props) {
      return new String[] {MECHANISM};
    }
  }

  private static final class RefusingServer implements SaslServer {
    @Override
    public String getMechanismName() {
      return MECHANISM;
    }

    @Override
    public byte[] evaluateResponse(byte[] response) {
      try {
        REQUESTS.add(JSON.readTree(new String(response, StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new SaslAuthenticationException("not an AWS_MSK_IAM request: " + e.getMessage());
      }
      throw new SaslAuthenticationException(REFUSAL);
    }

    @Override
    public boolean isComplete() {
      return false;
    }

    @Override
    public String getAuthorizationID() {
      throw new IllegalStateException("Cannot name an authorization id: nobody is ever authenticated here");
    }

    @Override
    public byte[] unwrap(byte[] incoming, int offset, int len) {
      throw new IllegalStateException("Cannot unwrap: no session is ever established here");
    }

    @Override
    public byte[] wrap(byte[] outgoing, int offset, int len) {
      throw new IllegalStateException("Cannot wrap: no session is ever established here");
    }

    @Override
    public Object getNegotiatedProperty(String name) {
      return null;
    }

    @Override
    public void dispose() {
      // nothing held
    }
  }
}
