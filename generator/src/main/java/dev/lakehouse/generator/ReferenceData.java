package dev.lakehouse.generator;

import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The customers and merchants of a run: ids, first versions and later versions. */
final class ReferenceData {
  private static final List<String> COUNTRIES = List.of("DE", "FR", "GB", "US", "NL", "ES");
  private static final List<String> SEGMENTS = List.of("retail", "business");
  private static final List<String> CATEGORIES = List.of("grocery", "electronics", "fashion", "travel");

  private final List<String> customerIds = new ArrayList<>();
  private final List<String> merchantIds = new ArrayList<>();
  private final int[] customerVersions;
  private final int[] merchantVersions;

  ReferenceData(String runId, int customers, int merchants) {
    for (int i = 0; i < customers; i++) {
      customerIds.add(String.format("%s-cus-%04d", runId, i));
    }
    for (int i = 0; i < merchants; i++) {
      merchantIds.add(String.format("%s-mer-%03d", runId, i));
    }
    customerVersions = new int[customers];
    merchantVersions = new int[merchants];
  }

  List<String> customerIds() {
    return customerIds;
  }

  List<String> merchantIds() {
    return merchantIds;
  }

  String randomCustomer(Random random) {
    return customerIds.get(random.nextInt(customerIds.size()));
  }

  String randomMerchant(Random random) {
    return merchantIds.get(random.nextInt(merchantIds.size()));
  }

  /** Version 1 of every customer and merchant, valid from {@code validFrom}. */
  List<PlannedRecord> initialVersions(Instant validFrom, Random random, ValueEncoder encoder) {
    List<PlannedRecord> records = new ArrayList<>();
    for (int i = 0; i < customerIds.size(); i++) {
      records.add(customerVersion(i, validFrom, random, encoder, EventClass.REFERENCE_INITIAL));
    }
    for (int i = 0; i < merchantIds.size(); i++) {
      records.add(merchantVersion(i, validFrom, random, encoder, EventClass.REFERENCE_INITIAL));
    }
    return records;
  }

  /** The next version of a random customer or merchant, valid from {@code validFrom}. */
  PlannedRecord update(Instant validFrom, Random random, ValueEncoder encoder) {
    if (random.nextBoolean()) {
      return customerVersion(random.nextInt(customerIds.size()), validFrom, random, encoder, EventClass.REFERENCE_UPDATE);
    }
    return merchantVersion(random.nextInt(merchantIds.size()), validFrom, random, encoder, EventClass.REFERENCE_UPDATE);
  }

  private PlannedRecord customerVersion(int i, Instant validFrom, Random random, ValueEncoder encoder, EventClass eventClass) {
    int version = ++customerVersions[i];
    String id = customerIds.get(i);
    return encoder.event(
        Topics.CUSTOMERS,
        id,
        AvroRecords.customer(id, "Customer " + i + " v" + version, pick(COUNTRIES, random), pick(SEGMENTS, random), validFrom),
        validFrom,
        eventClass);
  }

  private PlannedRecord merchantVersion(int i, Instant validFrom, Random random, ValueEncoder encoder, EventClass eventClass) {
    int version = ++merchantVersions[i];
    String id = merchantIds.get(i);
    return encoder.event(
        Topics.MERCHANTS,
        id,
        AvroRecords.merchant(id, "Merchant " + i + " v" + version, pick(COUNTRIES, random), pick(CATEGORIES, random), validFrom),
        validFrom,
        eventClass);
  }

  private static String pick(List<String> values, Random random) {
    return values.get(random.nextInt(values.size()));
  }
}
