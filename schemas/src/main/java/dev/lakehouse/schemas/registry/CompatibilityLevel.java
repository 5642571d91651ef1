package dev.lakehouse.schemas.registry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.Incompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityResult;

/**
 * Confluent's compatibility levels, checked with Avro's {@link SchemaCompatibility}. As in the
 * registry, a plain level compares a new version with the one before it, a {@code _TRANSITIVE}
 * level with every earlier one.
 */
public enum CompatibilityLevel {
  NONE(false, false, false),
  BACKWARD(true, false, false),
  BACKWARD_TRANSITIVE(true, false, true),
  FORWARD(false, true, false),
  FORWARD_TRANSITIVE(false, true, true),
  FULL(true, true, false),
  FULL_TRANSITIVE(true, true, true);

  public static final CompatibilityLevel DEFAULT = BACKWARD;

  private final boolean newReadsOld;
  private final boolean oldReadsNew;
  private final boolean transitive;

  CompatibilityLevel(boolean newReadsOld, boolean oldReadsNew, boolean transitive) {
    this.newReadsOld = newReadsOld;
    this.oldReadsNew = oldReadsNew;
    this.transitive = transitive;
  }

  public static CompatibilityLevel parse(String level, String where) {
    try {
      return valueOf(level.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Cannot use compatibility level '" + level + "' in " + where
          + ": expected one of " + Arrays.toString(values()), e);
    }
  }

  /**
   * Why {@code candidate} may not follow {@code earlier} (oldest first), one line per broken
   * reader/writer pair; empty when it may.
   */
  public List<String> problems(Schema candidate, List<Schema> earlier) {
    List<String> problems = new ArrayList<>();
    int first = transitive ? 0 : Math.max(0, earlier.size() - 1);
    for (int i = first; i < earlier.size(); i++) {
      String version = "version " + (i + 1);
      if (newReadsOld) {
        describe(candidate, earlier.get(i), "a reader with the new schema cannot read data written with " + version, problems);
      }
      if (oldReadsNew) {
        describe(earlier.get(i), candidate, "a reader with " + version + " cannot read data written with the new schema", problems);
      }
    }
    return problems;
  }

  private static void describe(Schema reader, Schema writer, String what, List<String> problems) {
    SchemaCompatibilityResult result = SchemaCompatibility.checkReaderWriterCompatibility(reader, writer).getResult();
    for (Incompatibility incompatibility : result.getIncompatibilities()) {
      problems.add(what + ": " + incompatibility.getType() + " at " + incompatibility.getLocation()
          + ": " + incompatibility.getMessage());
    }
  }
}
