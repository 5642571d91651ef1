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

# Superset's schema (db upgrade) and roles (init) in the metadata database of <home>, logged to
# <home>/provision.log; its end on stderr when a step fails.
dashboard_migrate() { # dashboard_migrate <home>
  DASHBOARD_HOME="$1" SUPERSET_HOME="$1" "$SUPERSET_VENV/bin/superset" db upgrade >> "$1/provision.log" 2>&1 \
    && DASHBOARD_HOME="$1" SUPERSET_HOME="$1" "$SUPERSET_VENV/bin/superset" init >> "$1/provision.log" 2>&1 \
    || {
      tail -n 30 "$1/provision.log" >&2
      echo "Cannot migrate the dashboard's metadata database (superset db upgrade, init): the end of $1/provision.log is above" >&2
      return 1
    }
}

# The metadata database of a new dashboard home: migrated once per Superset venv and config (a
# minute of CPU, the same for every home: it stores nothing the secret key encrypts), kept in the
# venv, and copied from there. Prints its path.
dashboard_metadata_template() {
  local template home
  template="$SUPERSET_VENV/metadata-$(sha256sum < "$SUPERSET_CONFIG_PATH" | cut -c1-16).db"
  if [[ ! -f "$template" ]]; then
    home="$(mktemp -d "${TMPDIR:-/tmp}/dashboard-template.XXXXXX")"
    echo "template-secret-$$" > "$home/secret-key"
    # another checkout may make it at the same time: each renames a whole file into place
    dashboard_migrate "$home" && mv "$home/superset.db" "$template.$$" && mv "$template.$$" "$template" \
      || { rm -rf "$home"; return 1; }
    rm -rf "$home"
  fi
  echo "$template"
}

# The metadata database (a copy of the template when new, else migrated), Superset's roles, and
# the dashboard from assets/; the arguments go to provision.py (--target local|athena, --check).
# Each step is idempotent.
dashboard_provision() {
  local template
  mkdir -p "$DASHBOARD_HOME"
  if [[ ! -f "$DASHBOARD_HOME/secret-key" ]]; then
    (umask 077 && "$SUPERSET_VENV/bin/python" -c 'import secrets; print(secrets.token_urlsafe(42))' > "$DASHBOARD_HOME/secret-key")
  fi
  if [[ ! -f "$DASHBOARD_HOME/superset.db" ]]; then
    template="$(dashboard_metadata_template)" && cp "$template" "$DASHBOARD_HOME/superset.db" || return 1
  else
    dashboard_migrate "$DASHBOARD_HOME" || return 1
  fi
  "$SUPERSET_VENV/bin/python" "$dashboard_root/bin/provision.py" "$@" >> "$DASHBOARD_HOME/provision.log" 2>&1 \
    || {
      tail -n 30 "$DASHBOARD_HOME/provision.log" >&2
      echo "Cannot provision the dashboard: see $DASHBOARD_HOME/provision.log (its end is above)" >&2
      return 1
    }
}
