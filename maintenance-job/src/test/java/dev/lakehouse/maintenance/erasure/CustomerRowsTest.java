package dev.lakehouse.maintenance.erasure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.schemas.PersonalData;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Which rows are the customer's: the contracts' marks, exact ids, and ids inside raw input as whole values only. */
class CustomerRowsTest {
  static final Instant TIME = Instant.parse("2026-11-30T10:00:00Z");
  static final CustomerIds CUS_1 = CustomerIds.of(List.of("cus-1"));

  @Test
  void aCustomerIdColumnMatchesTheIdExactlyAndPrunesFilesByIt() {
    CustomerRows rows = new CustomerRows(PersonalTables.ORDERS, PersonalData.fieldNames(), CUS_1);

    assertThat(rows.test(PersonalTables.order("e1", "cus-1", TIME))).isTrue();
    assertThat(rows.test(PersonalTables.order("e2", "cus-12", TIME))).isFalse();
    assertThat(rows.test(PersonalTables.order("e3", "xcus-1", TIME))).isFalse();
    assertThat(rows.searchedColumns()).containsExactly("customer_id");
    assertThat(rows.projection(PersonalTables.ORDERS).columns()).extracting(Types.NestedField::name).containsExactly("customer_id");
    assertThat(rows.candidateFiles().toString()).isEqualTo(Expressions.in("customer_id", "cus-1").toString());
  }

  @Test
  void rawInputMatchesTheIdAsAWholeTokenOrAsAnAvroStringWhateverFollowsIt() {
    CustomerRows rows = new CustomerRows(PersonalTables.DEAD_LETTERS, PersonalData.fieldNames(), CUS_1);

    assertThat(matches(rows, "cus-1", "")).as("the key itself").isTrue();
    assertThat(matches(rows, "ord-9", "{\"customer_id\": \"cus-1\"}")).as("in JSON").isTrue();
    assertThat(matches(rows, "ord-9", "cus-1")).as("the whole value").isTrue();
    assertThat(matches(rows, "cus-12", "{\"customer_id\": \"cus-12\"}")).as("a longer id").isFalse();
    assertThat(matches(rows, "ord-9", "acus-1")).as("inside a longer token").isFalse();
    // an Avro record: the string's length byte (10 for "cus-1") before it, the next field's bytes right after
    assertThat(rows.test(PersonalTables.deadLetter(1, "ord-9", bytes("\u0006ord-9\ncus-1Xyz"), TIME))).isTrue();
    assertThat(rows.test(PersonalTables.deadLetter(1, "ord-9", bytes("\u0006ord-9\fcus-12Xyz"), TIME))).isFalse();
    assertThat(rows.candidateFiles()).isEqualTo(Expressions.alwaysTrue());
  }

  @Test
  void anAvroLengthThatIsALetterStillBoundsTheId() {
    // a 24-character id has the Avro length byte 48, the digit '0'
    String id = "customer-0000000000000042";
    CustomerRows rows = new CustomerRows(PersonalTables.DEAD_LETTERS, PersonalData.fieldNames(),
        CustomerIds.of(List.of(id.substring(0, 24))));

    assertThat(rows.test(PersonalTables.deadLetter(1, "k", bytes("\u00020" + id.substring(0, 24) + "1"), TIME))).isTrue();
    assertThat(rows.test(PersonalTables.deadLetter(1, "k", bytes("x9" + id.substring(0, 24) + "1"), TIME))).isFalse();
  }

  @Test
  void aTableWithoutMarkedColumnsIsNotSearchedAndCustomerDataWithoutAnIdIsFlagged() {
    Schema revenue = new Schema(Types.NestedField.required(1, "merchant_id", Types.StringType.get()));

    assertThat(new CustomerRows(revenue, PersonalData.fieldNames(), CUS_1).searchable()).isFalse();
    assertThat(new CustomerRows(revenue, PersonalData.fieldNames(), CUS_1).dataColumns()).isEmpty();
    CustomerRows withoutId = new CustomerRows(PersonalTables.CUSTOMER_DATA_WITHOUT_ID, PersonalData.fieldNames(), CUS_1);
    assertThat(withoutId.searchable()).isFalse();
    assertThat(withoutId.dataColumns()).containsExactly("customer_name");
  }

  @Test
  void reportsNameCustomersByPseudonymAndRedactIds() {
    CustomerIds two = CustomerIds.of(List.of("cus-1", "cus-2"));

    assertThat(CUS_1.describe()).isEqualTo("customer " + CustomerIds.pseudonym("cus-1")).doesNotContain("cus-1");
    assertThat(CustomerIds.pseudonym("cus-1")).hasSize(12).isNotEqualTo(CustomerIds.pseudonym("cus-2"));
    assertThat(two.describe()).startsWith("2 customers (").doesNotContain("cus-");
    assertThat(two.redact("no row for cus-1 or cus-2")).doesNotContain("cus-1").doesNotContain("cus-2");
  }

  private static boolean matches(CustomerRows rows, String key, String value) {
    return rows.test(PersonalTables.deadLetter(1, key, bytes(value), TIME));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }
}
