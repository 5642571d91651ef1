package dev.lakehouse.generator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Sends planned records with an idempotent producer (acks=all) and collects where each one landed. */
final class RecordSender implements AutoCloseable {
  private final Producer<String, byte[]> producer;

  RecordSender(Producer<String, byte[]> producer) {
    this.producer = producer;
  }

  static Producer<String, byte[]> createProducer(GeneratorConfig config) {
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    props.put(ProducerConfig.CLIENT_ID_CONFIG, "lakehouse-generator-" + config.runId());
    props.putAll(config.producerOverrides());
    return new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer());
  }

  int partitions(String topic) {
    return producer.partitionsFor(topic).size();
  }

  /**
   * Sends every record, {@code ratePerSecond} of them per second (0 = no pacing; see {@link Pacer}), at most {@code
   * maxLag} records ahead of the consumer that {@code gate} follows, and returns them with partition
   * and offset once all are acknowledged.
   */
  List<ProducedRecord> send(List<PlannedRecord> records, double ratePerSecond, LagGate gate, long maxLag)
      throws InterruptedException {
    long batch = Math.max(1, maxLag / 2);
    ProducedRecord[] produced = new ProducedRecord[records.size()];
    AtomicReference<Exception> failure = new AtomicReference<>();
    Pacer pacer = ratePerSecond > 0 ? new Pacer(System.nanoTime(), ratePerSecond) : null;
    for (int i = 0; i < records.size() && failure.get() == null; i++) {
      if (i > 0 && i % batch == 0 && gate != LagGate.NONE) {
        // the lag is read from the broker: what is still in the producer's buffer would not count
        producer.flush();
        gate.awaitLagAtMost(maxLag - batch);
      }
      if (pacer != null) {
        // after the gate: a record that waited there is sent now, so the next keeps its distance
        sleep(pacer.waitNanos(i, System.nanoTime()));
      }
      PlannedRecord record = records.get(i);
      long sendTime = System.currentTimeMillis();
      int index = i;
      producer.send(
          new ProducerRecord<>(record.topic(), null, record.timestamp().toEpochMilli(), record.key(), record.valueBytes()),
          (metadata, error) -> {
            if (error != null) {
              failure.compareAndSet(null, error);
            } else {
              produced[index] = new ProducedRecord(record, metadata.partition(), metadata.offset(), sendTime);
            }
          });
    }
    producer.flush();
    if (failure.get() != null) {
      throw new IllegalStateException("Cannot produce the generated records: " + failure.get().getMessage()
          + " (is the broker at the configured bootstrap servers and do the topics exist?)", failure.get());
    }
    return new ArrayList<>(Arrays.asList(produced));
  }

  private static void sleep(long nanos) throws InterruptedException {
    if (nanos > 0) {
      Thread.sleep(Duration.ofNanos(nanos).toMillis(), (int) (nanos % 1_000_000));
    }
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(30));
  }
}
