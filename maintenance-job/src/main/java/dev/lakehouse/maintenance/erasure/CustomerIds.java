package dev.lakehouse.maintenance.erasure;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The customers to erase. Their ids are personal data, so nothing prints them: reports and logs
 * name a customer by a pseudonym, the first 12 hex digits of the SHA-256 of the id, which an
 * operator who knows the id can recompute to find the erasure in the logs.
 */
public final class CustomerIds {
  private final Set<String> ids;

  private CustomerIds(Set<String> ids) {
    this.ids = Set.copyOf(ids);
  }

  public static CustomerIds of(Collection<String> ids) {
    Set<String> cleaned = new TreeSet<>();
    for (String id : ids) {
      if (id == null || id.isBlank()) {
        throw new IllegalArgumentException("Cannot erase a customer with a blank id: give each id on its own line");
      }
      cleaned.add(id.trim());
    }
    if (cleaned.isEmpty()) {
      throw new IllegalArgumentException("Cannot erase: no customer id given");
    }
    return new CustomerIds(cleaned);
  }

  public Set<String> ids() {
    return ids;
  }

  /** {@code customer 3f1c0a9b2e4d}, or {@code 3 customers (…, …, …)}: what reports and logs show. */
  public String describe() {
    List<String> pseudonyms = ids.stream().map(CustomerIds::pseudonym).sorted().toList();
    return pseudonyms.size() == 1 ? "customer " + pseudonyms.get(0)
        : pseudonyms.size() + " customers (" + String.join(", ", pseudonyms) + ")";
  }

  /** The text with every id replaced by its pseudonym: for messages that come from elsewhere (exceptions). */
  public String redact(String text) {
    String redacted = text == null ? "" : text;
    for (String id : ids) {
      redacted = redacted.replace(id, "<customer " + pseudonym(id) + ">");
    }
    return redacted;
  }

  public static String pseudonym(String id) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot hash with SHA-256: every Java runtime has it", e);
    }
  }

  @Override
  public String toString() {
    return describe();
  }
}
