package dev.lakehouse.connect.tables;

import dev.lakehouse.conventions.PartitionTerms;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;

/**
 * The spec the sink would give a table from its {@code partition-by} ({@link PartitionTerms}), so
 * the tables created here get the spec the sink would give them.
 */
public final class PartitionSpecs {
  private PartitionSpecs() {}

  /** The spec for a schema; fails naming the column when the schema lacks it or its type does not fit. */
  public static PartitionSpec toSpec(Schema schema, String spec) {
    PartitionSpec.Builder builder = PartitionSpec.builderFor(schema);
    for (PartitionTerms.Term term : PartitionTerms.parse(spec)) {
      try {
        add(builder, term);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("Cannot partition by '" + spec + "': " + e.getMessage(), e);
      }
    }
    return builder.build();
  }

  private static void add(PartitionSpec.Builder builder, PartitionTerms.Term term) {
    switch (term.transform()) {
      case "identity" -> builder.identity(term.column());
      case "years" -> builder.year(term.column());
      case "months" -> builder.month(term.column());
      case "days" -> builder.day(term.column());
      case "hours" -> builder.hour(term.column());
      case "bucket" -> builder.bucket(term.column(), term.width());
      case "truncate" -> builder.truncate(term.column(), term.width());
      default -> throw new IllegalStateException("unreachable: transform " + term.transform());
    }
  }
}
