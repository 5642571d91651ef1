package dev.lakehouse.schemas.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.apache.avro.Schema;

/**
 * A schema registry speaking the part of Confluent's REST API that serde clients use, on
 * 127.0.0.1 and a free port: register, look up, fetch by id, latest version, with Confluent's
 * error bodies and optional basic auth. It records every request so tests can count them.
 */
public final class FakeConfluentRegistry implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern REGISTER = Pattern.compile("/subjects/([^/]+)/versions");
  private static final Pattern LOOKUP = Pattern.compile("/subjects/([^/]+)");
  private static final Pattern LATEST = Pattern.compile("/subjects/([^/]+)/versions/latest");
  private static final Pattern BY_ID = Pattern.compile("/schemas/ids/(\\d+)");

  public record Request(String method, String path, String authorization) {}

  private final HttpServer server;
  private final String requiredAuthorization;
  private final Map<Integer, Schema> schemasById = new ConcurrentHashMap<>();
  private final Map<String, List<Integer>> idsBySubject = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private volatile int nextId = 1;
  private volatile String[] nextAnswer;

  private FakeConfluentRegistry(String userInfo, SSLContext tls, boolean needClientAuth) throws IOException {
    this.requiredAuthorization = userInfo == null ? null
        : "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
    InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    if (tls == null) {
      server = HttpServer.create(address, 0);
    } else {
      HttpsServer https = HttpsServer.create(address, 0);
      https.setHttpsConfigurator(new HttpsConfigurator(tls) {
        @Override
        public void configure(HttpsParameters params) {
          SSLParameters parameters = tls.getDefaultSSLParameters();
          parameters.setNeedClientAuth(needClientAuth);
          params.setSSLParameters(parameters);
        }
      });
      server = https;
    }
    server.createContext("/", this::handle);
    server.start();
  }

  public static FakeConfluentRegistry start() throws IOException {
    return new FakeConfluentRegistry(null, null, false);
  }

  /** A registry that answers only requests carrying basic auth with {@code user:password}. */
  public static FakeConfluentRegistry startWithBasicAuth(String userInfo) throws IOException {
    return new FakeConfluentRegistry(userInfo, null, false);
  }

  /** A registry on https with the given server context; {@code needClientAuth} asks for mutual TLS. */
  public static FakeConfluentRegistry startWithTls(SSLContext tls, boolean needClientAuth) throws IOException {
    return new FakeConfluentRegistry(null, tls, needClientAuth);
  }

  public String url() {
    return (server instanceof HttpsServer ? "https" : "http") + "://127.0.0.1:" + server.getAddress().getPort();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** Registers {@code schema} under {@code subject} with a chosen id, as if done earlier. */
  public synchronized FakeConfluentRegistry seed(String subject, int id, Schema schema) {
    schemasById.put(id, schema);
    idsBySubject.computeIfAbsent(subject, s -> new CopyOnWriteArrayList<>()).add(id);
    nextId = Math.max(nextId, id + 1);
    return this;
  }

  /** The next request, whatever it is, gets this status and body. */
  public void answerNextWith(int status, String body) {
    nextAnswer = new String[] {Integer.toString(status), body};
  }

  public List<Request> requests() {
    return new ArrayList<>(requests);
  }

  public long count(String method, String pathPrefix) {
    return requests.stream().filter(r -> r.method().equals(method) && r.path().startsWith(pathPrefix)).count();
  }

  private synchronized void handle(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getRawPath();
    String auth = exchange.getRequestHeaders().getFirst("Authorization");
    requests.add(new Request(exchange.getRequestMethod(), path, auth));
    String[] canned = nextAnswer;
    nextAnswer = null;
    if (canned != null) {
      respond(exchange, Integer.parseInt(canned[0]), canned[1]);
    } else if (requiredAuthorization != null && !requiredAuthorization.equals(auth)) {
      respond(exchange, 401, error(401, "Unauthorized"));
    } else {
      route(exchange, path);
    }
  }

  private void route(HttpExchange exchange, String path) throws IOException {
    boolean post = exchange.getRequestMethod().equals("POST");
    Matcher m;
    if (post && (m = REGISTER.matcher(path)).matches()) {
      respond(exchange, 200, register(decode(m.group(1)), schemaOf(exchange)));
    } else if (post && (m = LOOKUP.matcher(path)).matches()) {
      lookup(exchange, decode(m.group(1)), schemaOf(exchange));
    } else if ((m = LATEST.matcher(path)).matches()) {
      latest(exchange, decode(m.group(1)));
    } else if ((m = BY_ID.matcher(path)).matches()) {
      Schema schema = schemasById.get(Integer.parseInt(m.group(1)));
      if (schema == null) {
        respond(exchange, 404, error(40403, "Schema " + m.group(1) + " not found"));
      } else {
        respond(exchange, 200, JSON.createObjectNode().put("schema", schema.toString()).toString());
      }
    } else {
      respond(exchange, 404, error(404, "HTTP 404 Not Found"));
    }
  }

  private String register(String subject, Schema schema) {
    Integer id = idOf(schema);
    if (id == null) {
      id = nextId++;
      schemasById.put(id, schema);
    }
    List<Integer> ids = idsBySubject.computeIfAbsent(subject, s -> new CopyOnWriteArrayList<>());
    if (!ids.contains(id)) {
      ids.add(id);
    }
    return JSON.createObjectNode().put("id", id).toString();
  }

  private void lookup(HttpExchange exchange, String subject, Schema schema) throws IOException {
    List<Integer> ids = idsBySubject.get(subject);
    if (ids == null) {
      respond(exchange, 404, error(40401, "Subject '" + subject + "' not found."));
      return;
    }
    Integer id = idOf(schema);
    if (id == null || !ids.contains(id)) {
      respond(exchange, 404, error(40403, "Schema not found"));
      return;
    }
    respond(exchange, 200, version(subject, ids.indexOf(id) + 1, id).toString());
  }

  private void latest(HttpExchange exchange, String subject) throws IOException {
    List<Integer> ids = idsBySubject.get(subject);
    if (ids == null) {
      respond(exchange, 404, error(40401, "Subject '" + subject + "' not found."));
    } else {
      respond(exchange, 200, version(subject, ids.size(), ids.get(ids.size() - 1)).toString());
    }
  }

  private ObjectNode version(String subject, int version, int id) {
    return JSON.createObjectNode().put("subject", subject).put("version", version).put("id", id)
        .put("schema", schemasById.get(id).toString());
  }

  private Integer idOf(Schema schema) {
    Map<Integer, Schema> snapshot = new LinkedHashMap<>(schemasById);
    return snapshot.entrySet().stream().filter(e -> e.getValue().equals(schema)).map(Map.Entry::getKey)
        .findFirst().orElse(null);
  }

  private static Schema schemaOf(HttpExchange exchange) throws IOException {
    JsonNode body = JSON.readTree(exchange.getRequestBody());
    return new Schema.Parser().parse(body.path("schema").asText());
  }

  private static String decode(String segment) {
    return URLDecoder.decode(segment, StandardCharsets.UTF_8);
  }

  private static String error(int code, String message) {
    return JSON.createObjectNode().put("error_code", code).put("message", message).toString();
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/vnd.schemaregistry.v1+json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
