#!/usr/bin/env bash
# Throughput of the Streams app with exactly-once against a plain exactly-once pass-through
# (the ceiling) on one in-process KRaft broker. Prints throughput, ceiling, ceiling ratio, peak heap.
# Usage: streams-app/bench/run.sh [events] [partitions]   (defaults 20000 2)
set -euo pipefail
cd "$(dirname "$0")/../.."
exec mvn -B -q -pl streams-app -am -Pstreams-bench -DskipTests \
  -Dbench.events="${1:-20000}" -Dbench.partitions="${2:-2}" verify
