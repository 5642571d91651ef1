"""Benchmark: freshness of ops_current_hour with the marts run on a schedule (dbt/bin/schedule.py)
beside it, as in production: time from an order event landing in orders_enriched to its order
showing in the view (which reads the landed events, so no scheduled run stands in between).
Goal: <= 60 s (event produced -> visible; the pipeline's produce -> landed time adds to this).
Needs the marts built in schema `bench` (bench.py does that). Run through dbt/bin/bench.sh.
"""

import argparse
import datetime as dt
import os
import pathlib
import random
import statistics
import subprocess
import sys
import time

import seed

DBT_DIR = pathlib.Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("TRINO_PORT", "18080")))
    parser.add_argument("--interval", type=float, default=15.0, help="schedule interval, seconds")
    parser.add_argument("--probes", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()

    env = dict(os.environ, DBT_PROFILES_DIR=str(DBT_DIR), DBT_SCHEMA="bench", DBT_SEND_ANONYMOUS_USAGE_STATS="false")
    scheduler = subprocess.Popen([sys.executable, str(DBT_DIR / "bin" / "schedule.py"), "--interval", str(args.interval)],
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    conn = seed.connect("127.0.0.1", args.port)
    lags = []
    try:
        for probe in range(args.probes):
            time.sleep(random.uniform(0, args.interval))  # land at a random point of the schedule
            merchant = f"probe-{int(time.time())}-{probe}"
            landed = time.monotonic()
            seed.execute(conn, f"""
                insert into iceberg.lakehouse.orders_enriched (
                    event_id, order_id, customer_id, merchant_id, status, amount, currency, event_time,
                    customer_name, customer_country, customer_segment, merchant_name, merchant_country,
                    merchant_category, source_topic, source_partition, source_offset, processing_time)
                select 'e-{merchant}', 'o-{merchant}', 'c-probe', '{merchant}', 'PLACED', decimal '1.00', 'EUR',
                    current_timestamp, null, null, null, null, null, null, 'orders', 0, 0, current_timestamp""")
            while not seed.execute(conn, f"select 1 from iceberg.bench.ops_current_hour where merchant_id = '{merchant}'"):
                if time.monotonic() - landed > args.timeout:
                    raise SystemExit(f"Cannot measure freshness: probe {merchant} not visible after {args.timeout} s")
                time.sleep(0.5)
            lags.append(time.monotonic() - landed)
            print(f"probe {probe + 1}: landed -> visible in ops_current_hour in {lags[-1]:.1f} s", flush=True)
    finally:
        scheduler.terminate()
        runs = scheduler.communicate(timeout=60)[0].strip().splitlines()
    print("scheduled runs: " + "; ".join(runs[-args.probes * 2:]))
    print(f"ops_current_hour freshness (landed -> visible, schedule every {args.interval:.0f} s): "
          f"median {statistics.median(lags):.1f} s, max {max(lags):.1f} s (goal <= 60 s)")


if __name__ == "__main__":
    main()
