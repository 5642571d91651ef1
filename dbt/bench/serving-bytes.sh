#!/usr/bin/env bash
# The bytes the serving path reads at 1x and 16x history (dbt/bench/serving_bytes.py) on a throwaway
# stack (S3 server, JDBC catalog and Trino on free ports; the dashboard's Superset and headless Chromium):
#   dbt/bench/serving-bytes.sh [--days 12] [--factor 16] [--orders-per-hour 120] [--baseline <git rev>]
#                               [--landing-minutes 15-30]
# Prints `dashboard refresh bytes growth` and `dbt run bytes growth` beside today's queries' growth.
# Needs ./lakehouse setup (dbt venv, Trino, Superset) and Chromium (dashboard/bin/install-browser.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../bin/dev-stack.sh"
trap dev_stack_stop EXIT
dev_stack_start
"$python" "$dbt_dir/bench/serving_bytes.py" --port "$TRINO_PORT" "$@" 2> >(grep -v keyring >&2)
