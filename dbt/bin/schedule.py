"""Runs the staging views and the incremental marts on a schedule, in one long-lived process (dbt's
Python entry point), so each run costs only the models, not dbt's start-up; and, on a schedule of
its own, maintains the marts' Iceberg tables (`dbt run-operation maintain_models`: compaction,
snapshot expiry, orphans).

    .venv/bin/python dbt/bin/schedule.py [--target local|athena] [--interval S] [--maintain-every S]
                                         [--select "staging marts"] [--runs N] [--source-schema NS]
                                         [--max-backoff S] [--status-file F]

The cadence depends on the engine. Locally (Trino) a run every 15 s keeps ops_current_hour seconds
behind the pipeline. On Athena every run is billed, and each MERGE adds a snapshot and delete files
to the marts: the default is every 5 minutes, with maintenance hourly; below a minute it warns.

A run starts every --interval seconds (right away when the previous one took longer). A failed run
(Trino or Athena away, a model that fails) does not stop the scheduler: the next run waits twice as
long after each failure in a row, at most --max-backoff seconds, and the first success returns to the
interval. A failed maintenance is reported and retried at its next turn. After every run the status
file (--status-file, JSON) says how many runs failed in a row and in all, and when the last one
succeeded: alert on it, not on the process (dbt/README.md, "Scheduling"). The scheduler exits only
on bad arguments (2); run it under a supervisor that restarts it whenever it exits.
"""

import argparse
import datetime
import json
import os
import pathlib
import sys
import time

from dbt.cli.main import dbtRunner

DBT_DIR = pathlib.Path(__file__).resolve().parent.parent
# (seconds between runs, seconds between maintenance runs) per target; other targets: production's
CADENCE = {"local": (15.0, 3600.0), "athena": (300.0, 3600.0)}
PRODUCTION_CADENCE = CADENCE["athena"]
ATHENA_MIN_INTERVAL = 60.0
DEFAULT_MAX_BACKOFF = 900.0


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", default=os.environ.get("DBT_TARGET", "local"))
    parser.add_argument("--interval", type=float, help="seconds between run starts (default: 15 local, 300 athena)")
    parser.add_argument("--maintain-every", type=float,
                        help="seconds between maintain_models runs, 0 = never (default: 3600)")
    # the staging views too: a view fixes its columns when created, so one created before the sink
    # added a contract's new column would hide it from the marts until recreated
    parser.add_argument("--select", default="staging marts",
                        help="dbt selection, space-separated (default: the staging views, then the marts)")
    parser.add_argument("--runs", type=int, default=0, help="stop after this many runs (0 = never)")
    # a replay's namespace once the audit passed on it (docs/operations.md "Replaying history"): the next run
    # re-reads its rows (newer processing times) and merges them into the marts by their keys
    parser.add_argument("--source-schema", default=os.environ.get("DBT_SOURCE_SCHEMA"),
                        help="namespace the sink's tables are read from (env DBT_SOURCE_SCHEMA; default: the "
                             "project's var source_schema, lakehouse)")
    parser.add_argument("--max-backoff", type=float, default=DEFAULT_MAX_BACKOFF,
                        help=f"longest wait, in seconds, between runs while they fail (default: {DEFAULT_MAX_BACKOFF:g})")
    parser.add_argument("--status-file", type=pathlib.Path, default=os.environ.get("DBT_SCHEDULE_STATUS_FILE"),
                        help="JSON status written after every run: failures in a row and in all, last success "
                             "(env DBT_SCHEDULE_STATUS_FILE; default: schedule-status.json in dbt's target path)")
    args = parser.parse_args(argv)
    interval, maintain_every = CADENCE.get(args.target, PRODUCTION_CADENCE)
    args.interval = interval if args.interval is None else args.interval
    args.maintain_every = maintain_every if args.maintain_every is None else args.maintain_every
    if args.interval <= 0 or args.maintain_every < 0 or args.max_backoff < args.interval:
        parser.error("Cannot schedule: --interval must be > 0, --maintain-every >= 0 and --max-backoff at least "
                     "--interval seconds")
    if args.status_file is None:
        args.status_file = DBT_DIR / os.environ.get("DBT_TARGET_PATH", "target") / "schedule-status.json"
    return args


