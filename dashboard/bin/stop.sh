#!/usr/bin/env bash
# Stops the dashboard started by start.sh (SIGTERM, then SIGKILL after 20 s).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"
pid_file="$DASHBOARD_HOME/gunicorn.pid"
[[ -f "$pid_file" ]] && pid="$(cat "$pid_file")" && kill -0 "$pid" 2> /dev/null || { echo "The dashboard is not running"; exit 0; }
kill "$pid"
for _ in $(seq 20); do kill -0 "$pid" 2> /dev/null || { echo "Dashboard stopped"; exit 0; }; sleep 1; done
kill -9 "$pid" 2> /dev/null || true
echo "Dashboard killed after 20 s"
