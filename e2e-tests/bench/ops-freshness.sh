#!/usr/bin/env bash
# Freshness of ops_current_hour through the whole pipeline: order event produced -> counted in the
# view, with the marts run by dbt/bin/schedule.py; baseline: the same events landed in orders_enriched.
#   e2e-tests/bench/ops-freshness.sh [-Dbench.rate=20] [-Dbench.seconds=180] [-Dbench.interval-seconds=15]
# Needs Trino and the dbt venv (./lakehouse setup).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
# builds what is missing, skips every test, then runs the benchmark (profile e2e-bench of e2e-tests)
exec mvn -B -q -pl e2e-tests -am verify -Pe2e-bench -DskipTests -Dbench.main=dev.lakehouse.e2e.bench.OpsFreshnessBenchmark \
  -Dlakehouse.repo.dir="$repo" -De2e.work.dir="$repo/e2e-tests/target/e2e" "$@"
