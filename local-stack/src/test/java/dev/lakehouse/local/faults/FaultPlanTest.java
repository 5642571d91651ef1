package dev.lakehouse.local.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultPlanTest {
  private static final FaultPlan.Counts SCALED_TEST = new FaultPlan.Counts(3, 2, 1, 1, 1, 0);
  private static final Duration MIN = Duration.ofSeconds(5);
  private static final Duration MAX = Duration.ofSeconds(15);

  @Test
  void holdsEveryCountedFaultOnInstancesThatExistBetweenTheGivenPauses() {
    List<Fault> faults = FaultPlan.seeded(7, SCALED_TEST, 3, 2, MIN, MAX);

    assertThat(faults).hasSize(8);
    assertThat(faults).filteredOn(f -> f.kind() == Fault.Kind.KILL).extracting(Fault::target)
        .hasSize(5).allMatch(t -> List.of("streams", "streams-2", "streams-3", "connect", "connect-2").contains(t))
        .filteredOn(t -> t.startsWith("streams")).hasSize(3);
    assertThat(faults).filteredOn(f -> f.kind() == Fault.Kind.ROLLING_RESTART).extracting(Fault::target)
        .containsExactly("streams");
    assertThat(faults).filteredOn(f -> f.kind() == Fault.Kind.SCALE_DOWN_UP).extracting(Fault::target)
        .singleElement().isIn("streams-2", "streams-3");
    assertThat(faults).filteredOn(f -> f.kind() == Fault.Kind.MAINTENANCE_RUN).hasSize(1);
    assertThat(faults).allMatch(f -> f.pauseBefore().compareTo(MIN) >= 0 && f.pauseBefore().compareTo(MAX) <= 0);
  }

  @Test
  void theSameSeedGivesTheSameScheduleAndAnotherSeedAnotherOne() {
    assertThat(FaultPlan.seeded(7, SCALED_TEST, 3, 2, MIN, MAX)).isEqualTo(FaultPlan.seeded(7, SCALED_TEST, 3, 2, MIN, MAX));
    assertThat(FaultPlan.seeded(8, SCALED_TEST, 3, 2, MIN, MAX)).isNotEqualTo(FaultPlan.seeded(7, SCALED_TEST, 3, 2, MIN, MAX));
  }

  @Test
  void twoRollingRestartsCoverBothKindsAndABrokerRestartIsTheServices() {
    List<Fault> faults = FaultPlan.seeded(3, new FaultPlan.Counts(0, 0, 2, 0, 0, 1), 1, 1, MIN, MAX);

    assertThat(faults).filteredOn(f -> f.kind() == Fault.Kind.ROLLING_RESTART).extracting(Fault::target)
        .containsExactlyInAnyOrder("streams", "connect");
    assertThat(faults).filteredOn(f -> f.kind() == Fault.Kind.BROKER_RESTART).extracting(Fault::describe)
        .containsExactly("restart services (broker, S3 server, catalog)");
  }

  @Test
  void aScaleDownWithOneInstanceOrPausesBackwardsAreRefusedNamingTheValue() {
    assertThatThrownBy(() -> FaultPlan.seeded(1, new FaultPlan.Counts(0, 0, 0, 1, 0, 0), 1, 1, MIN, MAX))
        .hasMessage("Cannot plan the faults: scale-downs=1 needs streams.instances >= 2 (the others take the stopped"
            + " instance's partitions); it is 1");
    assertThatThrownBy(() -> FaultPlan.seeded(1, SCALED_TEST, 3, 2, MAX, MIN))
        .hasMessageContaining("pauses=15s..5s must not end before they start");
  }
}
