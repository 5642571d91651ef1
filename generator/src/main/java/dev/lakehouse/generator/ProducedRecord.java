package dev.lakehouse.generator;

/**
 * A record as the broker acknowledged it.
 *
 * @param sendTimeMillis wall-clock time at which the generator handed it to the producer
 */
public record ProducedRecord(PlannedRecord planned, int partition, long offset, long sendTimeMillis) {
  public String topic() {
    return planned.topic();
  }

  public EventClass eventClass() {
    return planned.eventClass();
  }
}
