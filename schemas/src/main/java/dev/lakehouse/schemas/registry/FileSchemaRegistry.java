package dev.lakehouse.schemas.registry;

import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * A read-only registry kept in the repository (see {@link SchemaCatalog}). The bundled catalog
 * ({@code schema.registry.url=file:}) covers every topic of the pipeline; ids are fixed in it, so
 * every process that reads it agrees on them without a server.
 */
public class FileSchemaRegistry implements SchemaRegistry {
  public static final String BUNDLED_CATALOG = "/registry/catalog.json";

  private final String location;
  private final Map<Integer, Schema> byId = new HashMap<>();
  private final Map<String, Map<Schema, Integer>> idsBySubjectAndSchema = new HashMap<>();

  /** The catalog bundled in this module. */
  public static FileSchemaRegistry bundled() {
    return new FileSchemaRegistry(SchemaCatalog.bundled());
  }

  public FileSchemaRegistry(URL catalog) {
    this(SchemaCatalog.load(catalog));
  }

  public FileSchemaRegistry(SchemaCatalog catalog) {
    this.location = catalog.location();
    for (SchemaCatalog.Subject subject : catalog.subjects().values()) {
      for (SchemaCatalog.Version version : subject.versions()) {
        byId.put(version.id(), version.schema());
        // Schema.equals ignores docs but not logical types or defaults; versions are in order, so a
        // schema frozen twice (only docs changed) maps to its latest id
        idsBySubjectAndSchema
            .computeIfAbsent(subject.name(), s -> new HashMap<>())
            .put(version.schema(), version.id());
      }
    }
  }

  @Override
  public int register(String subject, Schema schema) {
    Integer id = idsBySubjectAndSchema.getOrDefault(subject, Map.of()).get(schema);
    if (id == null) {
      throw new IllegalArgumentException(
          "Cannot register a new schema for subject '" + subject + "': the file-backed registry "
              + location + " is read-only; add the schema to the catalog as a new version (see schemas/README.md)");
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

  @Override
  public String toString() {
    return "FileSchemaRegistry[" + location + "]";
  }
}
