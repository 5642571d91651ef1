"""Runs the staging views and the incremental marts on a schedule, in one long-lived process (dbt's
Python entry point), so each run costs only the models, not dbt's start-up; and, on a schedule of
its own, maintains the marts' Iceberg tables (`dbt run-operation maintain_models`: compaction,
snapshot expiry, orphans).

    .venv/bin/python dbt/bin/schedule.py [--target local|athena] [--interval S] [--maintain-every S]
                                         [--select "staging marts"] [--runs N] [--source-schema NS]

The cadence depends on the engine. Locally (Trino) a run every 15 s keeps ops_current_hour seconds
behind the pipeline. On Athena every run is billed, and each MERGE adds a snapshot and delete files
to the marts: the default is every 5 minutes, with maintenance hourly; below a minute it warns.

A run starts every --interval seconds (right away when the previous one took longer). Exits
non-zero after --max-failures failed runs in a row; a failed maintenance is reported and retried
at its next turn without stopping the runs.
"""

import argparse
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
    parser.add_argument("--max-failures", type=int, default=3)
    args = parser.parse_args(argv)
    interval, maintain_every = CADENCE.get(args.target, PRODUCTION_CADENCE)
    args.interval = interval if args.interval is None else args.interval
    args.maintain_every = maintain_every if args.maintain_every is None else args.maintain_every
    if args.interval <= 0 or args.maintain_every < 0:
        parser.error("Cannot schedule: --interval must be > 0 and --maintain-every >= 0 seconds")
    return args


def main(argv=None):
    args = parse_args(argv)
    if args.target != "local" and args.interval < ATHENA_MIN_INTERVAL:
        print(f"Warning: a run every {args.interval:g} s on {args.target} bills a query per model each time and adds a"
              f" snapshot per mart; keep it at minutes (default {PRODUCTION_CADENCE[0]:g} s)", file=sys.stderr)
    os.environ.setdefault("DBT_PROFILES_DIR", str(DBT_DIR))
    os.chdir(DBT_DIR)
    runner = dbtRunner()
    failures = runs = 0
    next_maintenance = time.monotonic() + args.maintain_every
    while args.runs == 0 or runs < args.runs:
        started = time.monotonic()
        result = runner.invoke(["run", "--select", *args.select.split(), "--target", args.target, "--quiet", "--no-use-colors",
                                *source_vars(args.source_schema)])
        runs += 1
        elapsed = time.monotonic() - started
        if result.success:
            failures = 0
            print(f"run {runs}: ok in {elapsed:.1f} s", flush=True)
        else:
            failures += 1
            print(f"run {runs}: FAILED in {elapsed:.1f} s: {result.exception or 'see dbt/logs/dbt.log'}",
                  file=sys.stderr, flush=True)
            if failures >= args.max_failures:
                print(f"Cannot keep the marts fresh: {failures} runs in a row failed", file=sys.stderr)
                return 1
        if args.maintain_every and time.monotonic() >= next_maintenance:
            maintain(runner, args.target)
            next_maintenance = time.monotonic() + args.maintain_every
        time.sleep(max(0.0, args.interval - (time.monotonic() - started)))
    return 0


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


if __name__ == "__main__":
    sys.exit(main())
