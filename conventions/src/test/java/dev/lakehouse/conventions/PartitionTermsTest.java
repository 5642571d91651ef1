package dev.lakehouse.conventions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PartitionTermsTest {
  @Test
  void readsTheSinksPartitionBySyntax() {
    assertThat(PartitionTerms.parse("hours(event_time), bucket(order_id, 16),currency"))
        .containsExactly(new PartitionTerms.Term("hours", "event_time", 0),
            new PartitionTerms.Term("bucket", "order_id", 16),
            new PartitionTerms.Term("identity", "currency", 0));
    assertThat(PartitionTerms.parse("day(window_start)")).containsExactly(new PartitionTerms.Term("days", "window_start", 0));
    assertThat(PartitionTerms.parse(null)).isEmpty();
  }

  @Test
  void writesEachTermBackInTheSameSyntax() {
    assertThat(PartitionTerms.parse("hour(event_time), bucket( order_id ,16), currency, truncate(name, 4)"))
        .extracting(PartitionTerms.Term::text)
        .containsExactly("hours(event_time)", "bucket(order_id, 16)", "currency", "truncate(name, 4)");
  }

  @Test
  void rejectsAnUnknownTransformNamingIt() {
    assertThatThrownBy(() -> PartitionTerms.parse("weeks(event_time)"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot parse partition term 'weeks(event_time)' of 'weeks(event_time)': unknown transform 'weeks'; "
            + "use years, months, days, hours, bucket, truncate or a bare column");
    assertThatThrownBy(() -> PartitionTerms.parse("bucket(order_id)"))
        .hasMessageContaining("bucket takes (column, width)");
  }
}
