package dev.lakehouse.streams.topology.event;

import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;

/** The two paths out of a routing step, as streams with named processors. */
public record RoutedBranches<T>(KStream<String, T> kept, KStream<String, GenericRecord> diverted) {

  public static <T> RoutedBranches<T> split(KStream<String, Routed<T>> routed, String name) {
    Map<String, KStream<String, Routed<T>>> branches = routed
        .split(Named.as(name + "-route"))
        .branch((key, value) -> value.isKept(), Branched.as("-kept"))
        .defaultBranch(Branched.as("-diverted"));
    return new RoutedBranches<>(
        branches.get(name + "-route-kept").mapValues(Routed::kept, Named.as(name + "-kept")),
        branches.get(name + "-route-diverted").mapValues(Routed::diverted, Named.as(name + "-diverted")));
  }
}
