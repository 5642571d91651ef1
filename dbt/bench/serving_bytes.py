"""Benchmark: the bytes the serving path reads as history grows. The same landed tables at 1x and
16x history (the same recent hour on top), then one dashboard refresh (every chart's query, as Superset sends it from a browser) and one scheduled dbt run
(dbt/bin/schedule.py --runs 1), the first after the full build; then a few minutes more land and the
next scheduled run, as a scheduler's Nth run is (its marts were last merged by a run, not a full build), for today's
models and dashboard (the baseline, from git: --baseline) and for this checkout's, in one run.
Bytes are Trino's physical input bytes per query (what the engine read from the object store);
load on the machine does not change them. Goal: 16x / 1x <= 1.2 for the refresh and the runs. Also the monthly Athena
bill at the dashboard's refresh rate and the Athena dbt schedule. Run through dbt/bench/serving-bytes.sh.
"""

import argparse
import dataclasses
import datetime as dt
import io
import json
import os
import pathlib
import socket
import subprocess
import sys
import tarfile
import tempfile
import time

import dashboard_refresh
import history
import trino_bytes

REPO = pathlib.Path(__file__).resolve().parents[2]
VENV_BIN = pathlib.Path(sys.executable).parent
UTC = dt.timezone.utc
DASHBOARD_REFRESH_SECONDS = 60   # dashboard/assets/dashboards/lakehouse.yaml refresh_frequency
ATHENA_RUN_SECONDS = 300         # dbt/bin/schedule.py's cadence on Athena
MONTH_SECONDS = 30 * 86400
KINDS = {"refresh": "dashboard refresh", "run": "dbt run", "next run": "dbt next run"}
NEXT_MINUTES = 5                 # what lands between the two scheduled runs: this many minutes of orders


@dataclasses.dataclass(frozen=True)
class Variant:
    """A dbt project and dashboard definition: today's (from git) or this checkout's."""

    name: str
    root: pathlib.Path

    @property
    def dbt_dir(self):
        return self.root / "dbt"

    def schema(self, depth):
        return f"bench_{self.name}_{depth.name}"


def baseline(rev, work):
    """dbt/ and dashboard/ as they were at `rev`, unpacked under `work`."""
    root = work / "today"
    root.mkdir()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", rev, "dbt", "dashboard"],
                             capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"Cannot read the baseline {rev!r} from git: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(root, filter="data")
    return Variant("today", root)


def dbt_env(variant, depth, user, work):
    return dict(os.environ, DBT_PROFILES_DIR=str(variant.dbt_dir), DBT_SCHEMA=variant.schema(depth), TRINO_USER=user,
                DBT_TARGET_PATH=str(work / f"target-{variant.name}"), DBT_LOG_PATH=str(work / f"logs-{variant.name}"),
                DBT_SEND_ANONYMOUS_USAGE_STATS="false")


def run(command, env, cwd, what):
    proc = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"Cannot {what} (exit {proc.returncode}):\n{proc.stdout[-4000:]}{proc.stderr[-2000:]}")


def full_build(variant, depth, work):
    run([str(VENV_BIN / "dbt"), "run", "--full-refresh", "--target", "local", "--no-use-colors",
         "--vars", json.dumps({"source_schema": depth.schema})],
        dbt_env(variant, depth, "bench-build", work), variant.dbt_dir, f"build {variant.name} at {depth.name}")


def scheduled_run(variant, depth, work, queries):
    """One run of the variant's own scheduler, as it runs on a timer; returns its queries."""
    user = f"bench-{variant.name}-{depth.name}"
    started_ms = time.time() * 1000
    run([sys.executable, str(variant.dbt_dir / "bin" / "schedule.py"), "--runs", "1", "--interval", "1",
         "--maintain-every", "0", "--source-schema", depth.schema],
        dbt_env(variant, depth, user, work), variant.dbt_dir, f"run {variant.name}'s schedule at {depth.name}")
    return queries.of(user, started_ms)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dashboard_refresh_of(variant, depth, trino_port, work, queries):
    """A refresh of the variant's dashboard on its serving views at `depth`, by a Superset of its own
    (a new metadata database and chart cache)."""
    board = dashboard_refresh.Dashboard(variant.root / "dashboard", work / f"dashboard-{variant.name}-{depth.name}",
                                        free_port(), trino_port, REPO / "tools" / "superset")
    board.start(variant.schema(depth))
    try:
        return board.refresh(queries)
    finally:
        board.stop()


