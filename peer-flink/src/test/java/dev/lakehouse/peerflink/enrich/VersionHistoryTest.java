package dev.lakehouse.peerflink.enrich;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.model.ReferenceVersion;
import org.junit.jupiter.api.Test;

class VersionHistoryTest {
  private static final long DAY = 86_400_000L;

  @Test
  void theVersionValidAtATimeIsTheLatestThatStartedByThen() {
    VersionHistory history = VersionHistory.of(version("v1", 100)).with(version("v3", 300), DAY)
        .with(version("v2", 200), DAY);

    assertThat(history.asOf(99)).isNull();
    assertThat(history.asOf(100).name()).isEqualTo("v1");
    assertThat(history.asOf(299).name()).isEqualTo("v2");
    assertThat(history.asOf(300).name()).isEqualTo("v3");
  }

  @Test
  void aDeletionHidesTheCustomerFromItsTimeOnButNotBefore() {
    VersionHistory history = VersionHistory.of(version("v1", 100))
        .with(ReferenceVersion.deletion("customers", "c-1", 200), DAY).with(version("back", 300), DAY);

    assertThat(history.asOf(199).name()).isEqualTo("v1");
    assertThat(history.asOf(200)).isNull();
    assertThat(history.asOf(299)).isNull();
    assertThat(history.asOf(300).name()).isEqualTo("back");
  }

  @Test
  void aVersionFromTheSameInstantReplacesTheEarlierOne() {
    VersionHistory history = VersionHistory.of(version("first", 100)).with(version("second", 100), DAY);

    assertThat(history.versions()).extracting(ReferenceVersion::name).containsExactly("second");
  }

  @Test
  void historyOlderThanTheRetentionIsDroppedButTheVersionValidAtItsStartStays() {
    VersionHistory history = VersionHistory.of(version("v1", 0)).with(version("v2", DAY / 2), DAY)
        .with(version("v3", 2 * DAY), DAY);

    // kept from 2 days - 1 day = day 1: v2 (from day 0.5) is the one valid then, v1 is gone
    assertThat(history.versions()).extracting(ReferenceVersion::name).containsExactly("v2", "v3");
    assertThat(history.asOf(DAY).name()).isEqualTo("v2");
  }

  private static ReferenceVersion version(String name, long validFrom) {
    return ReferenceVersion.of("customers", "c-1", name, "DE", "retail", validFrom);
  }
}
