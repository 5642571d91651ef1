package dev.lakehouse.maintenance.erasure;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * Every erasure {@code erase} ran, kept so that it can be applied again to tables that get the
 * customers' rows back: a replay re-reads them from the input topics, a restore from a backup. One
 * object per erasure under {@code erasure.register}, written with the catalog's FileIO: when, and
 * each customer's pseudonym and id. The ids are personal data: this is the one place they are kept,
 * only the erasure role may read it (deploy/iam/maintenance-erasure.json), and nothing prints them.
 */
public final class ErasureRegister implements AutoCloseable {
  private static final String DEFAULT_IO = "org.apache.iceberg.aws.s3.S3FileIO";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter NAME_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
      .withZone(ZoneOffset.UTC);

  /** One erasure as recorded. */
  public record Entry(String recordedAt, List<Customer> customers) {
    /** {@code 2026-12-06T10:15:00Z customer 3f1c0a9b2e4d}: what may be shown of it. */
    public String describe() {
      return recordedAt + " " + CustomerIds.of(customers.stream().map(Customer::id).toList()).describe();
    }
  }

  /** A customer of an erasure: the pseudonym for people, the id for the re-application. */
  public record Customer(String pseudonym, String id) {}

  private final String location;
  private final FileIO io;

  ErasureRegister(String location, FileIO io) {
    this.location = location;
    this.io = io;
  }

  /** The register the config names, on the object store of its catalog. */
  public static ErasureRegister open(MaintenanceConfig config) {
    return new ErasureRegister(config.erasureRegister(), CatalogUtil.loadFileIO(
        config.catalogProperties().getOrDefault("io-impl", DEFAULT_IO), config.catalogProperties(), null));
  }

  public String location() {
    return location;
  }

  /** Records an erasure before it runs (a crash halfway leaves it recorded, to be finished); returns its object. */
  public String record(CustomerIds customers, Instant at) {
    List<Customer> recorded = customers.ids().stream().sorted()
        .map(id -> new Customer(CustomerIds.pseudonym(id), id)).toList();
    String object = location + "/" + NAME_TIME.format(at) + "-" + UUID.randomUUID().toString().substring(0, 8) + ".json";
    try (OutputStream out = io.newOutputFile(object).createOrOverwrite()) {
      out.write(JSON.writeValueAsBytes(new Entry(at.toString(), recorded)));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + object + ": " + e.getMessage(), e);
    }
    return object;
  }

  /** Every recorded erasure, oldest first. */
  public List<Entry> entries() {
    if (!(io instanceof SupportsPrefixOperations prefixes)) {
      throw new IllegalStateException("Cannot list the erasure register " + location + ": " + io.getClass().getName()
          + " cannot list a prefix; use S3FileIO (catalog.properties.io-impl)");
    }
    List<Entry> entries = new ArrayList<>();
    for (FileInfo file : prefixes.listPrefix(location + "/")) {
      if (!file.location().endsWith(".json")) {
        continue;
      }
      try (InputStream in = io.newInputFile(file.location()).newStream()) {
        entries.add(JSON.readValue(in, Entry.class));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read " + file.location() + " of the erasure register: " + e.getMessage(), e);
      }
    }
    entries.sort(Comparator.comparing(entry -> Instant.parse(entry.recordedAt())));
    return entries;
  }

  /** Every customer any recorded erasure names, or empty when none was recorded. */
  public Optional<CustomerIds> customers() {
    TreeSet<String> ids = new TreeSet<>();
    entries().forEach(entry -> entry.customers().forEach(customer -> ids.add(customer.id())));
    return ids.isEmpty() ? Optional.empty() : Optional.of(CustomerIds.of(ids));
  }

  @Override
  public void close() {
    io.close();
  }
}
