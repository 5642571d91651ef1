package dev.lakehouse.connect.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.connect.config.ConnectorConfigTemplate;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.connect.tables.TablePreparer.Action;
import dev.lakehouse.connect.tables.TablePreparer.Outcome;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.ForbiddenException;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tables of the bundled local config prepared in Iceberg's InMemoryCatalog: expected schemas,
 * specs and properties are the definitions' own, so these tests follow the contracts as they change.
 * TablePreparerTest checks the same on a real S3 server with the schemas written out.
 */
class TablePreparerInMemoryTest {
  private static final List<TableDefinition> TABLES = TableDefinitions.fromConfig(ConnectorConfigTemplate
      .bundled(Environment.LOCAL)
      // the data dir only appears in the catalog's settings, which these tests do not use
      .render("test-sink", TemplateValues.of(Environment.LOCAL, Map.of(TemplateValues.DATA_DIR, "/not-used"))));
  private static final TableDefinition ORDERS = TABLES.get(0);

  private final InMemoryCatalog catalog = new InMemoryCatalog();

  @BeforeEach
  void initialize() {
    catalog.initialize("test", Map.of());
  }

  @AfterEach
  void close() throws IOException {
    catalog.close();
  }

  @Test
  void aFreshNamespaceGetsEveryTableWithItsContractSchemaPartitionSpecAndProperties() {
    List<Outcome> outcomes = new TablePreparer(catalog).prepare(TABLES);

    assertThat(outcomes).extracting(o -> o.table().identifier() + " " + o.action())
        .containsExactlyElementsOf(TABLES.stream().map(t -> t.identifier() + " " + Action.CREATED).toList());
    assertThat(catalog.listNamespaces())
        .containsExactlyElementsOf(TABLES.stream().map(t -> t.identifier().namespace()).distinct().toList());
    for (TableDefinition definition : TABLES) {
      Table table = catalog.loadTable(definition.identifier());
      assertThat(table.schema().asStruct()).as("schema of %s", definition.identifier())
          .isEqualTo(definition.schema().asStruct());
      assertThat(describe(table.spec(), table.schema())).as("partitioning of %s", definition.identifier())
          .isNotEmpty()
          .isEqualTo(describe(PartitionSpecs.toSpec(definition.schema(), definition.partitionBy()), definition.schema()));
      assertThat(table.properties()).as("properties of %s", definition.identifier())
          .containsAllEntriesOf(unreserved(definition.properties()));
      assertThat(metadata(table).formatVersion())
          .isEqualTo(Integer.parseInt(definition.properties().get(TableProperties.FORMAT_VERSION)));
    }
  }

  @Test
  void preparingAgainLeavesEveryTableUnchangedWithoutACommit() {
    new TablePreparer(catalog).prepare(TABLES);
    Map<TableIdentifier, String> before = metadataLocations();

    List<Outcome> again = new TablePreparer(catalog).prepare(TABLES);

    assertThat(again).hasSameSizeAs(TABLES).allSatisfy(o -> {
      assertThat(o.action()).isEqualTo(Action.UNCHANGED);
      assertThat(o.addedColumns()).isEmpty();
      assertThat(o.setProperties()).isEmpty();
    });
    assertThat(metadataLocations()).isEqualTo(before);
  }

  @Test
  void anExistingTableGainsTheContractColumnsItLacksAsOptionalInOneCommit() {
    List<NestedField> columns = ORDERS.schema().columns();
    int kept = columns.size() / 2;
    catalog.createNamespace(ORDERS.identifier().namespace());
    Table older = catalog.buildTable(ORDERS.identifier(), new Schema(columns.subList(0, kept)))
        .withProperties(ORDERS.properties())
        .create();
    List<NestedField> olderColumns = older.schema().columns();
    int olderCommits = metadata(older).previousFiles().size();

    List<Outcome> outcomes = new TablePreparer(catalog).prepare(List.of(ORDERS));

    List<NestedField> lacking = columns.subList(kept, columns.size());
    assertThat(outcomes).singleElement().satisfies(o -> {
      assertThat(o.action()).isEqualTo(Action.EVOLVED);
      assertThat(o.addedColumns()).containsExactlyElementsOf(lacking.stream().map(NestedField::name).toList());
      assertThat(o.setProperties()).isEmpty();
    });
    Table evolved = catalog.loadTable(ORDERS.identifier());
    assertThat(evolved.schema().columns().subList(0, kept)).isEqualTo(olderColumns);
    assertThat(evolved.schema().columns().subList(kept, columns.size())).allSatisfy(added -> {
      assertThat(added.isOptional()).as("%s is optional", added.name()).isTrue();
      assertThat(added.type()).as("type of %s", added.name()).isEqualTo(ORDERS.schema().findType(added.name()));
    });
    assertThat(evolved.schema().columns()).extracting(NestedField::name)
        .containsExactlyElementsOf(columns.stream().map(NestedField::name).toList());
    assertThat(metadata(evolved).previousFiles()).hasSize(olderCommits + 1);
  }

