package dev.lakehouse.schemas.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;

/**
 * The registry kept in the repository: {@code catalog.json} lists each subject's versions, each
 * with the id it was given and a frozen {@code .avsc} (path relative to the catalog), plus the
 * compatibility level new versions must keep (catalog-wide default, overridable per subject):
 *
 * <pre>{"compatibility": "BACKWARD",
 *  "subjects": {"orders-value": {"compatibility": "BACKWARD",
 *                                "versions": [{"version": 1, "id": 1, "schema": "subjects/orders-value/v1.avsc"}]}}}</pre>
 */
public final class SchemaCatalog {
  private final String location;
  private final Map<String, Subject> subjects;

  private SchemaCatalog(String location, Map<String, Subject> subjects) {
    this.location = location;
    this.subjects = subjects;
  }

  public record Version(int version, int id, String path, Schema schema) {}

  public record Subject(String name, CompatibilityLevel compatibility, List<Version> versions) {
    public Version latest() {
      return versions.get(versions.size() - 1);
    }
  }

  /** The catalog bundled in this module ({@link FileSchemaRegistry#BUNDLED_CATALOG}). */
  public static SchemaCatalog bundled() {
    return load(Objects.requireNonNull(SchemaCatalog.class.getResource(FileSchemaRegistry.BUNDLED_CATALOG),
        FileSchemaRegistry.BUNDLED_CATALOG));
  }

  public static SchemaCatalog load(URL catalog) {
    String location = catalog.toString();
    JsonNode root;
    try (InputStream in = catalog.openStream()) {
      root = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read schema catalog " + location, e);
    }
    CompatibilityLevel defaultLevel = level(root, CompatibilityLevel.DEFAULT, location);
    Map<String, Subject> subjects = new LinkedHashMap<>();
    Map<Integer, Version> byId = new HashMap<>();
    root.path("subjects").fields().forEachRemaining(entry -> {
      String name = entry.getKey();
      JsonNode node = entry.getValue();
      List<Version> versions = new ArrayList<>();
      for (JsonNode v : node.isArray() ? node : node.path("versions")) {
        String path = v.path("schema").asText();
        Version version = new Version(v.path("version").asInt(), v.path("id").asInt(), path, parse(catalog, path));
        Version sameId = byId.putIfAbsent(version.id(), version);
        if (sameId != null && !sameId.schema().equals(version.schema())) {
          throw new IllegalStateException("Cannot load " + location + ": id " + version.id()
              + " is given to two different schemas, " + sameId.path() + " and " + path);
        }
        versions.add(version);
      }
      if (versions.isEmpty()) {
        throw new IllegalStateException("Cannot load " + location + ": subject '" + name + "' has no versions");
      }
      versions.sort(Comparator.comparingInt(Version::version));
      subjects.put(name, new Subject(name, level(node, defaultLevel, location + " subject " + name), List.copyOf(versions)));
    });
    return new SchemaCatalog(location, subjects);
  }

  public String location() {
    return location;
  }

  public Map<String, Subject> subjects() {
    return subjects;
  }

  /** Version {@code version} of {@code subject} as frozen, e.g. the contract that earlier producers still write. */
  public Schema schema(String subject, int version) {
    Subject found = subjects.get(subject);
    if (found == null) {
      throw new IllegalArgumentException("Cannot find subject '" + subject + "' in " + location + "; subjects: "
          + subjects.keySet());
    }
    return found.versions().stream().filter(v -> v.version() == version).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("Cannot find version " + version + " of subject '" + subject
            + "' in " + location + "; it has versions 1 to " + found.latest().version()))
        .schema();
  }

  /** The next free id: one more than the highest id in use. */
  public int nextId() {
    return subjects.values().stream()
        .flatMap(s -> s.versions().stream())
        .mapToInt(Version::id)
        .max()
        .orElse(0) + 1;
  }

  private static CompatibilityLevel level(JsonNode node, CompatibilityLevel fallback, String where) {
    JsonNode level = node.path("compatibility");
    return level.isTextual() ? CompatibilityLevel.parse(level.asText(), where) : fallback;
  }

  private static Schema parse(URL catalog, String relative) {
    // new URL(base, relative) also resolves inside jar: URLs, which URI.resolve treats as opaque
    try (InputStream in = new URL(catalog, relative).openStream()) {
      return new Schema.Parser().parse(in);
    } catch (IOException | IllegalArgumentException e) {
      throw new UncheckedIOException(new IOException(
          "Cannot read schema '" + relative + "' listed in " + catalog + ": " + e.getMessage(), e));
    } catch (SchemaParseException e) {
      throw new SchemaParseException("Cannot parse schema '" + relative + "' listed in " + catalog + ": " + e.getMessage());
    }
  }
}
