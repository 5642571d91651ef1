package dev.lakehouse.schemas.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;

/**
 * A read-only registry kept in the repository: a {@code catalog.json} that maps each subject to its
 * versions, each with a fixed id and the {@code .avsc} file (relative to the catalog) that holds it.
 * The bundled catalog ({@code schema.registry.url=file:}) covers every topic of the pipeline.
 */
public class FileSchemaRegistry implements SchemaRegistry {
  public static final String BUNDLED_CATALOG = "/registry/catalog.json";

  private final String location;
  private final Map<Integer, Schema> byId = new HashMap<>();
  private final Map<String, Map<Long, Integer>> idsBySubjectAndFingerprint = new HashMap<>();

  /** The catalog bundled in this module. */
  public static FileSchemaRegistry bundled() {
    return new FileSchemaRegistry(
        Objects.requireNonNull(FileSchemaRegistry.class.getResource(BUNDLED_CATALOG), BUNDLED_CATALOG));
  }

  public FileSchemaRegistry(URL catalog) {
    this.location = catalog.toString();
    try (InputStream in = catalog.openStream()) {
      JsonNode subjects = new ObjectMapper().readTree(in).path("subjects");
      subjects.fields().forEachRemaining(subject -> {
        for (JsonNode version : subject.getValue()) {
          int id = version.path("id").asInt();
          Schema schema = parse(catalog, version.path("schema").asText());
          Schema previous = byId.putIfAbsent(id, schema);
          if (previous != null && !previous.equals(schema)) {
            throw new IllegalStateException(
                "Cannot load " + location + ": id " + id + " is used for two different schemas");
          }
          idsBySubjectAndFingerprint
              .computeIfAbsent(subject.getKey(), s -> new HashMap<>())
              .put(SchemaNormalization.parsingFingerprint64(schema), id);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read schema catalog " + location, e);
    }
  }

  private static Schema parse(URL catalog, String relative) {
    try (InputStream in = URI.create(catalog.toString()).resolve(relative).toURL().openStream()) {
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read schema " + relative + " listed in " + catalog, e);
    }
  }

  @Override
  public int register(String subject, Schema schema) {
    Integer id =
        idsBySubjectAndFingerprint
            .getOrDefault(subject, Map.of())
            .get(SchemaNormalization.parsingFingerprint64(schema));
    if (id == null) {
      throw new IllegalArgumentException(
          "Cannot register a new schema for subject '" + subject + "': the file-backed registry "
              + location + " is read-only; add the schema to the catalog as a new version");
    }
    return id;
  }

  @Override
  public Schema schemaById(int id) {
    Schema schema = byId.get(id);
    if (schema == null) {
      throw new UnknownSchemaException(id, location);
    }
    return schema;
  }
}
