"""Watches which orders ops_current_hour counts, for the freshness benchmark: prints
`<order_id> <epoch ms>` the first time each order is in ops_orders_this_hour, the serving view
whose orders ops_current_hour and ops_orders_per_minute count (they aggregate the ids away).
Polls every --poll seconds until stopped.

    python ops_visibility.py --port 18080 --schema ops_bench > seen.tsv
"""

import argparse
import sys
import time

import seed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--schema", required=True, help="where dbt built the models")
    parser.add_argument("--poll", type=float, default=1.0)
    args = parser.parse_args()
    conn = seed.connect(args.host, args.port, schema=args.schema)
    seen = set()
    while True:
        started = time.monotonic()
        polled_ms = int(time.time() * 1000)  # the query reads the tables as of its start
        try:
            rows = seed.execute(conn, f"select order_id from iceberg.{args.schema}.ops_orders_this_hour")
        except Exception as e:  # the views do not exist until the first dbt run
            print(f"not readable yet: {e}", file=sys.stderr, flush=True)
            rows = []
        for (order_id,) in rows:
            if order_id not in seen:
                seen.add(order_id)
                print(f"{order_id} {polled_ms}", flush=True)
        time.sleep(max(0.0, args.poll - (time.monotonic() - started)))


if __name__ == "__main__":
    main()
