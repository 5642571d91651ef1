package dev.lakehouse.schemas.registry;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;

/**
 * Settings of the schema registry client, under the key names Confluent's serializers use, so a
 * producer, Streams or Connect config written for Confluent's serde works unchanged.
 */
public class RegistryConfig extends AbstractConfig {
  public static final String URL_CONFIG = "schema.registry.url";
  public static final String CREDENTIALS_SOURCE_CONFIG = "basic.auth.credentials.source";
  public static final String USER_INFO_CONFIG = "basic.auth.user.info";
  /** Alias of {@link #USER_INFO_CONFIG} that Confluent's clients accept too. */
  public static final String PREFIXED_USER_INFO_CONFIG = "schema.registry.basic.auth.user.info";
  public static final String CONNECT_TIMEOUT_MS_CONFIG = "http.connect.timeout.ms";
  public static final String READ_TIMEOUT_MS_CONFIG = "http.read.timeout.ms";
  public static final String AUTO_REGISTER_CONFIG = "auto.register.schemas";
  public static final String TRUSTSTORE_LOCATION_CONFIG = "schema.registry.ssl.truststore.location";
  public static final String TRUSTSTORE_PASSWORD_CONFIG = "schema.registry.ssl.truststore.password";
  public static final String TRUSTSTORE_TYPE_CONFIG = "schema.registry.ssl.truststore.type";
  public static final String KEYSTORE_LOCATION_CONFIG = "schema.registry.ssl.keystore.location";
  public static final String KEYSTORE_PASSWORD_CONFIG = "schema.registry.ssl.keystore.password";
  public static final String KEYSTORE_TYPE_CONFIG = "schema.registry.ssl.keystore.type";
  public static final String KEY_PASSWORD_CONFIG = "schema.registry.ssl.key.password";

  public static final String SOURCE_USER_INFO = "USER_INFO";
  public static final String SOURCE_URL = "URL";

  private static final ConfigDef CONFIG_DEF =
      new ConfigDef()
          .define(URL_CONFIG, Type.STRING, "file:", Importance.HIGH,
              "Where schemas are registered: `file:` for the catalog bundled in the schemas module, "
                  + "`file:/path/catalog.json` for a catalog on disk, or comma-separated "
                  + "`http(s)://host:port` URLs of a Confluent-compatible registry (tried in order).")
          .define(CREDENTIALS_SOURCE_CONFIG, Type.STRING, SOURCE_USER_INFO,
              ConfigDef.CaseInsensitiveValidString.in(SOURCE_USER_INFO, SOURCE_URL), Importance.MEDIUM,
              "Where the basic-auth credentials come from: USER_INFO (basic.auth.user.info) or URL "
                  + "(user:password@ in the registry URL).")
          .define(USER_INFO_CONFIG, Type.PASSWORD, null, Importance.MEDIUM,
              "Basic-auth credentials as user:password, used when the credentials source is USER_INFO.")
          .define(PREFIXED_USER_INFO_CONFIG, Type.PASSWORD, null, Importance.LOW,
              "Alias of basic.auth.user.info.")
          .define(CONNECT_TIMEOUT_MS_CONFIG, Type.INT, 10_000, ConfigDef.Range.atLeast(1), Importance.LOW,
              "Timeout for opening a connection to the registry, in milliseconds.")
          .define(READ_TIMEOUT_MS_CONFIG, Type.INT, 30_000, ConfigDef.Range.atLeast(1), Importance.LOW,
              "Timeout for a registry response, in milliseconds.")
          .define(AUTO_REGISTER_CONFIG, Type.BOOLEAN, true, Importance.MEDIUM,
              "Whether the serializer registers a writer schema the registry does not have yet; when "
                  + "false it only looks the schema up under its subject and fails if it is missing.")
          .define(TRUSTSTORE_LOCATION_CONFIG, Type.STRING, null, Importance.MEDIUM,
              "Truststore with the CA of an https registry, when the JVM's default CAs do not cover it.")
          .define(TRUSTSTORE_PASSWORD_CONFIG, Type.PASSWORD, null, Importance.MEDIUM, "Password of the truststore.")
          .define(TRUSTSTORE_TYPE_CONFIG, Type.STRING, "JKS", Importance.LOW, "Truststore type: JKS or PKCS12.")
          .define(KEYSTORE_LOCATION_CONFIG, Type.STRING, null, Importance.LOW,
              "Keystore with the client certificate, for registries that require mutual TLS.")
          .define(KEYSTORE_PASSWORD_CONFIG, Type.PASSWORD, null, Importance.LOW, "Password of the keystore.")
          .define(KEYSTORE_TYPE_CONFIG, Type.STRING, "JKS", Importance.LOW, "Keystore type: JKS or PKCS12.")
          .define(KEY_PASSWORD_CONFIG, Type.PASSWORD, null, Importance.LOW,
              "Password of the key in the keystore, if it differs from the keystore password.");

