#!/usr/bin/env bash
# Starts the local Trino (coordinator + worker in one JVM) in the background, configured with the
# same JDBC catalog and S3 endpoint as the Iceberg sink, and waits until it accepts queries.
# Config is rendered from the environment into $TRINO_DIR/etc on every start.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"
trino_check_java
trino_check_installed

launcher=("$TRINO_HOME/bin/launcher" --etc-dir="$TRINO_DIR/etc" --data-dir="$TRINO_DIR/data")
export JAVA_HOME="$TRINO_JAVA_HOME" PATH="$TRINO_JAVA_HOME/bin:$PATH"
if "${launcher[@]}" status > /dev/null 2>&1; then
  echo "Trino is already running on port $TRINO_PORT (stop it with local-stack/trino/stop.sh)"
  exit 0
fi

catalog_db="${LAKEHOUSE_CATALOG_URI#jdbc:sqlite:}"
if [[ "$LAKEHOUSE_CATALOG_URI" == jdbc:sqlite:* && ! -f "$catalog_db" ]]; then
  echo "Cannot start Trino: the Iceberg catalog database $catalog_db does not exist." >&2
  echo "Start the local stack first (it creates the catalog), or set LAKEHOUSE_CATALOG_URI." >&2
  exit 1
fi

mkdir -p "$TRINO_DIR/etc/catalog" "$TRINO_DIR/data"
render() { # etc/<template> -> $TRINO_DIR/etc/<template>, substituting ${VAR} with its value
  local content var
  content="$(< "$here/etc/$1")"
  for var in TRINO_PORT TRINO_HEAP TRINO_DIR LAKEHOUSE_CATALOG_URI LAKEHOUSE_WAREHOUSE \
    LAKEHOUSE_S3_ENDPOINT LAKEHOUSE_S3_REGION LAKEHOUSE_S3_ACCESS_KEY LAKEHOUSE_S3_SECRET_KEY; do
    content="${content//"\${$var}"/${!var}}"
  done
  printf '%s\n' "$content" > "$TRINO_DIR/etc/$1"
}
for file in node.properties jvm.config config.properties log.properties catalog/iceberg.properties; do
  render "$file"
done
# extra JVM options, one per line after the file's own (a later -XX option wins)
for option in $TRINO_JVM_OPTIONS; do
  printf '%s\n' "$option" >> "$TRINO_DIR/etc/jvm.config"
done
chmod 600 "$TRINO_DIR/etc/catalog/iceberg.properties" # holds the S3 secret

"${launcher[@]}" start > /dev/null
echo -n "Starting Trino $TRINO_VERSION on port $TRINO_PORT "
deadline=$((SECONDS + ${TRINO_START_TIMEOUT_SECONDS:-120}))
# "starting":false in /v1/info is not enough: until the coordinator has seen its own node announce
# itself with its catalogs, a query of the iceberg catalog fails with NO_NODES_AVAILABLE (a "SELECT 1"
# may already pass). Ready means a scan in the iceberg catalog ran, three times in a row.
next_uri() { sed -n 's/.*"nextUri":"\([^"]*\)".*/\1/p'; }
answers_query() {
  local body next
  body=$(curl -fsS -X POST -H "X-Trino-User: lakehouse" \
    --data "SELECT count(*) FROM iceberg.information_schema.schemata" \
    "http://127.0.0.1:$TRINO_PORT/v1/statement" 2> /dev/null) || return 1
  next=$(next_uri <<< "$body")
  while [[ -n "$next" ]]; do
    body=$(curl -fsS "$next" 2> /dev/null) || return 1
    next=$(next_uri <<< "$body")
  done
  ! grep -q '"error"' <<< "$body"
}
answers_queries() { answers_query && sleep 0.5 && answers_query && sleep 0.5 && answers_query; }
until answers_queries; do
  if ! "${launcher[@]}" status > /dev/null 2>&1; then
    echo
    echo "Cannot start Trino: the server exited; see $TRINO_DIR/data/var/log/server.log" >&2
    exit 1
  fi
  if ((SECONDS > deadline)); then
    echo
    echo "Cannot start Trino: not ready after ${TRINO_START_TIMEOUT_SECONDS:-120} s; see $TRINO_DIR/data/var/log/server.log" >&2
    exit 1
  fi
  echo -n .
  sleep 1
done
echo " ready: http://127.0.0.1:$TRINO_PORT (catalog iceberg, S3 $LAKEHOUSE_S3_ENDPOINT)"
