"""Benchmark: incremental `dbt build` time as the landed tables grow 1x, 4x and 16x (the same
amount of new data each time, some of it late), beside a full refresh at each size, in one run.
Goal: incremental at 16x <= 1.5 x incremental at 1x. Run through dbt/bin/bench.sh.

Per size: grow the tables (rows processed two hours ago), `dbt build --full-refresh`, then twice: land a new
batch (processed now; every 10th order late, for the last hour already built), `dbt build`;
the faster of the two counts.
"""

import argparse
import datetime as dt
import json
import os
import pathlib
import subprocess
import sys
import time

import seed

DBT_DIR = pathlib.Path(__file__).resolve().parent.parent
UTC = dt.timezone.utc


def dbt_build(*extra):
    env = dict(os.environ, DBT_PROFILES_DIR=str(DBT_DIR), DBT_SCHEMA="bench", DBT_SEND_ANONYMOUS_USAGE_STATS="false")
    started = time.monotonic()
    proc = subprocess.run([str(pathlib.Path(sys.executable).parent / "dbt"), "build", "--target", "local",
                           "--no-use-colors", *extra], cwd=DBT_DIR, env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    if proc.returncode != 0:
        print(proc.stdout[-6000:], file=sys.stderr)
        raise SystemExit(f"Cannot benchmark: dbt build {' '.join(extra)} failed (exit {proc.returncode})")
    results = json.loads((DBT_DIR / "target" / "run_results.json").read_text())["results"]
    models = sum(r["execution_time"] for r in results if r["unique_id"].startswith("model."))
    return elapsed, models


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("TRINO_PORT", "18080")))
    parser.add_argument("--base-orders", type=int, default=20000, help="orders at 1x")
    parser.add_argument("--new-orders", type=int, default=2000, help="orders per incremental batch")
    parser.add_argument("--sizes", default="1,4,16")
    parser.add_argument("--repeats", type=int, default=2, help="incremental builds per size (the fastest counts)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    conn = seed.connect("127.0.0.1", args.port)
    seed.create_tables(conn)
    hours_per_base = 12
    cursor = dt.datetime.now(UTC).replace(minute=0, second=0, microsecond=0) - dt.timedelta(
        hours=hours_per_base * sizes[-1] + len(sizes) * 3 + 2)
    loaded, rows = 0, []
    for size in sizes:
        growth = size - loaded
        span = dt.timedelta(hours=hours_per_base * growth)
        cursor += span
        seed.seed_batch(conn, 100 + size, args.base_orders * growth, cursor, span,
                        processed=dt.datetime.now(UTC) - dt.timedelta(hours=2))
        loaded = size
        full, full_models = dbt_build("--full-refresh")
        runs = []
        for repeat in range(args.repeats):
            cursor += dt.timedelta(hours=1)
            seed.seed_batch(conn, 1000 + size * 10 + repeat, args.new_orders, cursor, dt.timedelta(hours=1))
            runs.append(dbt_build())
        # the fastest of the repeats: the machine is shared, so slower runs measure the neighbours
        incremental, incremental_models = min(runs)
        rows.append((size, full, full_models, incremental, incremental_models))
        print(f"{size:>2}x ({args.base_orders * size} orders): full refresh build {full:.1f} s (models {full_models:.1f} s), "
              f"incremental build {incremental:.1f} s (models {incremental_models:.1f} s; "
              f"runs: {', '.join(f'{r[0]:.1f}' for r in runs)} s)", flush=True)

    first, last = rows[0], rows[-1]
    print(f"incremental growth ratio: {last[3] / first[3]:.2f} "
          f"({last[0]}x vs {first[0]}x, whole dbt build; models only: {last[4] / first[4]:.2f}; goal <= 1.5)")
    print(f"full refresh growth ratio: {last[1] / first[1]:.2f}")


if __name__ == "__main__":
    main()
