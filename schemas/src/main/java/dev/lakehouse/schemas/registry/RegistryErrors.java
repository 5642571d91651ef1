package dev.lakehouse.schemas.registry;

/** What the Confluent REST API's error codes mean to someone running the pipeline. */
final class RegistryErrors {
  static final int SUBJECT_NOT_FOUND = 40401;
  static final int VERSION_NOT_FOUND = 40402;
  static final int SCHEMA_NOT_FOUND = 40403;

  private RegistryErrors() {}

  static String explain(int httpStatus, int errorCode) {
    switch (errorCode) {
      case SUBJECT_NOT_FOUND:
        return "subject not found; register the schema first or set " + RegistryConfig.AUTO_REGISTER_CONFIG + "=true";
      case VERSION_NOT_FOUND:
        return "version not found under the subject";
      case SCHEMA_NOT_FOUND:
        return "schema not found";
      case 409:
        return "the schema is incompatible with an earlier version under the subject's compatibility level; "
            + "change it compatibly (see schemas/README.md) or change the subject's compatibility level";
      case 42201:
        return "the registry rejected the schema as invalid";
      case 42202:
        return "invalid version";
      case 42203:
        return "invalid compatibility level";
      case 42205:
        return "the registry or subject is in a mode that does not allow this operation (READONLY or IMPORT?)";
      case 50001:
        return "the registry failed to store the schema; retry later";
      case 50002:
        return "the registry timed out; retry later";
      case 50003:
        return "the registry failed to forward the request to its leader; retry later";
      default:
        return byStatus(httpStatus);
    }
  }

  private static String byStatus(int httpStatus) {
    if (httpStatus == 401) {
      return "the registry refused the credentials; check " + RegistryConfig.USER_INFO_CONFIG
          + " and " + RegistryConfig.CREDENTIALS_SOURCE_CONFIG;
    }
    if (httpStatus == 403) {
      return "the credentials are not allowed to do this; ask for access to the subject";
    }
    if (httpStatus == 404) {
      return "not found; is the URL the registry's root (no path such as /subjects)?";
    }
    if (httpStatus >= 500) {
      return "the registry failed; retry later";
    }
    return "unexpected answer";
  }
}