def main(argv=None, runner=None, sleep=time.sleep, clock=time.monotonic):
    args = parse_args(argv)
    if args.target != "local" and args.interval < ATHENA_MIN_INTERVAL:
        print(f"Warning: a run every {args.interval:g} s on {args.target} bills a query per model each time and adds a"
              f" snapshot per mart; keep it at minutes (default {PRODUCTION_CADENCE[0]:g} s)", file=sys.stderr)
    os.environ.setdefault("DBT_PROFILES_DIR", str(DBT_DIR))
    os.chdir(DBT_DIR)
    runner = runner or dbtRunner()
    status = Status(args.status_file)
    next_maintenance = clock() + args.maintain_every
    while args.runs == 0 or status.runs < args.runs:
        started = clock()
        result = runner.invoke(["run", "--select", *args.select.split(), "--target", args.target, "--quiet", "--no-use-colors",
                                *source_vars(args.source_schema)])
        elapsed = clock() - started
        if result.success:
            status.succeeded()
            print(f"run {status.runs}: ok in {elapsed:.1f} s", flush=True)
        else:
            status.failed(result.exception or "see dbt/logs/dbt.log")
            print(f"run {status.runs}: FAILED in {elapsed:.1f} s ({status.consecutive_failures} in a row, next in "
                  f"{wait_after(args, status.consecutive_failures):g} s): {status.last_error}", file=sys.stderr, flush=True)
        if args.maintain_every and clock() >= next_maintenance:
            if not maintain(runner, args.target):
                status.maintenance_failed()
            next_maintenance = clock() + args.maintain_every
        status.write()
        sleep(max(0.0, wait_after(args, status.consecutive_failures) - (clock() - started)))
    return 0


def wait_after(args, consecutive_failures):
    """Seconds from one run's start to the next: the interval, doubled per failure in a row, capped."""
    return min(args.max_backoff, args.interval * 2 ** consecutive_failures)


class Status:
    """What the scheduler has done so far, written as JSON after every run for probes and alerts."""

    def __init__(self, path):
        self.path = path
        self.runs = self.consecutive_failures = self.failures_total = self.maintenance_failures_total = 0
        self.last_success_at = self.last_failure_at = self.last_error = None

    def succeeded(self):
        self.runs += 1
        self.consecutive_failures = 0
        self.last_success_at = now()

    def failed(self, error):
        self.runs += 1
        self.consecutive_failures += 1
        self.failures_total += 1
        self.last_failure_at = now()
        self.last_error = str(error)

    def maintenance_failed(self):
        self.maintenance_failures_total += 1

    def write(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        written = self.path.with_name(self.path.name + ".tmp")
        written.write_text(json.dumps({
            "runs": self.runs, "consecutive_failures": self.consecutive_failures,
            "failures_total": self.failures_total, "maintenance_failures_total": self.maintenance_failures_total,
            "last_success_at": self.last_success_at, "last_failure_at": self.last_failure_at,
            "last_error": self.last_error, "updated_at": now()}, indent=2) + "\n", encoding="utf-8")
        written.replace(self.path)  # a reader never sees half a file


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def source_vars(source_schema):
    """dbt options that read the sources from `source_schema` (none: the project's default)."""
    return ["--vars", json.dumps({"source_schema": source_schema})] if source_schema else []


def maintain(runner, target):
    started = time.monotonic()
    result = runner.invoke(["run-operation", "maintain_models", "--target", target, "--quiet", "--no-use-colors"])
    elapsed = time.monotonic() - started
    if result.success:
        print(f"maintain_models: ok in {elapsed:.1f} s", flush=True)
    else:
        print(f"maintain_models: FAILED in {elapsed:.1f} s (retried at its next turn): "
              f"{result.exception or 'see dbt/logs/dbt.log'}", file=sys.stderr, flush=True)
    return result.success


if __name__ == "__main__":
    sys.exit(main())
