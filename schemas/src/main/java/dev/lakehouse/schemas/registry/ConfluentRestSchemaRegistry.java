package dev.lakehouse.schemas.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.kafka.common.errors.SerializationException;

/**
 * A Confluent-compatible schema registry over its REST API: {@code POST /subjects/{subject}/versions}
 * to register (or {@code POST /subjects/{subject}} to look up when auto-registration is off) and
 * {@code GET /schemas/ids/{id}}. Ids and schemas are cached both ways, so a serde asks once per
 * schema.
 */
public class ConfluentRestSchemaRegistry implements SchemaRegistry {
  private final ConfluentRestClient client;
  private final boolean autoRegister;
  private final Map<Integer, Schema> schemasById = new ConcurrentHashMap<>();
  private final Map<SubjectSchema, Integer> idsBySubjectSchema = new ConcurrentHashMap<>();

  public ConfluentRestSchemaRegistry(RegistryConfig config) {
    this.client = new ConfluentRestClient(config);
    this.autoRegister = config.autoRegister();
  }

  @Override
  public int register(String subject, Schema schema) {
    SubjectSchema key = new SubjectSchema(subject, schema);
    Integer cached = idsBySubjectSchema.get(key);
    if (cached != null) {
      return cached;
    }
    ObjectNode body = JsonNodeFactory.instance.objectNode().put("schema", schema.toString());
    String encoded = URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
    JsonNode answer =
        autoRegister
            ? client.post("/subjects/" + encoded + "/versions", body, "register a schema under subject '" + subject + "'")
            : client.post("/subjects/" + encoded, body, "look up a schema under subject '" + subject + "'");
    JsonNode id = answer.get("id");
    if (id == null || !id.canConvertToInt()) {
      throw new SchemaRegistryException(
          "Cannot register a schema under subject '" + subject + "' at " + client.urls()
              + ": the answer has no schema id: " + answer, 200, -1, null);
    }
    idsBySubjectSchema.put(key, id.asInt());
    schemasById.putIfAbsent(id.asInt(), schema);
    return id.asInt();
  }

  @Override
  public Schema schemaById(int id) {
    Schema cached = schemasById.get(id);
    if (cached != null) {
      return cached;
    }
    JsonNode answer;
    try {
      answer = client.get("/schemas/ids/" + id, "fetch schema id " + id);
    } catch (SchemaRegistryException e) {
      if (e.errorCode() == RegistryErrors.SCHEMA_NOT_FOUND) {
        throw new UnknownSchemaException(id, "schema registry " + client.urls());
      }
      throw e;
    }
    Schema schema = parse(id, answer);
    schemasById.put(id, schema);
    return schema;
  }

  private Schema parse(int id, JsonNode answer) {
    String type = answer.path("schemaType").asText("AVRO");
    if (!type.equals("AVRO")) {
      throw new SerializationException("Cannot read schema id " + id + " from " + client.urls()
          + ": it is a " + type + " schema and this serde reads Avro only");
    }
    if (answer.path("references").size() > 0) {
      throw new SerializationException("Cannot read schema id " + id + " from " + client.urls()
          + ": it uses schema references, which this serde does not resolve; inline the referenced types");
    }
    try {
      return new Schema.Parser().parse(answer.path("schema").asText());
    } catch (SchemaParseException e) {
      throw new SerializationException("Cannot parse schema id " + id + " from " + client.urls() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "ConfluentRestSchemaRegistry[" + client + "]";
  }

  private record SubjectSchema(String subject, Schema schema) {}
}
