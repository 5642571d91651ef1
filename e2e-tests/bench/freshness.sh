#!/usr/bin/env bash
# Freshness benchmark: event produced -> row visible in its Iceberg table, p50 and p99, under a
# steady load (default 200 events/s for 120 s) at the local commit interval (5 s).
#   e2e-tests/bench/freshness.sh [-Dbench.rate=200] [-Dbench.seconds=120]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
# builds what is missing, skips every test, then runs the benchmark (profile e2e-bench of e2e-tests)
exec mvn -B -q -pl e2e-tests -am verify -Pe2e-bench -DskipTests -Dbench.main=dev.lakehouse.e2e.bench.FreshnessBenchmark \
  -Dlakehouse.repo.dir="$repo" -De2e.work.dir="$repo/e2e-tests/target/e2e" "$@"
