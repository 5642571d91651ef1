package dev.lakehouse.schemas.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * The type changes between two versions that Avro accepts but the Iceberg tables the sink lands
 * cannot follow. Avro promotes int to long, float or double, long to float or double, float to
 * double, and string to and from bytes; Iceberg widens a column only from int to long, from float to
 * double, and a decimal's precision with the same scale. A field that changes otherwise would
 * leave the sink unable to evolve the table's column.
 */
final class IcebergWidening {
  private static final Set<String> WIDENINGS = Set.of("int>long", "float>double");

  private IcebergWidening() {}

  /** One line per field whose type changes from {@code older} to {@code newer} in a way Iceberg cannot widen. */
  static List<String> problems(Schema newer, Schema older) {
    List<String> problems = new ArrayList<>();
    compare(newer, older, "", problems);
    return problems;
  }

  private static void compare(Schema newer, Schema older, String path, List<String> problems) {
    Schema to = nonNull(newer);
    Schema from = nonNull(older);
    if (to.getType() == Schema.Type.RECORD && from.getType() == Schema.Type.RECORD) {
      for (Schema.Field field : to.getFields()) {
        Schema.Field before = from.getField(field.name());
        if (before != null) {
          compare(field.schema(), before.schema(), path + "/" + field.name(), problems);
        }
      }
    } else if (to.getType() == Schema.Type.ARRAY && from.getType() == Schema.Type.ARRAY) {
      compare(to.getElementType(), from.getElementType(), path + "/[]", problems);
    } else if (to.getType() == Schema.Type.MAP && from.getType() == Schema.Type.MAP) {
      compare(to.getValueType(), from.getValueType(), path + "/{}", problems);
    } else if (!followable(from, to)) {
      problems.add("field " + path + " changes from " + describe(from) + " to " + describe(to)
          + ", which the Iceberg tables cannot follow (Iceberg widens int to long, float to double, and a"
          + " decimal's precision at the same scale only): add a new field instead");
    }
  }

  private static boolean followable(Schema from, Schema to) {
    LogicalType fromLogical = from.getLogicalType();
    LogicalType toLogical = to.getLogicalType();
    if (fromLogical instanceof LogicalTypes.Decimal a && toLogical instanceof LogicalTypes.Decimal b) {
      return a.getScale() == b.getScale() && b.getPrecision() >= a.getPrecision();
    }
    if (!describe(from).equals(describe(to))) {
      return from.getType() != to.getType() && fromLogical == null && toLogical == null
          && WIDENINGS.contains(from.getType().getName() + ">" + to.getType().getName());
    }
    return true;
  }

  /** The type as a column sees it: the Avro type, with its logical type when it has one. */
  private static String describe(Schema schema) {
    LogicalType logical = schema.getLogicalType();
    if (logical instanceof LogicalTypes.Decimal decimal) {
      return "decimal(" + decimal.getPrecision() + ", " + decimal.getScale() + ")";
    }
    return logical != null ? schema.getType().getName() + "/" + logical.getName() : schema.getType().getName();
  }

  /** The non-null branch of an optional field (["null", X]), else the schema itself. */
  private static Schema nonNull(Schema schema) {
    if (schema.getType() == Schema.Type.UNION) {
      List<Schema> branches = schema.getTypes().stream().filter(s -> s.getType() != Schema.Type.NULL).toList();
      if (branches.size() == 1) {
        return branches.get(0);
      }
    }
    return schema;
  }
}
