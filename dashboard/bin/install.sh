#!/usr/bin/env bash
# Installs Apache Superset (dashboard/requirements.txt) into its own venv, <repo>/tools/superset:
# its pins would fight dbt's in .venv. The venv is the machine's shared one for these pins
# (bin/cached-venv.sh), so this takes a minute or two once per machine and seconds after that.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"

"$repo_root/bin/cached-venv.sh" "$SUPERSET_VENV" "$dashboard_root/requirements.txt" \
  || { echo "Cannot install Superset into $SUPERSET_VENV: see the output above" >&2; exit 1; }
echo "Superset installed in $SUPERSET_VENV"
template="$(dashboard_metadata_template)" \
  || { echo "Cannot make the dashboard's metadata template in $SUPERSET_VENV: see the output above" >&2; exit 1; }
echo "Metadata template: $template"
