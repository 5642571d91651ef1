#!/usr/bin/env bash
# Starts the pipeline dashboard (Apache Superset on gunicorn, in the background) on
# http://127.0.0.1:$DASHBOARD_PORT, provisioned from dashboard/assets against the local Trino
# ($TRINO_PORT, the serving views in $DASHBOARD_SCHEMA), and waits until it answers.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"
dashboard_check_installed

pid_file="$DASHBOARD_HOME/gunicorn.pid"
if [[ -f "$pid_file" ]] && kill -0 "$(cat "$pid_file")" 2> /dev/null; then
  echo "The dashboard is already running on port $DASHBOARD_PORT (stop it with dashboard/bin/stop.sh)"
  exit 0
fi
echo "Provisioning the dashboard (metadata database, roles, assets) in $DASHBOARD_HOME"
dashboard_provision --target local

# one worker with threads: the dashboard's charts are a handful of queries a minute
"$SUPERSET_VENV/bin/gunicorn" --daemon --pid "$pid_file" --bind "127.0.0.1:$DASHBOARD_PORT" \
  --workers 1 --threads 8 --timeout 120 --error-logfile "$DASHBOARD_HOME/gunicorn.log" \
  "superset.app:create_app()"
echo -n "Starting the dashboard on port $DASHBOARD_PORT "
deadline=$((SECONDS + ${DASHBOARD_START_TIMEOUT_SECONDS:-120}))
until curl -fsS "http://127.0.0.1:$DASHBOARD_PORT/health" > /dev/null 2>&1; do
  if ((SECONDS > deadline)); then
    echo
    echo "Cannot start the dashboard: not answering after ${DASHBOARD_START_TIMEOUT_SECONDS:-120} s; see $DASHBOARD_HOME/gunicorn.log" >&2
    exit 1
  fi
  echo -n .
  sleep 1
done
echo " ready: http://127.0.0.1:$DASHBOARD_PORT/superset/dashboard/lakehouse/"
