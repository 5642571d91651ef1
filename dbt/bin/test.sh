#!/usr/bin/env bash
# Integration test of the dbt project on Trino: a full `dbt build --target local`, then an
# incremental one after more events (some late), checked against an independent oracle
# (dbt/integration). Prints pytest's summary; exit code 0 when everything passed.
#
#   dbt/bin/test.sh              standalone: starts an S3 server + JDBC catalog (dbt/dev) and Trino
#                                on free ports, seeds the six tables, runs, stops everything
#   dbt/bin/test.sh --existing   against a running Trino (TRINO_PORT) whose tables the pipeline
#                                landed; DBT_TEST_BETWEEN="<cmd>" must land more events, some late
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/dev-stack.sh"
# its JUnit report beside Maven's, for ./lakehouse test's count of the tests that ran and were skipped
pytest_args=(-q -p no:cacheprovider --junitxml="$dbt_dir/target/pytest-reports/TEST-dbt-integration.xml" "$dbt_dir/integration")

if [[ "${1:-}" == "--existing" ]]; then
  [[ -n "${DBT_TEST_BETWEEN:-}" ]] || {
    echo "Cannot run against landed data: set DBT_TEST_BETWEEN to a command that lands more events" >&2
    exit 2
  }
  exec "$python" -m pytest "${pytest_args[@]}"
fi

trap dev_stack_stop EXIT
dev_stack_start
# dbt's artifacts in the throwaway folder too: a dbt run elsewhere in the project (e2e-tests) may
# use dbt/target at the same time
DBT_TEST_SEED=1 DBT_TARGET_PATH="$LAKEHOUSE_DATA_DIR/dbt-target" DBT_LOG_PATH="$LAKEHOUSE_DATA_DIR/dbt-logs" \
  "$python" -m pytest "${pytest_args[@]}"
