package dev.lakehouse.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopicsTest {
  @Test
  void aTopicOfOursIsItsOwnContract() {
    assertThat(Topics.ALL).allSatisfy(topic -> assertThat(Topics.contract(topic)).isEqualTo(topic));
  }

  @Test
  void aPrefixedOutputCarriesTheContractAfterTheLastDot() {
    assertThat(Topics.contract("r2.orders-enriched")).isEqualTo(Topics.ORDERS_ENRICHED);
    assertThat(Topics.contract("replay.2026-12.order-payments")).isEqualTo(Topics.ORDER_PAYMENTS);
    assertThat(Topics.valueSubject("r2.pipeline-ledger")).isEqualTo("pipeline-ledger-value");
  }

  @Test
  void anyOtherTopicIsLeftAsItIs() {
    assertThat(Topics.contract("r2.clickstream")).isEqualTo("r2.clickstream");
    assertThat(Topics.contract("orders-enriched-v2")).isEqualTo("orders-enriched-v2");
    assertThat(Topics.contract("r2orders-enriched")).isEqualTo("r2orders-enriched");
  }
}
