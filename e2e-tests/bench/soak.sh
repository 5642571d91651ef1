#!/usr/bin/env bash
# Soak: a million events through 3 Streams instances and 2 Connect workers while a seeded schedule
# kills (10 x each), restarts the broker, rolls, scales and runs maintenance (10 x); prints the lost
# and duplicated rows (oracle), the independent checker's verdict and the run time.
#   e2e-tests/bench/soak.sh [-Dbench.events=1000000] [-Dbench.seed=21]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
# builds what is missing, skips every test, then runs the benchmark (profile e2e-bench of e2e-tests)
exec mvn -B -q -pl e2e-tests -am verify -Pe2e-bench -DskipTests -Dbench.main=dev.lakehouse.e2e.SoakBenchmark \
  -Dlakehouse.repo.dir="$repo" -De2e.work.dir="$repo/e2e-tests/target/e2e" "$@"
