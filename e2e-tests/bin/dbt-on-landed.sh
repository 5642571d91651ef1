#!/usr/bin/env bash
# Hook for the dbt checks after the pipeline has landed data: runs dbt/bin/test.sh --existing
# against the running local stack's Trino, with DBT_TEST_BETWEEN set to a generator run that lands
# more events (some of them late) through the same pipeline.
#
#   ./lakehouse up                      # the local stack with Trino (trino.enabled=true)
#   e2e-tests/bin/dbt-on-landed.sh      # env: TRINO_PORT (18080), KAFKA_BOOTSTRAP_SERVERS (127.0.0.1:19092),
#                                       #      STREAMS_APPLICATION_ID (lakehouse-streams), DBT_MORE_EVENTS (5000)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="$repo/local-stack/target/local-stack.jar"
[[ -f "$jar" ]] || { echo "Cannot run the dbt checks: $jar is missing; build first (mvn -B package -DskipTests)" >&2; exit 1; }

export TRINO_PORT="${TRINO_PORT:-18080}"
bootstrap="${KAFKA_BOOTSTRAP_SERVERS:-127.0.0.1:19092}"
app_id="${STREAMS_APPLICATION_ID:-lakehouse-streams}"
# a fresh run id and an event-time start after the previous tail keep the new events apart from the landed ones
more="java -Xmx256m -cp '$jar:$repo/local-stack/target/lib/*' dev.lakehouse.local.generator.GeneratorCli \
  --bootstrap-servers $bootstrap --events ${DBT_MORE_EVENTS:-5000} --seed $RANDOM --run-id dbt-\$(date +%s) \
  --start-time \$(date -u -d '-90 min' +%Y-%m-%dT%H:%M:00Z) --follow-group $app_id \
  --manifest ${TMPDIR:-/tmp}/dbt-more-manifest.json"
export DBT_TEST_BETWEEN="$more"
exec "$repo/dbt/bin/test.sh" --existing
