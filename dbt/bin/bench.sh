#!/usr/bin/env bash
# Benchmark of the incremental marts (dbt/integration/bench.py) on a throwaway stack:
#   dbt/bin/bench.sh [--base-orders N] [--new-orders N] [--sizes 1,4,16]
# then the freshness of ops_current_hour with the marts on a schedule (integration/bench_freshness.py).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/dev-stack.sh"
trap dev_stack_stop EXIT
dev_stack_start
"$python" "$dbt_dir/integration/bench.py" --port "$TRINO_PORT" "$@" 2> >(grep -v keyring >&2)
"$python" "$dbt_dir/integration/bench_freshness.py" --port "$TRINO_PORT" 2> >(grep -v keyring >&2)
