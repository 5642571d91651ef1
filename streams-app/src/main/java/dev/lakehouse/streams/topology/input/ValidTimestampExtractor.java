package dev.lakehouse.streams.topology.input;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * The Kafka timestamp of an input record, or the partition's time when it has none, so a record
 * without a timestamp is still validated instead of stopping the app. The topology re-stamps every
 * valid record with its event time; this timestamp only orders the inputs.
 */
public final class ValidTimestampExtractor implements TimestampExtractor {
  @Override
  public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
    return record.timestamp() >= 0 ? record.timestamp() : Math.max(partitionTime, 0L);
  }
}
