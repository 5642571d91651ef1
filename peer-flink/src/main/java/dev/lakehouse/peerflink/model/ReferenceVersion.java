package dev.lakehouse.peerflink.model;

/**
 * One version of a customer or a merchant, valid from {@code validFrom} (its updated_at), or its
 * deletion (a tombstone, valid from its Kafka timestamp: name, country and detail are null).
 *
 * @param topic {@code customers} or {@code merchants}
 * @param detail the customer's segment or the merchant's category
 */
public record ReferenceVersion(String topic, String id, String name, String country, String detail, long validFrom,
    boolean deleted) {

  public static ReferenceVersion of(String topic, String id, String name, String country, String detail,
      long validFrom) {
    return new ReferenceVersion(topic, id, name, country, detail, validFrom, false);
  }

  public static ReferenceVersion deletion(String topic, String id, long validFrom) {
    return new ReferenceVersion(topic, id, null, null, null, validFrom, true);
  }

  /** The key a version is stored under: ids of customers and merchants may be equal. */
  public static String key(String topic, String id) {
    return topic + "/" + id;
  }

  public String key() {
    return key(topic, id);
  }
}
