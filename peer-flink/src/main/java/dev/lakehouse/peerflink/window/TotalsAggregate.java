package dev.lakehouse.peerflink.window;

import dev.lakehouse.peerflink.model.TimedAmount;
import org.apache.flink.api.common.functions.AggregateFunction;

/** Adds each event of a window to its {@link Totals} as it arrives (one accumulator per key and window). */
public final class TotalsAggregate<T extends TimedAmount> implements AggregateFunction<T, Totals, Totals> {
  @Override
  public Totals createAccumulator() {
    return Totals.empty();
  }

  @Override
  public Totals add(T event, Totals totals) {
    return totals.add(event);
  }

  @Override
  public Totals getResult(Totals totals) {
    return totals;
  }

  @Override
  public Totals merge(Totals a, Totals b) {
    return a.merge(b);
  }
}
