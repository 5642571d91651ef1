package dev.lakehouse.peerflink.config;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/** The project's {@link DurationFormat} for the peer's settings, refusing with Kafka's {@link ConfigException}. */
final class DurationText {
  private DurationText() {}

  static Duration parse(String key, String text) {
    try {
      return DurationFormat.parse(key, text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  /** A ConfigDef validator that accepts what {@link #parse} accepts. */
  static ConfigDef.Validator validator() {
    return (key, value) -> parse(key, String.valueOf(value));
  }
}
