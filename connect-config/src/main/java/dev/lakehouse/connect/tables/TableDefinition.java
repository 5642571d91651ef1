package dev.lakehouse.connect.tables;

import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.TableIdentifier;

/** A table the connector writes to, as it must exist before the connector starts. */
public record TableDefinition(
    TableIdentifier identifier, String topic, Schema schema, String partitionBy, Map<String, String> properties) {}
