package dev.lakehouse.deploy.aws;

import java.util.List;

/**
 * The workloads' IAM roles: each is a Kubernetes service account of the Helm chart
 * ({@code <prefix>-<serviceAccountSuffix>}) and an IAM role of the stack holding the policies of its
 * {@code deploy/iam} templates. The chart's {@code serviceAccounts.roleArns} keys are the {@link #valuesKey()}s.
 */
public enum ServiceRole {
  /** Connect workers and the connector apply Job (it creates the control topic and the tables). */
  CONNECT("connect", Warehouse.WRITE, "connect-worker.json", "msk-connect-worker.json"),
  /** The Streams app: Kafka only, with MSK IAM. */
  STREAMS("streams", Warehouse.NONE, "msk-streams-app.json"),
  MAINTENANCE("maintenance", Warehouse.WRITE, "maintenance-job.json"),
  /** {@code maintenance-job erase}, run on request under a role of its own. */
  MAINTENANCE_ERASURE("maintenanceErasure", Warehouse.WRITE, "maintenance-erasure.json"),
  DBT("dbt", Warehouse.WRITE, "dbt-athena.json"),
  /** The dashboard (Superset) and analysts. */
  ATHENA_READER("athenaReader", Warehouse.READ, "athena-reader.json");

  /** What a role does with the warehouse bucket's objects, so with its KMS key. */
  public enum Warehouse { NONE, READ, WRITE }

  private static final String MSK_PREFIX = "msk-";

  private final String valuesKey;
  private final Warehouse warehouse;
  private final List<String> policyFiles;

  ServiceRole(String valuesKey, Warehouse warehouse, String... policyFiles) {
    this.valuesKey = valuesKey;
    this.warehouse = warehouse;
    this.policyFiles = List.of(policyFiles);
  }

  /** The key of this role in the chart's {@code serviceAccounts.roleArns}. */
  public String valuesKey() {
    return valuesKey;
  }

  /** The service account's name after the prefix: the values key in kebab case, as the chart's helper makes it. */
  public String serviceAccountSuffix() {
    return valuesKey.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
  }

  public Warehouse warehouse() {
    return warehouse;
  }

  /** The templates of {@code deploy/iam} this role holds; the {@code msk-*} ones only when Kafka is MSK with IAM. */
  public List<String> policyFiles(boolean mskIam) {
    return policyFiles.stream().filter(file -> mskIam || !file.startsWith(MSK_PREFIX)).toList();
  }
}
