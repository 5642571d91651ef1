"""One refresh of the pipeline dashboard as a viewer's browser makes it: Superset (a dashboard/ folder's
definition, started with its bin/start.sh) with the page open in headless Chromium, which sends every
chart's query as Superset's front end builds it; the queries are then read from Trino (user superset)."""

import os
import pathlib
import shutil
import subprocess
import tempfile
import time

SUPERSET_TRINO_USER = "superset"  # dashboard/bin/provision.py's connection
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Dashboard:
    """Superset serving `dashboard_dir`'s definition on `port`, its metadata and chart cache under `home`."""

    def __init__(self, dashboard_dir, home, port, trino_port, superset_venv):
        self.dir = pathlib.Path(dashboard_dir)
        self.port = port
        self.env = dict(os.environ, DASHBOARD_HOME=str(home), DASHBOARD_PORT=str(port), TRINO_PORT=str(trino_port),
                        SUPERSET_VENV=str(superset_venv), DASHBOARD_START_TIMEOUT_SECONDS="300")
        self.charts = len(list((self.dir / "assets" / "charts").glob("*.yaml")))

    def start(self, schema):
        _run([str(self.dir / "bin" / "start.sh")], dict(self.env, DASHBOARD_SCHEMA=schema))

    def refresh(self, trino_queries, timeout_s=900):
        """Opens the dashboard once in a browser; returns the queries its charts sent (one each; the
        timed refresh's, should a slow query let it start, are not counted)."""
        if CHROMIUM is None:
            raise SystemExit("Cannot refresh the dashboard: no chromium on PATH (dashboard/bin/install-browser.sh)")
        since_ms = time.time() * 1000
        # Chromium's helper processes may still write the profile after the browser exits (a loaded
        # machine crashed a run on it): a leftover profile must not end the measurement
        with tempfile.TemporaryDirectory(prefix="bench-chromium-", ignore_cleanup_errors=True) as profile:
            browser = subprocess.Popen(
                [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1600,1100", f"--user-data-dir={profile}",
                 f"http://127.0.0.1:{self.port}/superset/dashboard/lakehouse/"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                return trino_queries.await_first(SUPERSET_TRINO_USER, since_ms, self.charts, timeout_s)
            finally:
                browser.terminate()
                try:
                    browser.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    browser.kill()
                    browser.wait()

    def stop(self):
        _run([str(self.dir / "bin" / "stop.sh")], self.env)


def _run(command, env):
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"Cannot run {' '.join(command)} (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
