"""Runs the incremental marts on a schedule, in one long-lived process (dbt's Python entry point),
so each run costs only the models, not dbt's start-up.

    .venv/bin/python dbt/bin/schedule.py --interval 15 [--select marts] [--target local] [--runs N]

A run starts every --interval seconds (right away when the previous one took longer). Exits
non-zero after --max-failures failed runs in a row.
"""

import argparse
import os
import pathlib
import sys
import time

from dbt.cli.main import dbtRunner

DBT_DIR = pathlib.Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--interval", type=float, default=15.0, help="seconds between run starts")
    parser.add_argument("--select", default="marts", help="dbt selection (default: the marts)")
    parser.add_argument("--target", default=os.environ.get("DBT_TARGET", "local"))
    parser.add_argument("--runs", type=int, default=0, help="stop after this many runs (0 = never)")
    parser.add_argument("--max-failures", type=int, default=3)
    args = parser.parse_args()

    os.environ.setdefault("DBT_PROFILES_DIR", str(DBT_DIR))
    os.chdir(DBT_DIR)
    runner = dbtRunner()
    failures = runs = 0
    while args.runs == 0 or runs < args.runs:
        started = time.monotonic()
        result = runner.invoke(["run", "--select", args.select, "--target", args.target, "--quiet", "--no-use-colors"])
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
        time.sleep(max(0.0, args.interval - elapsed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
