#!/usr/bin/env bash
# Sink throughput benchmark: rows/s into Iceberg with 1 and 2 sink tasks, beside a plain consumer
# of the same topic (the broker's ceiling).
#   e2e-tests/bench/sink-throughput.sh [-Dbench.rows=300000]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
# builds what is missing, skips every test, then runs the benchmark (profile e2e-bench of e2e-tests)
exec mvn -B -q -pl e2e-tests -am verify -Pe2e-bench -DskipTests -Dbench.main=dev.lakehouse.e2e.bench.SinkThroughputBenchmark \
  -Dlakehouse.repo.dir="$repo" -De2e.work.dir="$repo/e2e-tests/target/e2e" "$@"
