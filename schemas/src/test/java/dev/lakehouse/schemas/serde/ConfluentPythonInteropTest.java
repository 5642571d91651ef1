package dev.lakehouse.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.testing.FakeConfluentRegistry;
import dev.lakehouse.schemas.testing.Normalized;
import dev.lakehouse.schemas.testing.SampleRecords;
import dev.lakehouse.testkit.Prerequisites;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * Our serde against Confluent's own (confluent-kafka for Python, which uses fastavro), both talking
 * to one registry over the Confluent REST API: each must read what the other writes, and the bytes
 * should be equal. Where the project venv is missing: skipped, with the setup command, on a
 * developer's machine, and failed in CI (testkit's {@link Prerequisites}).
 */
class ConfluentPythonInteropTest {
  private static final String SETUP = "python3 -m venv .venv && .venv/bin/pip install -r "
      + "schemas/src/test/python/requirements.txt (from the project root)";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path WORK = Path.of("target", "interop");
  private static final HexFormat HEX = HexFormat.of();

  private Path python;

  /** In the test itself, so the skip (or the failure in CI) and its message show in the test report. */
  private void requirePython() throws IOException, InterruptedException {
    Optional<Path> found = pythonExecutable();
    Prerequisites.require(found.isPresent(),
        "no Python venv at " + System.getProperty("python.executable") + " or .venv; set it up with " + SETUP);
    python = found.get();
    Process check = new ProcessBuilder(python.toString(), "-c",
        "import confluent_kafka.schema_registry.avro, fastavro").redirectErrorStream(true).start();
    boolean done = check.waitFor(60, TimeUnit.SECONDS);
    Prerequisites.require(done && check.exitValue() == 0,
        "confluent-kafka is not installed in " + python + "; install it with " + SETUP);
  }

  private static Optional<Path> pythonExecutable() {
    String configured = System.getProperty("python.executable", "");
    if (!configured.isBlank() && Files.isExecutable(Path.of(configured))) {
      return Optional.of(Path.of(configured));
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(".venv/bin/python");
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  record Case(String topic, int variant, GenericRecord record, byte[] javaBytes) {}

  @Test
  void confluentPythonAndOurSerdeReadEachOthersBytes() throws Exception {
    requirePython();
    Files.createDirectories(WORK);
    try (FakeConfluentRegistry server = FakeConfluentRegistry.start()) {
      FileSchemaRegistry bundled = FileSchemaRegistry.bundled();
      for (String topic : Topics.ALL) {
        server.seed(Topics.valueSubject(topic), bundled.register(Topics.valueSubject(topic), Topics.valueSchema(topic)),
            Topics.valueSchema(topic));
      }
      SchemaRegistry rest = SchemaRegistries.fromConfig(Map.of("schema.registry.url", server.url()));
      List<Case> cases = writeCases(new AvroSerializer(rest));

      JsonNode results = runPython(server.url());

      assertThat(results).hasSize(cases.size());
      AvroDeserializer ours = new AvroDeserializer(rest, null);
      int identical = 0;
      for (int i = 0; i < cases.size(); i++) {
        Case c = cases.get(i);
        JsonNode result = results.get(i);
        byte[] pythonBytes = HEX.parseHex(result.path("python_hex").asText());
        String label = c.topic() + " variant " + c.variant();

        assertThat(json(result.path("read_from_java"))).as("confluent-kafka reading ours, " + label)
            .isEqualTo(json(jsonValue(c.record())));
        assertThat(Normalized.of(ours.deserialize(c.topic(), pythonBytes))).as("ours reading confluent-kafka's, " + label)
            .isEqualTo(Normalized.of(c.record()));
        assertThat(WireFormat.schemaId(pythonBytes)).as("schema id, " + label).isEqualTo(WireFormat.schemaId(c.javaBytes()));
        long wider = fastavroWiderDecimals(c.record());
        if (wider == 0) {
          assertThat(HEX.formatHex(pythonBytes)).as("bytes, " + label).isEqualTo(HEX.formatHex(c.javaBytes()));
          identical++;
        } else {
          assertThat(pythonBytes.length - c.javaBytes().length).as("extra decimal bytes, " + label).isEqualTo(wider);
        }
      }
      assertThat(identical).isGreaterThanOrEqualTo(2 * Topics.ALL.size());
    }
  }

  private static List<Case> writeCases(AvroSerializer serializer) throws IOException {
    List<Case> cases = new ArrayList<>();
    ArrayNode json = JSON.createArrayNode();
    for (String topic : Topics.ALL) {
      Path schemaFile = WORK.resolve(topic + ".avsc");
      Files.writeString(schemaFile, Topics.valueSchema(topic).toString());
      for (int variant = 0; variant < SampleRecords.VARIANTS; variant++) {
        GenericRecord record = SampleRecords.record(Topics.valueSchema(topic), variant);
        byte[] bytes = serializer.serialize(topic, record);
        cases.add(new Case(topic, variant, record, bytes));
        json.addObject().put("topic", topic).put("variant", variant)
            .put("schema_file", schemaFile.toAbsolutePath().toString())
            .put("java_hex", HEX.formatHex(bytes))
            .set("value", jsonValue(record));
      }
    }
    JSON.writerWithDefaultPrettyPrinter().writeValue(WORK.resolve("cases.json").toFile(), json);
    return cases;
  }

  private JsonNode runPython(String registryUrl) throws IOException, InterruptedException {
    Path script = Path.of("src", "test", "python", "confluent_interop.py").toAbsolutePath();
    Path results = WORK.resolve("results.json").toAbsolutePath();
    Path log = WORK.resolve("python.log");
    Process process = new ProcessBuilder(python.toString(), script.toString(), registryUrl,
        WORK.resolve("cases.json").toAbsolutePath().toString(), results.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean done = process.waitFor(60, TimeUnit.SECONDS);
    if (!done) {
      process.destroyForcibly();
    }
    assertThat(done && process.exitValue() == 0)
        .as("confluent_interop.py failed; its output:\n%s", Files.readString(log)).isTrue();
    return JSON.readTree(results.toFile());
  }

  /** The record as the JSON the Python side reads: decimals as strings, timestamps as epoch millis. */
  private static ObjectNode jsonValue(GenericRecord record) {
    ObjectNode node = JSON.createObjectNode();
    Normalized.of(record).forEach((name, value) -> {
      if (value instanceof BigDecimal decimal) {
        node.put(name, decimal.toPlainString());
      } else if (value instanceof Instant instant) {
        node.put(name, instant.toEpochMilli());
      } else {
        node.set(name, JSON.valueToTree(value));
      }
    });
    return node;
  }

  /** Reparsed, so that numbers compare by value whatever node type built them. */
  private static JsonNode json(JsonNode node) throws IOException {
    return JSON.readTree(JSON.writeValueAsString(node));
  }

  /**
   * fastavro sizes a decimal by the magnitude of its unscaled value, so -2^(8k-1) (e.g. -1.28 at
   * scale 2) gets one byte more than the minimal two's complement Java writes; both are valid Avro
   * and both sides read both, as the other assertions show.
   */
  private static long fastavroWiderDecimals(GenericRecord record) {
    return Normalized.of(record).values().stream()
        .filter(BigDecimal.class::isInstance)
        .map(v -> ((BigDecimal) v).unscaledValue())
        .filter(u -> u.signum() < 0 && u.negate().bitCount() == 1 && u.negate().bitLength() % 8 == 0)
        .count();
  }
}
