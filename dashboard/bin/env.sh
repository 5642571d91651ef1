# Shared settings of the dashboard scripts (sourced, not run). Every value can be overridden by the
# environment; the defaults are the local stack's (.local data folder, Trino on 18080).
dashboard_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo_root="$(cd "$dashboard_root/.." && pwd)"

SUPERSET_VENV="${SUPERSET_VENV:-$repo_root/tools/superset}"
LAKEHOUSE_DATA_DIR="${LAKEHOUSE_DATA_DIR:-$repo_root/.local}"
DASHBOARD_HOME="${DASHBOARD_HOME:-$LAKEHOUSE_DATA_DIR/dashboard}"
DASHBOARD_PORT="${DASHBOARD_PORT:-18088}"
DASHBOARD_SCHEMA="${DASHBOARD_SCHEMA:-analytics}"
TRINO_PORT="${TRINO_PORT:-18080}"
export DASHBOARD_HOME DASHBOARD_SCHEMA TRINO_PORT SUPERSET_CONFIG_PATH="$dashboard_root/superset_config.py"
export FLASK_APP=superset SUPERSET_HOME="$DASHBOARD_HOME"

dashboard_check_installed() {
  if [[ ! -f "$SUPERSET_VENV/.installed" ]]; then
    echo "Cannot run the dashboard: Apache Superset is not installed in $SUPERSET_VENV." >&2
    echo "Run ./lakehouse setup (or dashboard/bin/install.sh), or set dashboard.enabled=false." >&2
    return 1
  fi
}

# The metadata database (created or migrated), Superset's roles, and the dashboard from assets/;
# the arguments go to provision.py (--target local|athena, --check). Each step is idempotent.
dashboard_provision() {
  mkdir -p "$DASHBOARD_HOME"
  if [[ ! -f "$DASHBOARD_HOME/secret-key" ]]; then
    (umask 077 && "$SUPERSET_VENV/bin/python" -c 'import secrets; print(secrets.token_urlsafe(42))' > "$DASHBOARD_HOME/secret-key")
  fi
  "$SUPERSET_VENV/bin/superset" db upgrade >> "$DASHBOARD_HOME/provision.log" 2>&1 \
    && "$SUPERSET_VENV/bin/superset" init >> "$DASHBOARD_HOME/provision.log" 2>&1 \
    && "$SUPERSET_VENV/bin/python" "$dashboard_root/bin/provision.py" "$@" >> "$DASHBOARD_HOME/provision.log" 2>&1 \
    || {
      tail -n 30 "$DASHBOARD_HOME/provision.log" >&2
      echo "Cannot provision the dashboard: see $DASHBOARD_HOME/provision.log (its end is above)" >&2
      return 1
    }
}
