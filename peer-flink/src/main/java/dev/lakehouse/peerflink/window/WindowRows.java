package dev.lakehouse.peerflink.window;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.output.ContractRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.schemas.Topics;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/** The row of a closed window: revenue per merchant and currency, or payments per outcome. */
public final class WindowRows extends ProcessWindowFunction<Totals, KafkaOutput, String, TimeWindow> {
  private final String contractTopic;
  private final OutputEncoder encoder;

  private WindowRows(JobSettings settings, String contractTopic) {
    this.contractTopic = contractTopic;
    this.encoder = new OutputEncoder(settings);
  }

  public static WindowRows revenue(JobSettings settings) {
    return new WindowRows(settings, Topics.REVENUE_BY_MERCHANT_1M);
  }

  public static WindowRows paymentsByOutcome(JobSettings settings) {
    return new WindowRows(settings, Topics.PAYMENTS_BY_OUTCOME_1M);
  }

  @Override
  public void process(String key, Context context, Iterable<Totals> totals, Collector<KafkaOutput> out) {
    Totals window = totals.iterator().next();
    long start = context.window().getStart();
    long end = context.window().getEnd();
    long now = context.currentProcessingTime();
    if (contractTopic.equals(Topics.REVENUE_BY_MERCHANT_1M)) {
      String merchantId = key.substring(key.indexOf(':') + 1);
      out.collect(encoder.encode(contractTopic, merchantId, ContractRows.revenue(key, start, end, window, now)));
    } else {
      out.collect(encoder.encode(contractTopic, key, ContractRows.paymentsByOutcome(key, start, end, window, now)));
    }
  }
}
