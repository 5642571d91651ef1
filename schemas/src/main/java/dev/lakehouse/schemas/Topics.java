package dev.lakehouse.schemas;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;

/** Topic names of the pipeline and the Avro value schema that is each topic's contract. */
public final class Topics {
  public static final String ORDERS = "orders";
  public static final String PAYMENTS = "payments";
  public static final String CUSTOMERS = "customers";
  public static final String MERCHANTS = "merchants";
  public static final String ORDERS_ENRICHED = "orders-enriched";
  public static final String REVENUE_BY_MERCHANT_1M = "revenue-by-merchant-1m";
  public static final String PAYMENTS_BY_OUTCOME_1M = "payments-by-outcome-1m";
  public static final String LATE_EVENTS = "late-events";
  public static final String ORDER_PAYMENTS = "order-payments";
  public static final String DEAD_LETTERS = "dead-letters";
  /** Where every input record went, per input partition and interval. */
  public static final String PIPELINE_LEDGER = "pipeline-ledger";
  /** Every accepted customer version (deletions included), for the dimension tables. */
  public static final String CUSTOMERS_VERSIONS = "customers-versions";
  /** Every accepted merchant version (deletions included), for the dimension tables. */
  public static final String MERCHANTS_VERSIONS = "merchants-versions";

  public static final List<String> INPUTS = List.of(ORDERS, PAYMENTS, CUSTOMERS, MERCHANTS);
  public static final List<String> OUTPUTS =
      List.of(
          ORDERS_ENRICHED,
          REVENUE_BY_MERCHANT_1M,
          PAYMENTS_BY_OUTCOME_1M,
          LATE_EVENTS,
          ORDER_PAYMENTS,
          DEAD_LETTERS,
          PIPELINE_LEDGER,
          CUSTOMERS_VERSIONS,
          MERCHANTS_VERSIONS);
  public static final List<String> ALL =
      List.of(
          ORDERS,
          PAYMENTS,
          CUSTOMERS,
          MERCHANTS,
          ORDERS_ENRICHED,
          REVENUE_BY_MERCHANT_1M,
          PAYMENTS_BY_OUTCOME_1M,
          LATE_EVENTS,
          ORDER_PAYMENTS,
          DEAD_LETTERS,
          PIPELINE_LEDGER,
          CUSTOMERS_VERSIONS,
          MERCHANTS_VERSIONS);

  private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();

  private Topics() {}

  /**
   * The contract topic a topic carries: the topic itself, or, for an output written under a prefix
   * ending in a dot (a replay's {@code r2.orders-enriched}), the name after the last dot when that
   * is one of ours. Any other topic is returned as it is.
   */
  public static String contract(String topic) {
    int dot = topic.lastIndexOf('.');
    if (dot < 0 || ALL.contains(topic)) {
      return topic;
    }
    String unprefixed = topic.substring(dot + 1);
    return ALL.contains(unprefixed) ? unprefixed : topic;
  }

  /** The value schema of a topic, read from {@code avro/<topic>.avsc} on the classpath. */
  public static Schema valueSchema(String topic) {
    return SCHEMAS.computeIfAbsent(topic, Topics::load);
  }

  /**
   * The Confluent subject of a topic's values: TopicNameStrategy on its {@link #contract}, so a
   * prefixed copy of an output is written under the contract it shares.
   */
  public static String valueSubject(String topic) {
    return contract(topic) + "-value";
  }

  /** The Iceberg table that a topic lands in, in namespace {@code lakehouse}. */
  public static String tableName(String topic) {
    return topic.replace('-', '_');
  }

  private static Schema load(String topic) {
    String path = "/avro/" + topic + ".avsc";
    try (InputStream in = Topics.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "Cannot find the schema of topic '" + topic + "': no " + path + " on the classpath; known topics: " + ALL);
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + path, e);
    }
  }
}
