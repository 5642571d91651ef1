#!/usr/bin/env bash
# Soak: a million events through 3 Streams instances and 2 Connect workers while a seeded schedule
# kills (10 x each), restarts the broker, rolls, scales and runs maintenance (10 x); judged as the
# fault tests judge their runs: lost and duplicated rows (oracle), the landed ledger's coverage of the
# input, maintenance-job audit, the independent checker in strict mode. Prints the commit it ran at,
# the records produced and the rows landed as measured, each verdict and the run time; exit 1 when
# any verdict fails.
#   e2e-tests/bench/soak.sh [-Dbench.events=1005000] [-Dbench.seed=21]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
changes="$(git status --porcelain --untracked-files=no | wc -l)"
echo "soak commit: $(git rev-parse --short HEAD)$([[ $changes -eq 0 ]] || echo " plus $changes changed files not committed")"
echo "soak started: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
# builds what is missing, skips every test, then runs the benchmark (profile e2e-bench of e2e-tests)
exec mvn -B -q -pl e2e-tests -am verify -Pe2e-bench -DskipTests -Dbench.main=dev.lakehouse.e2e.SoakBenchmark \
  -Dlakehouse.repo.dir="$repo" -De2e.work.dir="$repo/e2e-tests/target/e2e" "$@"