def landing_minutes(text):
    """--landing-minutes "FROM-UNTIL": minutes of the clock hour, 0 <= FROM < UNTIL <= 60."""
    try:
        first, last = (int(part) for part in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"Cannot read the minutes {text!r}: give FROM-UNTIL, e.g. 15-30")
    if not 0 <= first < last <= 60:
        raise argparse.ArgumentTypeError(f"Cannot use the minutes {text!r}: need 0 <= FROM < UNTIL <= 60")
    return first, last


def await_landing_slot(first_minute, last_minute):
    """The ops views read the current clock hour: land when it already holds a good part of the
    recent hour and has time left for every measurement, so each variant and depth reads the same events."""
    now = dt.datetime.now(UTC)
    if first_minute <= now.minute < last_minute:
        return
    start = now.replace(minute=first_minute, second=0, microsecond=0)
    if now.minute >= last_minute:
        start += dt.timedelta(hours=1)
    print(f"waiting until {start:%H:%M} UTC to land the recent hour: the current clock hour then holds part of it "
          f"and has time left for every measurement", flush=True)
    time.sleep((start - now).total_seconds())


def mb(value):
    return f"{value / trino_bytes.MB:,.2f} MB"


def report(results, variants, depths):
    first, last = depths[0].name, depths[-1].name
    print()
    for variant in variants:
        for depth in depths:
            print(f"{variant.name:>8} {depth.name:>3}: " + ", ".join(
                f"{label} {mb(trino_bytes.total_bytes(results[(variant.name, depth.name, kind)]))} in "
                f"{len(results[(variant.name, depth.name, kind)])} queries" for kind, label in KINDS.items()))
    print()
    for variant in variants:
        for kind in KINDS:
            top = sorted(results[(variant.name, last, kind)], key=lambda q: -q.bytes_read)[:5]
            print(f"largest reads, {variant.name} {last} {KINDS[kind]}: " + "; ".join(
                f"{mb(q.bytes_read)} {q.query_type.lower()} {q.summary}" for q in top))
    print()

    def growth(variant, kind):
        return (trino_bytes.total_bytes(results[(variant.name, last, kind)])
                / trino_bytes.total_bytes(results[(variant.name, first, kind)]))

    today, bounded = variants
    print(f"dashboard refresh bytes growth: {growth(bounded, 'refresh'):.2f} "
          f"({last} vs {first}; baseline, today's queries in the same run: {growth(today, 'refresh'):.2f}; goal <= 1.2)")
    print(f"dbt run bytes growth: {growth(bounded, 'run'):.2f} "
          f"({last} vs {first}; baseline, today's queries in the same run: {growth(today, 'run'):.2f}; goal <= 1.2)")
    print(f"dbt next run bytes growth: {growth(bounded, 'next run'):.2f} "
          f"({last} vs {first}; baseline, today's queries in the same run: {growth(today, 'next run'):.2f}; goal <= 1.2)")
    refreshes, runs = MONTH_SECONDS / DASHBOARD_REFRESH_SECONDS, MONTH_SECONDS / ATHENA_RUN_SECONDS
    print(f"\nAthena per 30 days at ${trino_bytes.ATHENA_USD_PER_TB:g}/TB scanned (each query rounded up to the MB, "
          f"10 MB minimum; DDL and catalog lookups free): a dashboard refresh every {DASHBOARD_REFRESH_SECONDS} s "
          f"({refreshes:,.0f}, shared by every viewer through the chart cache) and a dbt run every "
          f"{ATHENA_RUN_SECONDS} s ({runs:,.0f}):")
    for variant in variants:
        for depth in depths:
            refresh_q = results[(variant.name, depth.name, "refresh")]
            run_q = results[(variant.name, depth.name, "next run")]
            print(f"{variant.name:>8} {depth.name:>3}: dashboard ${trino_bytes.monthly_athena_usd(refresh_q, refreshes):,.2f}, "
                  f"dbt runs ${trino_bytes.monthly_athena_usd(run_q, runs):,.2f} "
                  f"({sum(q.billed_on_athena for q in run_q)} billed queries a run; as the next run)")


