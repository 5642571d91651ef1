#!/usr/bin/env bash
# The Streams app's memory under a container limit: its image (podman) through 1,000,000 events with
# restarts (SIGTERM, SIGKILL, SIGTERM), peak resident memory against the limit, with the settings
# before the shared RocksDB budget as the baseline of the same run (exit 1 when the current settings
# went over the limit). Needs root for podman; bin/images.sh installs and prepares it.
#   e2e-tests/bench/streams-memory.sh [-Dbench.events=1000000] [-Dbench.memory-limit-mib=1024] [-Dbench.partitions=12]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
# builds what is missing, skips every test, then runs the benchmark (profile e2e-bench of e2e-tests)
exec mvn -B -q -pl e2e-tests -am verify -Pe2e-bench -DskipTests -Dbench.main=dev.lakehouse.e2e.bench.StreamsMemoryBenchmark \
  -Dlakehouse.repo.dir="$repo" -De2e.work.dir="$repo/e2e-tests/target/e2e" "$@"
