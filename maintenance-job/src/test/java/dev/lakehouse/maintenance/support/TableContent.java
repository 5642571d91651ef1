package dev.lakehouse.maintenance.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * An order-independent fingerprint of a table's rows: the count, the distinct ids and a sum of
 * per-row hashes (a lost, duplicated or altered row changes it). Computed from Iceberg's own
 * generic reader, or from the rows a test generated, never from the code under test.
 */
public record TableContent(long rows, long distinctIds, long checksum) {
  public static TableContent of(Table table) {
    table.refresh();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      return of(records);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static TableContent of(Iterable<Record> records) {
    long rows = 0;
    long checksum = 0;
    Set<Long> ids = new HashSet<>();
    for (Record r : records) {
      rows++;
      ids.add((Long) r.getField("id"));
      checksum += hash(r.getField("id") + "|" + r.getField("payload") + "|" + r.getField("event_time"));
    }
    return new TableContent(rows, ids.size(), checksum);
  }

  public static TableContent ofAll(Collection<? extends Iterable<Record>> batches) {
    return of(batches.stream().flatMap(b -> java.util.stream.StreamSupport.stream(b.spliterator(), false)).toList());
  }

  private static long hash(String s) {
    long h = 1125899906842597L;
    for (int i = 0; i < s.length(); i++) {
      h = 31 * h + s.charAt(i);
    }
    return h * 0x9E3779B97F4A7C15L;
  }
}
