#!/usr/bin/env bash
# The Streams app against its Flink peer, one after the other, on one in-process KRaft broker and
# one generated input, each with exactly-once in its own JVM (-Xmx1g). Prints events/s, CPU per
# input record, peak heap, the machine's load and CPU steal of each, "flink ratio" (ours / Flink
# events per second) and "flink cpu ratio" (Flink CPU per record / ours) of the Flink configuration
# that needed the least CPU per record.
# Usage: peer-flink/bench/run.sh [events] [partitions] [flink configs]
#   defaults 20000 2 and the peer's own settings; Flink parallelism = partitions. Flink configs:
#   configurations separated by |, each peer settings (key=value, flink.* for Flink's own keys) and
#   JVM options (starting with -), all measured against one Streams app run, e.g.
#   "checkpoint.interval=100ms | checkpoint.interval=100ms flink.state.backend.type=hashmap -Xmx1g -XX:+UseParallelGC"
set -euo pipefail
cd "$(dirname "$0")/../.."
exec mvn -B -q -pl peer-flink -am -Ppeer-flink-bench -DskipTests \
  -Dbench.events="${1:-20000}" -Dbench.partitions="${2:-2}" -Dbench.flink-configs="${3:-}" verify
