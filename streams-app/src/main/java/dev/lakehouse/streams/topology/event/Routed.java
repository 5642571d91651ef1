package dev.lakehouse.streams.topology.event;

import org.apache.avro.generic.GenericRecord;

/**
 * The result of a routing step: the record goes on ({@code kept}) or leaves the main path as an
 * output row ({@code diverted}, e.g. a dead letter or a late event). Exactly one is set.
 */
public record Routed<T>(T kept, GenericRecord diverted) {
  public static <T> Routed<T> keep(T value) {
    return new Routed<>(value, null);
  }

  public static <T> Routed<T> divert(GenericRecord row) {
    return new Routed<>(null, row);
  }

  public boolean isKept() {
    return kept != null;
  }
}