  public RegistryConfig(Map<?, ?> originals) {
    super(CONFIG_DEF, originals, false);
    if (!remoteUrls().isEmpty() && credentialsSource().equals(SOURCE_URL) && userInfoSetting().isPresent()) {
      throw new ConfigException(CREDENTIALS_SOURCE_CONFIG, SOURCE_URL,
          "Cannot use basic.auth.user.info with credentials source URL: set "
              + CREDENTIALS_SOURCE_CONFIG + "=USER_INFO or put the credentials in the URL");
    }
  }

  public static ConfigDef configDef() {
    return new ConfigDef(CONFIG_DEF);
  }

  /** The registry location exactly as configured, trimmed; {@code file:} when unset or empty. */
  public String url() {
    String url = getString(URL_CONFIG);
    return url == null || url.isBlank() ? "file:" : url.trim();
  }

  public boolean isFile() {
    return url().startsWith("file:");
  }

  /** The http(s) base URLs, without user info; empty for a file registry. */
  public List<URI> remoteUrls() {
    List<URI> urls = new ArrayList<>();
    if (isFile()) {
      return urls;
    }
    for (String part : url().split(",")) {
      URI uri = parse(part.trim());
      urls.add(URI.create(uri.getScheme() + "://" + uri.getRawAuthority().replaceFirst("^.*@", "")
          + stripTrailingSlash(uri.getRawPath())));
    }
    return urls;
  }

  /** The {@code user:password} to send, if any. */
  public Optional<String> userInfo() {
    if (credentialsSource().equals(SOURCE_URL)) {
      if (isFile()) {
        return Optional.empty();
      }
      return Arrays.stream(url().split(","))
          .map(part -> parse(part.trim()).getRawUserInfo())
          .filter(Objects::nonNull)
          .findFirst()
          .map(RegistryConfig::decode);
    }
    return userInfoSetting();
  }

  public int connectTimeoutMs() {
    return getInt(CONNECT_TIMEOUT_MS_CONFIG);
  }

  public int readTimeoutMs() {
    return getInt(READ_TIMEOUT_MS_CONFIG);
  }

  public boolean autoRegister() {
    return getBoolean(AUTO_REGISTER_CONFIG);
  }

  /** A store named by {@code locationKey}, if set: location, password and type. */
  Optional<StoreSettings> store(String locationKey, String passwordKey, String typeKey) {
    String location = getString(locationKey);
    if (location == null || location.isBlank()) {
      return Optional.empty();
    }
    Password password = getPassword(passwordKey);
    return Optional.of(new StoreSettings(locationKey, location, password == null ? null : password.value(), getString(typeKey)));
  }

  Optional<String> keyPassword() {
    return Optional.ofNullable(getPassword(KEY_PASSWORD_CONFIG)).map(Password::value);
  }

  record StoreSettings(String key, String location, String password, String type) {
    @Override
    public String toString() {
      return key + "=" + location;
    }
  }

  private String credentialsSource() {
    return getString(CREDENTIALS_SOURCE_CONFIG).toUpperCase(Locale.ROOT);
  }

  private Optional<String> userInfoSetting() {
    Password info = getPassword(USER_INFO_CONFIG);
    if (info == null) {
      info = getPassword(PREFIXED_USER_INFO_CONFIG);
    }
    if (info == null || info.value().isEmpty()) {
      return Optional.empty();
    }
    if (!info.value().contains(":")) {
      throw new ConfigException(USER_INFO_CONFIG, "[hidden]", "Cannot use the credentials: expected user:password");
    }
    return Optional.of(info.value());
  }

  private static URI parse(String url) {
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(URL_CONFIG, masked(url), "Cannot parse the URL: " + e.getMessage());
    }
    if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())
        || uri.getRawAuthority() == null) {
      throw new ConfigException(URL_CONFIG, masked(url),
          "Cannot use the schema registry URL: expected file:, file:/path/catalog.json or http(s)://host:port");
    }
    return uri;
  }

  /** The URL with any password replaced, for messages. */
  static String masked(String url) {
    return url.replaceAll("(//[^/:@]*):[^/@]*@", "$1:[hidden]@");
  }

  private static String decode(String userInfo) {
    return URLDecoder.decode(userInfo, StandardCharsets.UTF_8);
  }

  private static String stripTrailingSlash(String path) {
    return path == null ? "" : path.replaceAll("/+$", "");
  }
}
