package dev.lakehouse.e2e.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway CA, one keystore per named party (key and certificate for 127.0.0.1 signed by the CA:
 * a broker, a Connect worker's REST listener, a REST client) and a truststore (the CA), all PKCS12,
 * made with the JDK's keytool. The passwords reach keytool through its environment
 * ({@code -storepass:env}), never its command line.
 */
public record TestCertificates(Map<String, Path> keystores, Path truststore) {
  private static final String SAN = "SAN=ip:127.0.0.1,dns:localhost";

  /** @param names one keystore {@code <name>.p12} each, with the certificate of {@code CN=<name>} */
  public static TestCertificates create(Path dir, String keystorePassword, String truststorePassword, String... names)
      throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path ca = dir.resolve("ca.p12");
    Path caCert = dir.resolve("ca.pem");
    Path truststore = dir.resolve("truststore.p12");
    // KS is the CA's and the keystores' password, TS the truststore's
    Map<String, String> env = Map.of("KS", keystorePassword, "TS", truststorePassword);
    keytool(env, "-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=lakehouse-test-ca", "-ext", "bc:c", "-keystore", ca, "-storetype", "PKCS12", "-storepass:env", "KS");
    keytool(env, "-exportcert", "-rfc", "-alias", "ca", "-keystore", ca, "-storepass:env", "KS", "-file", caCert);
    Map<String, Path> keystores = new LinkedHashMap<>();
    for (String name : names) {
      keystores.put(name, issue(env, dir, ca, caCert, name));
    }
    keytool(env, "-importcert", "-noprompt", "-alias", "ca", "-file", caCert, "-keystore", truststore,
        "-storetype", "PKCS12", "-storepass:env", "TS");
    // nothing may sign another certificate for these parties
    Files.delete(ca);
    return new TestCertificates(Map.copyOf(keystores), truststore);
  }

  public Path keystore(String name) {
    Path keystore = keystores.get(name);
    if (keystore == null) {
      throw new IllegalArgumentException("Cannot find the test keystore of " + name + ": made only " + keystores.keySet());
    }
    return keystore;
  }

  private static Path issue(Map<String, String> env, Path dir, Path ca, Path caCert, String name)
      throws IOException, InterruptedException {
    Path keystore = dir.resolve(name + ".p12");
    Path request = dir.resolve(name + ".csr");
    Path cert = dir.resolve(name + ".pem");
    keytool(env, "-genkeypair", "-alias", name, "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=" + name, "-ext", SAN, "-keystore", keystore, "-storetype", "PKCS12", "-storepass:env", "KS");
    keytool(env, "-certreq", "-alias", name, "-keystore", keystore, "-storepass:env", "KS", "-file", request);
    keytool(env, "-gencert", "-rfc", "-alias", "ca", "-keystore", ca, "-storepass:env", "KS", "-validity", "2",
        "-ext", SAN, "-infile", request, "-outfile", cert);
    keytool(env, "-importcert", "-noprompt", "-alias", "ca", "-file", caCert, "-keystore", keystore, "-storepass:env", "KS");
    keytool(env, "-importcert", "-alias", name, "-file", cert, "-keystore", keystore, "-storepass:env", "KS");
    return keystore;
  }

  private static void keytool(Map<String, String> env, Object... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    for (Object arg : args) {
      command.add(arg.toString());
    }
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes());
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException("Cannot make the test certificates: keytool " + args[0] + " failed: " + output);
    }
  }
}
