package dev.lakehouse.schemas.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.schemas.Topics;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate that fails the build on a breaking schema change: it runs on the bundled catalog, and
 * on small catalogs written here to show that it does fail.
 */
class CatalogCheckTest {
  private static final String V1 = record("{\"name\": \"id\", \"type\": \"string\"}");

  @TempDir Path dir;

  /** The build gate itself: every topic contract is frozen as its subject's latest version, all compatible. */
  @Test
  void bundledCatalogMatchesTheContractsAndEveryVersionIsCompatible() throws IOException {
    // the sources, not target/classes, so that a failure names the files to edit
    SchemaCatalog catalog = SchemaCatalog.load(Path.of("src/main/resources/registry/catalog.json").toUri().toURL());
    Map<String, Schema> contracts = new LinkedHashMap<>();
    for (String topic : Topics.ALL) {
      contracts.put(Topics.valueSubject(topic), Topics.valueSchema(topic));
    }

    List<String> problems = CatalogCheck.problems(catalog, contracts);

    assertThat(problems).as(String.join("\n", problems)).isEmpty();
    assertThat(catalog.subjects().keySet()).containsExactlyInAnyOrderElementsOf(contracts.keySet());
  }

  @Test
  void newRequiredFieldWithoutDefaultFailsBackwardCompatibility() throws IOException {
    SchemaCatalog catalog = catalog(null, V1,
        record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"channel\", \"type\": \"string\"}"));

