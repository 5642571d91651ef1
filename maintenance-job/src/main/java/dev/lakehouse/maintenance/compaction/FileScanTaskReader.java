package dev.lakehouse.maintenance.compaction;

import java.util.Map;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.DeleteFilter;
import org.apache.iceberg.data.GenericDeleteFilter;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.formats.FormatModelRegistry;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.util.PartitionUtil;

/** Reads the live rows of one data file (delete files applied) as generic records of the table schema. */
final class FileScanTaskReader {
  private final Table table;
  private final Schema schema;

  FileScanTaskReader(Table table) {
    this.table = table;
    this.schema = table.schema();
  }

  CloseableIterable<Record> open(FileScanTask task) {
    DeleteFilter<Record> deletes = new GenericDeleteFilter(table.io(), task, schema, schema);
    Schema readSchema = deletes.requiredSchema();
    Map<Integer, ?> constants = PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant);
    CloseableIterable<Record> rows = FormatModelRegistry.readBuilder(task.file().format(), Record.class, table.io().newInputFile(task.file()))
        .project(readSchema)
        .idToConstant(constants)
        .split(task.start(), task.length())
        .reuseContainers()
        .build();
    if (task.deletes().isEmpty()) {
      return rows;
    }
    // delete filtering may need extra columns (row position, equality keys): write the table columns only
    return CloseableIterable.transform(deletes.filter(rows), row -> project(row));
  }

  private Record project(Record row) {
    GenericRecord out = GenericRecord.create(schema);
    for (int i = 0; i < schema.columns().size(); i++) {
      out.set(i, row.getField(schema.columns().get(i).name()));
    }
    return out;
  }
}
