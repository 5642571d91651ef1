#!/usr/bin/env bash
# Throughput of the Streams app with exactly-once against a plain exactly-once pass-through
# (the ceiling) on one in-process KRaft broker, then the same pass-through as a Kafka Streams app.
# Prints throughput, ceiling, ceiling ratio, cpu steal, events per cpu second, writes, peak heap.
# Usage: streams-app/bench/run.sh [events] [partitions] [app option]   (defaults 20000 2 -Xmx1g)
#   app options: JVM options of the app (start with -) and app settings to compare, separated by
#   spaces, e.g. streams.commit.interval.ms=500 or "-Xmx1g -XX:TieredStopAtLevel=1" (without a
#   JVM option the app runs with -Xmx1g). The app always starts with its own JVM options first
#   (streams-app/src/main/resources/dev/lakehouse/streams/runtime/jvm.options); given ones override
#   them, e.g. "-Xmx1g -XX:MaxInlineLevel=15 -XX:InlineSmallCode=2500 -XX:FreqInlineSize=325" for the JVM's defaults
set -euo pipefail
cd "$(dirname "$0")/../.."
exec mvn -B -q -pl streams-app -am -Pstreams-bench -DskipTests \
  -Dbench.events="${1:-20000}" -Dbench.partitions="${2:-2}" -Dbench.app-option="${3:--Xmx1g}" verify
