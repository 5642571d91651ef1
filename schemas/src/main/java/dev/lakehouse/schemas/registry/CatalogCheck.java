package dev.lakehouse.schemas.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * The build-time gate for schema changes. Each topic's contract ({@code avro/<topic>.avsc}) must be
 * the latest version frozen in the catalog, and each version must be compatible with the earlier
 * ones under its subject's level, so a change that would break readers cannot be merged unnoticed.
 */
public final class CatalogCheck {
  private CatalogCheck() {}

  /** Everything wrong, one message per problem; empty when the catalog and contracts agree. */
  public static List<String> problems(SchemaCatalog catalog, Map<String, Schema> contractsBySubject) {
    List<String> problems = new ArrayList<>();
    contractsBySubject.forEach((subject, contract) -> checkContract(catalog, subject, contract, problems));
    for (SchemaCatalog.Subject subject : catalog.subjects().values()) {
      checkVersions(subject, problems);
    }
    return problems;
  }

  private static void checkContract(SchemaCatalog catalog, String subject, Schema contract, List<String> problems) {
    SchemaCatalog.Subject registered = catalog.subjects().get(subject);
    int nextId = catalog.nextId();
    if (registered == null) {
      problems.add("Cannot find subject '" + subject + "' in " + catalog.location() + ": freeze the contract as"
          + " subjects/" + subject + "/v1.avsc and add the subject with " + entry(subject, 1, nextId));
      return;
    }
    SchemaCatalog.Version latest = registered.latest();
    // compare the full JSON: a doc or default change is a new version too, as in a real registry
    if (!latest.schema().toString().equals(contract.toString())) {
      int next = latest.version() + 1;
      problems.add("Cannot accept the contract of subject '" + subject + "': it differs from version "
          + latest.version() + " (" + latest.path() + "), the latest in " + catalog.location()
          + ". If the change is intended, freeze it as a new version: copy the contract .avsc to subjects/"
          + subject + "/v" + next + ".avsc next to the catalog and add " + entry(subject, next, nextId)
          + " to the subject's versions");
    }
  }

  private static void checkVersions(SchemaCatalog.Subject subject, List<String> problems) {
    List<SchemaCatalog.Version> versions = subject.versions();
    for (int i = 0; i < versions.size(); i++) {
      SchemaCatalog.Version version = versions.get(i);
      if (version.version() != i + 1) {
        problems.add("Cannot accept the versions of subject '" + subject.name() + "': expected version " + (i + 1)
            + " but found " + version.version() + "; number versions 1, 2, 3... without gaps");
        return;
      }
      List<Schema> earlier = versions.subList(0, i).stream().map(SchemaCatalog.Version::schema).toList();
      for (String problem : subject.compatibility().problems(version.schema(), earlier)) {
        problems.add("Cannot accept version " + version.version() + " of subject '" + subject.name() + "' ("
            + version.path() + ") under compatibility " + subject.compatibility() + ": " + problem);
      }
      if (i > 0) {
        for (String problem : IcebergWidening.problems(version.schema(), versions.get(i - 1).schema())) {
          problems.add("Cannot accept version " + version.version() + " of subject '" + subject.name() + "' ("
              + version.path() + "): " + problem);
        }
      }
    }
  }

  private static String entry(String subject, int version, int id) {
    return "{\"version\": " + version + ", \"id\": " + id + ", \"schema\": \"subjects/" + subject + "/v" + version + ".avsc\"}";
  }
}