    assertThat(CatalogCheck.problems(catalog, Map.of()))
        .containsExactly("Cannot accept version 2 of subject 't-value' (subjects/t-value/v2.avsc) under compatibility"
            + " BACKWARD: a reader with the new schema cannot read data written with version 1:"
            + " READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1: channel");
  }

  @Test
  void aThirdVersionWithAChangeTheTablesCannotFollowIsRefusedNamingTheField() throws IOException {
    String v1 = record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"quantity\", \"type\": \"int\"}");
    String v2 = record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"quantity\", \"type\": \"int\"},"
        + " {\"name\": \"channel\", \"type\": [\"null\", \"string\"], \"default\": null}");
    // Avro reads an int as a double; an Iceberg int column cannot become a double
    String v3 = record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"quantity\", \"type\": \"double\"},"
        + " {\"name\": \"channel\", \"type\": [\"null\", \"string\"], \"default\": null}");

    assertThat(CatalogCheck.problems(catalog(null, v1, v2, v3), Map.of()))
        .containsExactly("Cannot accept version 3 of subject 't-value' (subjects/t-value/v3.avsc): field /quantity changes"
            + " from int to double, which the Iceberg tables cannot follow (Iceberg widens int to long, float to double,"
            + " and a decimal's precision at the same scale only): add a new field instead");
  }

  @Test
  void theWideningsIcebergFollowsAreAcceptedAndOthersRefused() throws IOException {
    String from = record("{\"name\": \"n\", \"type\": \"int\"}, {\"name\": \"f\", \"type\": [\"null\", \"float\"], \"default\": null},"
        + " {\"name\": \"d\", \"type\": {\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": 10, \"scale\": 2}}");
    String widened = record("{\"name\": \"n\", \"type\": \"long\"}, {\"name\": \"f\", \"type\": [\"null\", \"double\"], \"default\": null},"
        + " {\"name\": \"d\", \"type\": {\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": 12, \"scale\": 2}}");
    assertThat(CatalogCheck.problems(catalog(null, from, widened), Map.of())).isEmpty();

    String rescaled = record("{\"name\": \"n\", \"type\": \"int\"}, {\"name\": \"f\", \"type\": [\"null\", \"float\"], \"default\": null},"
        + " {\"name\": \"d\", \"type\": {\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": 12, \"scale\": 3}}");
    assertThat(CatalogCheck.problems(catalog(null, from, rescaled), Map.of())).singleElement().asString()
        .contains("field /d changes from decimal(10, 2) to decimal(12, 3)");
  }

  @Test
  void newOptionalFieldWithDefaultIsAccepted() throws IOException {
    SchemaCatalog catalog = catalog(null, V1,
        record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"channel\", \"type\": [\"null\", \"string\"], \"default\": null}"));

    assertThat(CatalogCheck.problems(catalog, Map.of())).isEmpty();
  }

  @Test
  void forwardLevelPerSubjectRejectsRemovingARequiredField() throws IOException {
    String v1 = record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"note\", \"type\": \"string\"}");

    assertThat(CatalogCheck.problems(catalog(null, v1, V1), Map.of())).isEmpty();
    assertThat(CatalogCheck.problems(catalog("FORWARD", v1, V1), Map.of()))
        .containsExactly("Cannot accept version 2 of subject 't-value' (subjects/t-value/v2.avsc) under compatibility"
            + " FORWARD: a reader with version 1 cannot read data written with the new schema:"
            + " READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1: note");
  }

  @Test
  void transitiveLevelComparesWithEveryEarlierVersion() throws IOException {
    String v1 = record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"n\", \"type\": \"int\"}");
    String v3 = record("{\"name\": \"id\", \"type\": \"string\"}, {\"name\": \"n\", \"type\": \"boolean\", \"default\": false}");

    assertThat(CatalogCheck.problems(catalog("BACKWARD", v1, V1, v3), Map.of())).isEmpty();
    assertThat(CatalogCheck.problems(catalog("BACKWARD_TRANSITIVE", v1, V1, v3), Map.of()))
        .singleElement().asString()
        .startsWith("Cannot accept version 3 of subject 't-value' (subjects/t-value/v3.avsc) under compatibility"
            + " BACKWARD_TRANSITIVE: a reader with the new schema cannot read data written with version 1: TYPE_MISMATCH");
  }

  @Test
  void changedContractMustBeFrozenAsTheNextVersion() throws IOException {
    SchemaCatalog catalog = catalog(null, V1);
    Schema changed = new Schema.Parser().parse(record("{\"name\": \"id\", \"type\": \"string\", \"doc\": \"Now documented.\"}"));

    assertThat(CatalogCheck.problems(catalog, Map.of("t-value", changed)))
        .containsExactly("Cannot accept the contract of subject 't-value': it differs from version 1"
            + " (subjects/t-value/v1.avsc), the latest in " + catalog.location() + ". If the change is intended,"
            + " freeze it as a new version: copy the contract .avsc to subjects/t-value/v2.avsc next to the catalog"
            + " and add {\"version\": 2, \"id\": 2, \"schema\": \"subjects/t-value/v2.avsc\"} to the subject's versions");
  }

  @Test
  void contractWithoutSubjectIsReported() throws IOException {
    SchemaCatalog catalog = catalog(null, V1);

    assertThat(CatalogCheck.problems(catalog, Map.of("u-value", new Schema.Parser().parse(V1))))
        .singleElement().asString()
        .startsWith("Cannot find subject 'u-value' in " + catalog.location());
  }

  /** A catalog with one subject {@code t-value} whose versions are the given schemas, ids 1, 2... */
  private SchemaCatalog catalog(String compatibility, String... versions) throws IOException {
    Path subjectDir = Files.createDirectories(dir.resolve("subjects/t-value"));
    StringBuilder entries = new StringBuilder();
    for (int v = 1; v <= versions.length; v++) {
      Files.writeString(subjectDir.resolve("v" + v + ".avsc"), versions[v - 1]);
      entries.append(v > 1 ? ", " : "")
          .append("{\"version\": ").append(v).append(", \"id\": ").append(v)
          .append(", \"schema\": \"subjects/t-value/v").append(v).append(".avsc\"}");
    }
    String level = compatibility == null ? "" : "\"compatibility\": \"" + compatibility + "\", ";
    Path catalog = dir.resolve("catalog.json");
    Files.writeString(catalog, "{\"subjects\": {\"t-value\": {" + level + "\"versions\": [" + entries + "]}}}");
    URL url = catalog.toUri().toURL();
    return SchemaCatalog.load(url);
  }

  private static String record(String fields) {
    return "{\"type\": \"record\", \"name\": \"T\", \"namespace\": \"test\", \"fields\": [" + fields + "]}";
  }
}
