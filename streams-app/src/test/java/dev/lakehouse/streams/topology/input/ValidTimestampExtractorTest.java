package dev.lakehouse.streams.topology.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

class ValidTimestampExtractorTest {
  private final ValidTimestampExtractor extractor = new ValidTimestampExtractor();

  @Test
  void usesTheRecordTimestampWhenThereIsOne() {
    assertThat(extractor.extract(record(1_000L), 5_000L)).isEqualTo(1_000L);
  }

  @Test
  void fallsBackToPartitionTimeThenZeroInsteadOfFailing() {
    assertThat(extractor.extract(record(-1L), 5_000L)).isEqualTo(5_000L);
    assertThat(extractor.extract(record(-1L), -1L)).isZero();
  }

  private static ConsumerRecord<Object, Object> record(long timestamp) {
    return new ConsumerRecord<>("orders", 0, 0L, timestamp, TimestampType.CREATE_TIME, 0, 0, "k", new byte[0],
        new RecordHeaders(), Optional.empty());
  }
}
