# Shared settings of the local Trino scripts (sourced, not run). Every value can be overridden by
# the environment; defaults follow the local stack's conventions (notes: ports, bucket, catalog).
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

TRINO_VERSION="${TRINO_VERSION:-476}"
SQLITE_JDBC_VERSION="${SQLITE_JDBC_VERSION:-3.51.1.0}"
TRINO_TOOLS_DIR="${TRINO_TOOLS_DIR:-$repo_root/tools}"
TRINO_HOME="${TRINO_HOME:-$TRINO_TOOLS_DIR/trino-$TRINO_VERSION}"
# Trino 476 needs Java 24+; the project uses the Temurin 25 JDK
TRINO_JAVA_HOME="${TRINO_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"

LAKEHOUSE_DATA_DIR="${LAKEHOUSE_DATA_DIR:-$repo_root/.local}"
TRINO_PORT="${TRINO_PORT:-18080}"
TRINO_HEAP="${TRINO_HEAP:-2G}"
# extra JVM options after etc/jvm.config (Trino's own settings), e.g. the quick start of the tests:
# "-XX:TieredStopAtLevel=1 -XX:-UseG1GC -XX:+UseSerialGC" (README.md)
TRINO_JVM_OPTIONS="${TRINO_JVM_OPTIONS-}"
TRINO_DIR="${TRINO_DIR:-$LAKEHOUSE_DATA_DIR/trino}"
LAKEHOUSE_CATALOG_URI="${LAKEHOUSE_CATALOG_URI:-jdbc:sqlite:$LAKEHOUSE_DATA_DIR/catalog/iceberg.db}"
LAKEHOUSE_WAREHOUSE="${LAKEHOUSE_WAREHOUSE:-s3://lakehouse/warehouse}"
LAKEHOUSE_S3_ENDPOINT="${LAKEHOUSE_S3_ENDPOINT:-http://127.0.0.1:19000}"
LAKEHOUSE_S3_REGION="${LAKEHOUSE_S3_REGION:-us-east-1}"
LAKEHOUSE_S3_ACCESS_KEY="${LAKEHOUSE_S3_ACCESS_KEY:-lakehouse}"
LAKEHOUSE_S3_SECRET_KEY="${LAKEHOUSE_S3_SECRET_KEY:-lakehouse-secret}"

trino_check_java() {
  local java="$TRINO_JAVA_HOME/bin/java"
  if [[ ! -x "$java" ]]; then
    echo "Cannot run Trino $TRINO_VERSION: it needs Java 24 or newer, and no JDK was found at $TRINO_JAVA_HOME." >&2
    echo "Install a JDK 24+ there (the project uses Temurin 25) or set TRINO_JAVA_HOME to a JDK 24+ directory." >&2
    return 1
  fi
  local major
  major="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
  if [[ -z "$major" || "$major" -lt 24 ]]; then
    echo "Cannot run Trino $TRINO_VERSION: it needs Java 24 or newer, but $java is Java ${major:-unknown}." >&2
    echo "Set TRINO_JAVA_HOME to a JDK 24+ directory (the project uses /usr/lib/jvm/temurin-25-jdk-amd64)." >&2
    return 1
  fi
}

trino_check_installed() {
  if [[ ! -f "$TRINO_HOME/.installed" ]]; then
    echo "Cannot find Trino $TRINO_VERSION in $TRINO_HOME: run local-stack/trino/install.sh (or ./lakehouse setup) first." >&2
    return 1
  fi
}
