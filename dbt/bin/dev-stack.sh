# Sourced by test.sh and bench.sh: a throwaway storage + SQL stack for the dbt project, on free
# ports under a temporary folder: testkit's S3 server and JDBC catalog (dbt/dev) and Trino
# (local-stack/trino). Sets TRINO_PORT, LAKEHOUSE_S3_ENDPOINT, LAKEHOUSE_DATA_DIR; the caller
# registers `trap dev_stack_stop EXIT`. DBT_DEV_STACK_BUILT_FILE, when set, is touched once the
# stack no longer reads the Maven build's output, so a build may start beside it.
dbt_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$dbt_dir/.." && pwd)"
python="$repo/.venv/bin/python"
[[ -x "$repo/.venv/bin/dbt" ]] || {
  echo "Cannot run dbt: no dbt in $repo/.venv; run the project setup (pip install -r requirements-dbt.txt)" >&2
  exit 1
}
dev_stack_pids=()

free_port() { "$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

dev_stack_start() {
  "$repo/local-stack/trino/install.sh" > /dev/null
  export LAKEHOUSE_DATA_DIR TRINO_PORT LAKEHOUSE_S3_ENDPOINT
  LAKEHOUSE_DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/dbt-stack.XXXXXX")"
  TRINO_PORT="$(free_port)"
  local s3_port work="$LAKEHOUSE_DATA_DIR"
  s3_port="$(free_port)"
  LAKEHOUSE_S3_ENDPOINT="http://127.0.0.1:$s3_port"

  echo "Starting the S3 server and the JDBC catalog (dbt/dev/DevServices.java)..."
  (cd "$repo" && mvn -B -q -pl testkit -am compile dependency:build-classpath \
    -Dmdep.includeScope=runtime -Dmdep.outputFile="$work/dependencies.txt" > "$work/mvn.log" 2>&1) || {
    cat "$work/mvn.log" >&2
    echo "Cannot build the testkit classpath: see the Maven output above" >&2
    return 1
  }
  # a copy of testkit's classes, so a build that starts now (./lakehouse test runs one beside this)
  # cannot rewrite them under the running services
  cp -r "$repo/testkit/target/classes" "$work/testkit-classes"
  echo "$work/testkit-classes:$(cat "$work/dependencies.txt")" > "$work/classpath.txt"
  [[ -z "${DBT_DEV_STACK_BUILT_FILE:-}" ]] || touch "$DBT_DEV_STACK_BUILT_FILE"
  java -Xmx256m -cp "$(cat "$work/classpath.txt")" \
    "$dbt_dir/dev/DevServices.java" "$work" "$s3_port" > "$work/services.log" 2>&1 &
  dev_stack_pids+=($!)
  for _ in $(seq 240); do grep -q '^ready' "$work/services.log" && break; sleep 0.5; done
  grep -q '^ready' "$work/services.log" || {
    cat "$work/services.log" >&2
    echo "Cannot start the S3 server and catalog: see the log above" >&2
    return 1
  }
  # the tests' quick start (testkit TrinoScripts.QUICK_START): C1 only and the serial collector, a
  # third less CPU on a small machine; a TRINO_JVM_OPTIONS of the caller's wins
  TRINO_JVM_OPTIONS="${TRINO_JVM_OPTIONS--XX:TieredStopAtLevel=1 -XX:-UseG1GC -XX:+UseSerialGC}" \
    TRINO_START_TIMEOUT_SECONDS=240 "$repo/local-stack/trino/start.sh"
}

dev_stack_stop() {
  [[ -n "${LAKEHOUSE_DATA_DIR:-}" ]] || return 0
  "$repo/local-stack/trino/stop.sh" > /dev/null 2>&1 || true
  local pid
  for pid in "${dev_stack_pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  rm -rf "$LAKEHOUSE_DATA_DIR"
}
