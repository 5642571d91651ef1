package dev.lakehouse.e2e.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway CA, a broker keystore (key and certificate for 127.0.0.1 signed by the CA) and a
 * client truststore (the CA), all PKCS12, made with the JDK's keytool. The passwords reach keytool
 * through its environment ({@code -storepass:env}), never its command line.
 */
record TestCertificates(Path brokerKeystore, Path truststore) {
  private static final String SAN = "SAN=ip:127.0.0.1,dns:localhost";

  static TestCertificates create(Path dir, String keystorePassword, String truststorePassword)
      throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path ca = dir.resolve("ca.p12");
    Path caCert = dir.resolve("ca.pem");
    Path keystore = dir.resolve("broker.p12");
    Path request = dir.resolve("broker.csr");
    Path brokerCert = dir.resolve("broker.pem");
    Path truststore = dir.resolve("truststore.p12");
    // KS is the CA's and the broker keystore's password, TS the truststore's
    Map<String, String> env = Map.of("KS", keystorePassword, "TS", truststorePassword);
    keytool(env, "-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=lakehouse-test-ca", "-ext", "bc:c", "-keystore", ca, "-storetype", "PKCS12", "-storepass:env", "KS");
    keytool(env, "-exportcert", "-rfc", "-alias", "ca", "-keystore", ca, "-storepass:env", "KS", "-file", caCert);
    keytool(env, "-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=127.0.0.1", "-ext", SAN, "-keystore", keystore, "-storetype", "PKCS12", "-storepass:env", "KS");
    keytool(env, "-certreq", "-alias", "broker", "-keystore", keystore, "-storepass:env", "KS", "-file", request);
    keytool(env, "-gencert", "-rfc", "-alias", "ca", "-keystore", ca, "-storepass:env", "KS", "-validity", "2",
        "-ext", SAN, "-infile", request, "-outfile", brokerCert);
    keytool(env, "-importcert", "-noprompt", "-alias", "ca", "-file", caCert, "-keystore", keystore, "-storepass:env", "KS");
    keytool(env, "-importcert", "-alias", "broker", "-file", brokerCert, "-keystore", keystore, "-storepass:env", "KS");
    keytool(env, "-importcert", "-noprompt", "-alias", "ca", "-file", caCert, "-keystore", truststore,
        "-storetype", "PKCS12", "-storepass:env", "TS");
    // nothing may sign another certificate for this broker
    Files.delete(ca);
    return new TestCertificates(keystore, truststore);
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
