"""Superset settings of the pipeline dashboard (SUPERSET_CONFIG_PATH points here; bin/start.sh sets the
environment). Everything machine-specific comes from the environment: the metadata database and the
secret key live under the stack's data folder, never in the repo."""

import os

_home = os.environ["DASHBOARD_HOME"]  # <data-dir>/dashboard: metadata DB, secret key, admin password

SQLALCHEMY_DATABASE_URI = f"sqlite:///{_home}/superset.db"
# written by bin/start.sh on first start (mode 600); Superset signs sessions and encrypts the
# database passwords it stores with it
with open(os.path.join(_home, "secret-key"), encoding="utf-8") as _key:
    SECRET_KEY = _key.read().strip()

# Read-only without logging in: the Public role gets Gamma's views, and bin/provision.py grants it
# every dataset. Editing needs the user `lakehouse` (password in <data-dir>/dashboard/admin-password).
PUBLIC_ROLE_LIKE = "Gamma"

# Chart results are cached for the database's cache_timeout (assets/databases/lakehouse.yaml, 55 s: just
# under the dashboard's 60-s refresh), and the dashboard's timed refresh reads through the cache
# ("fetch"; Superset's default "force" skips it): every viewer of the dashboard shares one query per chart
# and refresh, so the engine's cost (Athena: bytes scanned) does not grow with the number of viewers.
# Production: a cache all Superset workers share (Redis), same timeout and mode.
DATA_CACHE_CONFIG = {
    "CACHE_TYPE": "FileSystemCache",
    "CACHE_DIR": os.path.join(_home, "chart-cache"),
    "CACHE_DEFAULT_TIMEOUT": 55,
    "CACHE_KEY_PREFIX": "lakehouse_chart_",
}
DASHBOARD_AUTO_REFRESH_MODE = "fetch"
