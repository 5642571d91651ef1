package dev.lakehouse.peerflink.model;

/**
 * One version of a customer or a merchant, valid from {@code validFrom} (its updated_at).
 *
 * @param topic {@code customers} or {@code merchants}
 * @param detail the customer's segment or the merchant's category
 */
public record ReferenceVersion(String topic, String id, String name, String country, String detail, long validFrom) {

  /** The key a version is stored under: ids of customers and merchants may be equal. */
  public static String key(String topic, String id) {
    return topic + "/" + id;
  }

  public String key() {
    return key(topic, id);
  }
}
