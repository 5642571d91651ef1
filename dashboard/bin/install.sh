#!/usr/bin/env bash
# Installs Apache Superset (dashboard/requirements.txt) into its own venv, <repo>/tools/superset:
# its pins would fight dbt's in .venv. Idempotent: does nothing when the install is complete and
# the requirements did not change.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"
requirements="$dashboard_root/requirements.txt"

if [[ -f "$SUPERSET_VENV/.installed" ]] && cmp -s "$requirements" "$SUPERSET_VENV/.installed"; then
  echo "Superset already installed in $SUPERSET_VENV"
  exit 0
fi
command -v python3 > /dev/null 2>&1 || { echo "Cannot install Superset: python3 is not on PATH" >&2; exit 1; }
echo "Installing Apache Superset into $SUPERSET_VENV (about 700 MB, a minute or two the first time)..."
rm -f "$SUPERSET_VENV/.installed"
[[ -x "$SUPERSET_VENV/bin/python" ]] || python3 -m venv "$SUPERSET_VENV" \
  || { echo "Cannot create $SUPERSET_VENV: install the venv module (sudo apt-get install python3-venv)" >&2; exit 1; }
"$SUPERSET_VENV/bin/pip" install --disable-pip-version-check -q -r "$requirements" \
  || { echo "Cannot install the packages of $requirements into $SUPERSET_VENV: see the pip output above" >&2; exit 1; }
cp "$requirements" "$SUPERSET_VENV/.installed"
echo "Superset installed in $SUPERSET_VENV"
