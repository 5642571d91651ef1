package dev.lakehouse.maintenance.erasure;

import dev.lakehouse.schemas.PersonalData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Recognises the rows of the customers to erase in one table, by the columns the contracts mark
 * personal (see {@link PersonalData}): a row is theirs when a {@code customer-id} column equals one
 * of their ids, or a {@code contains-customer-id} column holds one as a whole token.
 */
public final class CustomerRows implements Predicate<Record> {
  private final List<Types.NestedField> idColumns = new ArrayList<>();
  private final List<Types.NestedField> rawColumns = new ArrayList<>();
  private final List<String> dataColumns = new ArrayList<>();
  private final CustomerIds customers;
  private final List<TokenMatch> tokens;

  public CustomerRows(Schema table, Map<PersonalData.Kind, Set<String>> marked, CustomerIds customers) {
    for (Types.NestedField column : table.columns()) {
      if (marked.get(PersonalData.Kind.CUSTOMER_ID).contains(column.name())) {
        idColumns.add(column);
      } else if (marked.get(PersonalData.Kind.CONTAINS_CUSTOMER_ID).contains(column.name())) {
        rawColumns.add(column);
      } else if (marked.get(PersonalData.Kind.CUSTOMER_DATA).contains(column.name())) {
        dataColumns.add(column.name());
      }
    }
    this.customers = customers;
    this.tokens = customers.ids().stream().map(TokenMatch::new).toList();
  }

  /** True when the table has a column that can tell a customer's rows. */
  public boolean searchable() {
    return !idColumns.isEmpty() || !rawColumns.isEmpty();
  }

  /** Columns of customer data; if the table is not {@link #searchable}, its rows cannot be attributed to anyone. */
  public List<String> dataColumns() {
    return List.copyOf(dataColumns);
  }

  /** The columns searched, for reports: {@code customer_id}, {@code record_key (token)}. */
  public List<String> searchedColumns() {
    List<String> names = new ArrayList<>();
    idColumns.forEach(c -> names.add(c.name()));
    rawColumns.forEach(c -> names.add(c.name() + " (token)"));
    return names;
  }

  /** A filter that keeps every file that may hold such rows (metrics can prune only equality on text columns). */
  public Expression candidateFiles() {
    if (!rawColumns.isEmpty() || idColumns.stream().anyMatch(c -> c.type().typeId() != Type.TypeID.STRING)) {
      return Expressions.alwaysTrue();
    }
    Expression any = Expressions.alwaysFalse();
    for (Types.NestedField column : idColumns) {
      any = Expressions.or(any, Expressions.in(column.name(), customers.ids().toArray()));
    }
    return any;
  }

  /** The columns to read to decide, a projection of the table's schema. */
  public Schema projection(Schema table) {
    List<String> names = new ArrayList<>();
    idColumns.forEach(c -> names.add(c.name()));
    rawColumns.forEach(c -> names.add(c.name()));
    return table.select(names);
  }

  @Override
  public boolean test(Record row) {
    for (Types.NestedField column : idColumns) {
      Object value = row.getField(column.name());
      if (value != null && customers.ids().contains(value.toString())) {
        return true;
      }
    }
    for (Types.NestedField column : rawColumns) {
      Object value = row.getField(column.name());
      if (value != null && tokens.stream().anyMatch(token -> token.foundIn(value))) {
        return true;
      }
    }
    return false;
  }
}
