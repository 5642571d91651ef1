#!/usr/bin/env bash
# Runs the peer job (dev.lakehouse.peerflink.FlinkPeer) on a local Flink MiniCluster in one JVM.
# Build first: mvn -B -q -pl peer-flink -am package -DskipTests
# Usage: peer-flink/bin/flink-peer.sh [--config FILE] [--help]; JVM options in JAVA_OPTS (default -Xmx1g).
set -euo pipefail
module="$(cd "$(dirname "$0")/.." && pwd)"
if [[ ! -f "$module/target/peer-flink.jar" || ! -d "$module/target/flink-lib" ]]; then
  echo "Cannot start the Flink peer: $module/target/peer-flink.jar or target/flink-lib is missing;" \
    "build it with: mvn -B -q -pl peer-flink -am package -DskipTests" >&2
  exit 2
fi
# the options Flink's own distribution sets for Java 17 (flink-dist config.yaml, env.java.opts.all)
flink_java17_opts=(
  --add-exports=java.base/sun.net.util=ALL-UNNAMED --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.text=ALL-UNNAMED --add-opens=java.base/java.time=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED
)
# shellcheck disable=SC2086 # JAVA_OPTS holds several options
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" ${JAVA_OPTS:--Xmx1g} "${flink_java17_opts[@]}" \
  -cp "$module/target/peer-flink.jar:$module/target/flink-lib/*" dev.lakehouse.peerflink.FlinkPeer "$@"