def write_queries(results, path):
    with path.open("w") as out:
        out.write("variant\tdepth\tkind\tbytes\tquery_id\tstatement\n")
        for (variant, depth, kind), queries in results.items():
            for q in queries:
                statement = " ".join(q.text.split())
                out.write(f"{variant}\t{depth}\t{kind}\t{q.bytes_read:.0f}\t{q.query_id}\t{statement}\n")
    print(f"every measured query: {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=int(os.environ.get("TRINO_PORT", "18080")))
    parser.add_argument("--baseline", default="168fe2d",
                        help="git revision of today's models and dashboard (default: before they were bounded)")
    parser.add_argument("--days", type=int, default=12, help="days of history at 1x (default 12: longer than any bound)")
    parser.add_argument("--factor", type=int, default=16, help="the deeper history, as a multiple of --days")
    parser.add_argument("--orders-per-hour", type=int, default=120)
    parser.add_argument("--chunks", type=int, default=48, help="inserts per table of the history, at every depth")
    parser.add_argument("--late-days", type=int, default=2, help="the recent hour's late events for an hour this old")
    parser.add_argument("--landing-minutes", type=landing_minutes, default=(15, 30), metavar="FROM-UNTIL",
                        help="minutes of the clock hour in which the recent hour lands (default 15-30: the hour "
                             "then holds a quarter of it and has time left for the dashboard refreshes)")
    parser.add_argument("--queries-out", type=pathlib.Path, metavar="FILE",
                        help="also write every measured query (variant, depth, kind, bytes, id, text) to FILE as TSV")
    args = parser.parse_args()
    depths = [history.Depth(1, args.days), history.Depth(args.factor, args.days)]
    queries = trino_bytes.TrinoQueries(args.port)
    conn = history.seed.connect("127.0.0.1", args.port)
    with tempfile.TemporaryDirectory(prefix="bench-bytes-") as tmp:
        work = pathlib.Path(tmp)
        variants = [baseline(args.baseline, work), Variant("bounded", REPO)]
        history_end = dt.datetime.now(UTC).replace(second=0, microsecond=0) - dt.timedelta(hours=1)
        for depth in depths:
            started = time.monotonic()
            orders = history.seed_history(conn, depth, args.orders_per_hour, args.chunks, history_end)
            print(f"{depth.name}: {depth.days} days, {orders:,} orders seeded in {time.monotonic() - started:.0f} s",
                  flush=True)
            for variant in variants:
                full_build(variant, depth, work)
        await_landing_slot(*args.landing_minutes)
        now = dt.datetime.now(UTC)
        late_hours = [history_end - dt.timedelta(hours=1), now - dt.timedelta(days=args.late_days)]
        late_hours = [hour.replace(minute=0, second=0, microsecond=0) for hour in late_hours]
        for depth in depths:
            history.land_recent_hour(conn, depth, args.orders_per_hour, now, late_hours)
        print(f"the same recent hour on both: {args.orders_per_hour} orders to {now:%H:%M} UTC, and late events for "
              f"the hours of {' and '.join(f'{h:%Y-%m-%d %H:00}' for h in late_hours)}", flush=True)
        results = {}
        # the dashboards first, while the clock hour is the one the recent hour landed in; today's
        # queries first: the baseline
        for variant in variants:
            for depth in depths:
                results[(variant.name, depth.name, "refresh")] = dashboard_refresh_of(variant, depth, args.port, work,
                                                                                      queries)
        if dt.datetime.now(UTC).hour != now.hour:
            print("warning: the clock hour turned during the dashboard refreshes: the ops charts read different hours")
        for variant in variants:
            for depth in depths:
                results[(variant.name, depth.name, "run")] = scheduled_run(variant, depth, work, queries)
        next_orders = max(1, args.orders_per_hour * NEXT_MINUTES // 60)
        next_now = dt.datetime.now(UTC)
        for depth in depths:
            history.land_next_minutes(conn, depth, next_orders, next_now, NEXT_MINUTES)
        print(f"then {next_orders} orders in the {NEXT_MINUTES} minutes to {next_now:%H:%M} UTC on both, and the next "
              f"scheduled run", flush=True)
        for variant in variants:
            for depth in depths:
                results[(variant.name, depth.name, "next run")] = scheduled_run(variant, depth, work, queries)
        report(results, variants, depths)
        if args.queries_out:
            write_queries(results, args.queries_out)


if __name__ == "__main__":
    main()
