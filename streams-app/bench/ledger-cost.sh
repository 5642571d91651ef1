#!/usr/bin/env bash
# What the pipeline ledger costs: the Streams app's throughput with and without it (ledger.interval=0s)
# on one in-process KRaft broker and the same input: a warm-up run, then four of each in a balanced order.
# Prints "ledger cost: <time with / time without>" (the goal is <= 1.05).
# Usage: streams-app/bench/ledger-cost.sh [events] [partitions]   (defaults 100000 2)
set -euo pipefail
cd "$(dirname "$0")/../.."
exec mvn -B -q -pl streams-app -am -Pstreams-bench -DskipTests \
  -Dbench.main=dev.lakehouse.streams.bench.LedgerCostBenchmark \
  -Dbench.events="${1:-100000}" -Dbench.partitions="${2:-2}" -Dbench.app-option="" verify