  @Test
  void anExistingTableKeepsItsPartitionSpecWhenTheConfigDeclaresAnother() {
    String column = ORDERS.schema().columns().get(0).name();
    PartitionSpec existing = PartitionSpec.builderFor(ORDERS.schema()).identity(column).build();
    catalog.createNamespace(ORDERS.identifier().namespace());
    catalog.buildTable(ORDERS.identifier(), ORDERS.schema())
        .withPartitionSpec(existing)
        .withProperties(ORDERS.properties())
        .create();

    List<Outcome> outcomes = new TablePreparer(catalog).prepare(List.of(ORDERS));

    assertThat(outcomes).extracting(Outcome::action).containsExactly(Action.UNCHANGED);
    Table table = catalog.loadTable(ORDERS.identifier());
    assertThat(describe(table.spec(), table.schema()))
        .containsExactly("identity(" + column + ")")
        .isNotEqualTo(describe(PartitionSpecs.toSpec(ORDERS.schema(), ORDERS.partitionBy()), ORDERS.schema()));
  }

  @Test
  void aPartitionByOverAColumnTheContractLacksIsRefusedAndCreatesNoTable() {
    String partitionBy = "hours(no_such_column)";
    TableDefinition misnamed = new TableDefinition(
        ORDERS.identifier(), ORDERS.topic(), ORDERS.schema(), partitionBy, ORDERS.properties());

    assertThatThrownBy(() -> new TablePreparer(catalog).prepare(List.of(misnamed)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot partition by '" + partitionBy + "': ");
    assertThat(catalog.tableExists(ORDERS.identifier())).isFalse();
  }

  @Test
  void aNamespaceTheCatalogMayNotCreateIsReportedWithHowToCreateIt() {
    InMemoryCatalog refusing = new InMemoryCatalog() {
      @Override
      public void createNamespace(Namespace namespace, Map<String, String> metadata) {
        throw new ForbiddenException("not authorized to create databases");
      }
    };
    refusing.initialize("refusing", Map.of());
    Namespace namespace = ORDERS.identifier().namespace();

    assertThatThrownBy(() -> new TablePreparer(refusing).prepare(List.of(ORDERS)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Cannot create the namespace " + namespace + " (not authorized to create databases)")
        .hasMessageContaining("aws glue create-database --database-input Name=" + namespace)
        .hasCauseInstanceOf(ForbiddenException.class);
  }

  /** Another apply (or the sink) creates the tables between this one's existence check and its create. */
  @Test
  void tablesCreatedConcurrentlyAreTakenAsExisting() {
    InMemoryCatalog racing = new InMemoryCatalog() {
      @Override
      public boolean tableExists(TableIdentifier identifier) {
        return false;
      }
    };
    racing.initialize("racing", Map.of());
    new TablePreparer(racing).prepare(TABLES);

    List<Outcome> outcomes = new TablePreparer(racing).prepare(TABLES);

    assertThat(outcomes).extracting(o -> o.table().identifier() + " " + o.action())
        .containsExactlyElementsOf(TABLES.stream().map(t -> t.identifier() + " " + Action.UNCHANGED).toList());
  }

  private Map<TableIdentifier, String> metadataLocations() {
    Map<TableIdentifier, String> locations = new LinkedHashMap<>();
    TABLES.forEach(t -> locations.put(t.identifier(), metadata(catalog.loadTable(t.identifier())).metadataFileLocation()));
    return locations;
  }

  private static TableMetadata metadata(Table table) {
    return ((HasTableOperations) table).operations().current();
  }

  /** The declared properties a table lists: reserved ones such as format-version go into its metadata instead. */
  private static Map<String, String> unreserved(Map<String, String> properties) {
    Map<String, String> unreserved = new LinkedHashMap<>(properties);
    unreserved.keySet().removeAll(TableProperties.RESERVED_PROPERTIES);
    return unreserved;
  }

  /** A spec as {@code transform(column)} terms, such as {@code hour(event_time)}. */
  private static List<String> describe(PartitionSpec spec, Schema schema) {
    return spec.fields().stream().map(f -> f.transform() + "(" + schema.findColumnName(f.sourceId()) + ")").toList();
  }
}
