package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.testkit.KafkaFixture.Kind;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class KafkaFixtureTest {
  private static final BooleanSupplier DOCKER = () -> true;
  private static final BooleanSupplier NO_DOCKER = () -> false;

  @Test
  void autoTakesTestcontainersWhereDockerAnswersAndTheEmbeddedBrokerElsewhere() {
    assertThat(KafkaFixture.choose("auto", DOCKER)).isEqualTo(Kind.TESTCONTAINERS);
    assertThat(KafkaFixture.choose("auto", NO_DOCKER)).isEqualTo(Kind.EMBEDDED);
    assertThat(KafkaFixture.choose(" Auto ", NO_DOCKER)).isEqualTo(Kind.EMBEDDED);
  }

  @Test
  void thePropertyOverridesTheChoiceAndEmbeddedNeverAsksForDocker() {
    AtomicInteger asked = new AtomicInteger();
    assertThat(KafkaFixture.choose("embedded", () -> asked.incrementAndGet() > 0)).isEqualTo(Kind.EMBEDDED);
    assertThat(asked).hasValue(0);
    assertThat(KafkaFixture.choose("testcontainers", DOCKER)).isEqualTo(Kind.TESTCONTAINERS);
  }

  @Test
  void testcontainersWithoutDockerFailsSayingWhatToDo() {
    assertThatThrownBy(() -> KafkaFixture.choose("testcontainers", NO_DOCKER))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Cannot start Kafka on Testcontainers (-Dlakehouse.kafka=testcontainers)")
        .hasMessageContaining("no Docker engine answers")
        .hasMessageContaining("-Dlakehouse.kafka=embedded");
  }

  @Test
  void anUnknownSettingIsRefusedWithTheAcceptedOnes() {
    assertThatThrownBy(() -> KafkaFixture.choose("docker", DOCKER))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Invalid -Dlakehouse.kafka=docker: use auto (Testcontainers where Docker answers, else embedded), "
            + "embedded or testcontainers");
  }

  /** The real check on this machine: without a Docker engine, asking for Testcontainers fails before any container. */
  @Test
  void onAMachineWithoutDockerTestcontainersIsRefusedClearly() {
    boolean dockerAnswers = KafkaOnTestcontainers.dockerAnswers();
    if (dockerAnswers) {
      assertThat(KafkaFixture.choose("auto", KafkaOnTestcontainers::dockerAnswers)).isEqualTo(Kind.TESTCONTAINERS);
    } else {
      assertThatThrownBy(() -> KafkaFixture.choose("testcontainers", KafkaOnTestcontainers::dockerAnswers))
          .hasMessageContaining("no Docker engine answers");
      assertThat(KafkaFixture.choose("auto", KafkaOnTestcontainers::dockerAnswers)).isEqualTo(Kind.EMBEDDED);
    }
  }
}
