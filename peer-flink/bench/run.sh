#!/usr/bin/env bash
# The Streams app against its Flink peer, one after the other, on one in-process KRaft broker and
# one generated input, each with exactly-once in its own JVM (-Xmx1g). Prints events/s, CPU per
# input record and peak heap of each, "flink ratio" (ours / Flink events per second) and
# "flink cpu ratio" (Flink CPU per record / ours).
# Usage: peer-flink/bench/run.sh [events] [partitions]   (defaults 20000 2; Flink parallelism = partitions)
set -euo pipefail
cd "$(dirname "$0")/../.."
exec mvn -B -q -pl peer-flink -am -Ppeer-flink-bench -DskipTests \
  -Dbench.events="${1:-20000}" -Dbench.partitions="${2:-2}" verify
