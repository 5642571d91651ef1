"""Development and test data for the dbt models, written through Trino into the nine landed tables.

Mimics what the pipeline lands, deterministically: enriched order events (some with a later
FULFILLED or CANCELLED event), the 1-minute window results of the on-time PLACED orders, late
events (in batches after the first, every `late_every`-th order belongs to the previous batch's
time range and lands in late_events instead of a window), order-payment results, payment outcome
windows, dead letters and the pipeline ledger's rows (one per topic and partition per batch), and customer and
merchant versions (late ones, deletions and a same-instant replacement in later batches: `versions`). Some rows land
twice, as after a sink rebalance.

Batch b's on-time events fall in [end - span, end); its late events one span earlier. As in the
Streams app, a window has one final result: an event whose window an earlier batch already
closed (it starts before the newest landed window end) is late, not a second result for it.

orders_enriched has the fields of version 3 of the orders contract (channel, discount_amount) when
created with them, or once they were added as the sink's schema evolution adds them; a batch fills
them when the table has them (null in every 11th order, as from a producer of the old contract).

    python seed.py --create --batch 0 --orders 5000 --end 2026-11-29T08:00:00Z
"""

import argparse
import datetime as dt

import trino

TABLES = {
    "orders_enriched": """
        event_id varchar, order_id varchar, customer_id varchar, merchant_id varchar,
        status varchar, amount decimal(18, 2), currency varchar,
        event_time timestamp(6) with time zone,
        customer_name varchar, customer_country varchar, customer_segment varchar,
        merchant_name varchar, merchant_country varchar, merchant_category varchar,
        source_topic varchar, source_partition integer, source_offset bigint,
        processing_time timestamp(6) with time zone""",
    "revenue_by_merchant_1m": """
        merchant_id varchar, currency varchar,
        window_start timestamp(6) with time zone, window_end timestamp(6) with time zone,
        order_count bigint, revenue decimal(18, 2),
        event_time timestamp(6) with time zone, processing_time timestamp(6) with time zone""",
    "payments_by_outcome_1m": """
        outcome varchar,
        window_start timestamp(6) with time zone, window_end timestamp(6) with time zone,
        payment_count bigint, amount_total decimal(18, 2),
        event_time timestamp(6) with time zone, processing_time timestamp(6) with time zone""",
    "late_events": """
        event_type varchar, event_id varchar, order_id varchar, payment_id varchar,
        merchant_id varchar, currency varchar, status varchar, outcome varchar,
        amount decimal(18, 2), event_time timestamp(6) with time zone,
        window_start timestamp(6) with time zone, window_end timestamp(6) with time zone,
        stream_time timestamp(6) with time zone, lateness_ms bigint,
        source_topic varchar, source_partition integer, source_offset bigint,
        processing_time timestamp(6) with time zone""",
    "order_payments": """
        order_id varchar, order_event_id varchar, customer_id varchar, merchant_id varchar,
        order_amount decimal(18, 2), currency varchar, order_time timestamp(6) with time zone,
        payment_id varchar, payment_amount decimal(18, 2), payment_outcome varchar,
        payment_time timestamp(6) with time zone, status varchar,
        event_time timestamp(6) with time zone,
        source_topic varchar, source_partition integer, source_offset bigint,
        processing_time timestamp(6) with time zone""",
    "dead_letters": """
        reason varchar, error_class varchar, source_topic varchar, source_partition integer,
        source_offset bigint, record_key varchar, record_value varbinary,
        event_time timestamp(6) with time zone, processing_time timestamp(6) with time zone""",
    # the columns the models read (the contract's dead_lettered_<error class> split is left out)
    "pipeline_ledger": """
        source_topic varchar, source_partition integer, first_offset bigint, last_offset bigint,
        records_read bigint, dead_lettered bigint, duplicates_dropped bigint, kept bigint,
        windowed bigint, late bigint, stream_time timestamp(6) with time zone,
        window_stream_time timestamp(6) with time zone, emitted_at timestamp(6) with time zone""",
    "customers_versions": """
        customer_id varchar, customer_name varchar, customer_country varchar, customer_segment varchar,
        is_deleted boolean, valid_from timestamp(6) with time zone,
        source_topic varchar, source_partition integer, source_offset bigint,
        processing_time timestamp(6) with time zone""",
    "merchants_versions": """
        merchant_id varchar, merchant_name varchar, merchant_country varchar, merchant_category varchar,
        is_deleted boolean, valid_from timestamp(6) with time zone,
        source_topic varchar, source_partition integer, source_offset bigint,
        processing_time timestamp(6) with time zone""",
}

# Each table partitioned as the sink's tables are (connect-config connectors/base.json), so the
# models' bounds prune here as they do on the landed tables.
PARTITIONING = {
    "orders_enriched": "hour(event_time)",
    "revenue_by_merchant_1m": "day(window_start)",
    "payments_by_outcome_1m": "day(window_start)",
    "late_events": "day(window_start)",
    "order_payments": "hour(event_time)",
    "dead_letters": "day(processing_time)",
    "pipeline_ledger": "day(emitted_at)",
    "customers_versions": "day(processing_time)",
    "merchants_versions": "day(processing_time)",
}

# the landed versions tables, as (topic, id prefix, the attributes of version `batch` of id `i`)
VERSIONED = {
    "customers_versions": ("customers", "c-", lambda i, batch: (
        f"Customer c-{i} v{batch}", ["NL", "DE", "FR"][(i + batch) % 3], ["retail", "business"][(i + batch) % 2])),
    "merchants_versions": ("merchants", "m-", lambda i, batch: (
        f"Merchant m-{i:02d} v{batch}", ["DE", "FR"][i % 2], ["books", "grocery", "toys", "travel"][(i + batch) % 4])),
}
VERSIONED_IDS = 20

# Added by version 3 of the orders contract, at the end of orders_enriched: the Iceberg sink appends
# them to a table that exists from before when the first row of the new contract lands.
ORDERS_V3_COLUMNS = {"channel": "varchar", "discount_amount": "decimal(18, 2)"}

MERCHANTS = 20
# order ids end in a zero-padded sequence number, as the generator's do (<run>-ord-%07d): they sort by
# when the order was placed, so a data file's min and max order_id span its own orders only
ORDER_NUMBER_DIGITS = 7


def order_id(batch, i):
    """The id of order `i` of batch `batch`, as order_id_sql makes it."""
    return f"o-{batch}-{i:0{ORDER_NUMBER_DIGITS}d}"


def order_id_sql(batch, i="i"):
    """SQL of order_id(batch, <the integer column `i`>)."""
    return f"'o-{batch}-' || lpad(cast({i} as varchar), {ORDER_NUMBER_DIGITS}, '0')"


def connect(host, port, schema="lakehouse"):
    return trino.dbapi.connect(host=host, port=port, user="seed", catalog="iceberg", schema=schema)


def execute(conn, sql):
    cur = conn.cursor()
    cur.execute(sql)
    return cur.fetchall()


def create_tables(conn, schema="lakehouse", orders_v3_columns=True):
    """Creates the nine tables in `schema` (if missing); orders_enriched without the columns of the
    orders contract's version 3 when `orders_v3_columns` is false, as a table created before it."""
    execute(conn, f"create schema if not exists iceberg.{schema}")
    for table, columns in TABLES.items():
        if table == "orders_enriched" and orders_v3_columns:
            columns += "".join(f", {name} {type_}" for name, type_ in ORDERS_V3_COLUMNS.items())
        execute(conn, f"create table if not exists iceberg.{schema}.{table} ({columns}) "
                      f"with (format = 'PARQUET', partitioning = ARRAY['{PARTITIONING[table]}'])")


def add_orders_v3_columns(conn, schema="lakehouse"):
    """Adds the orders contract's version-3 columns to orders_enriched, as the sink's schema evolution does."""
    for name, type_ in ORDERS_V3_COLUMNS.items():
        execute(conn, f"alter table iceberg.{schema}.orders_enriched add column if not exists {name} {type_}")


def columns_of(conn, schema, table):
    return [r[0] for r in execute(conn, f"""
        select column_name from iceberg.information_schema.columns
        where table_schema = '{schema}' and table_name = '{table}' order by ordinal_position""")]


def ts(value: dt.datetime) -> str:
    return "timestamp '" + value.astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f") + " UTC'"


def events_sql(batch, orders, end, span, late_every, processed, closed_until):
    """Order events of one batch: each order's PLACED event, plus a status event for every 5th.
    Events in windows that start before `closed_until` (or every `late_every`-th order, moved one
    span back) are late. Processed at `processed` (a few ms apart), or, when it is a timedelta, that
    long after each event's time (as the pipeline processes a live stream)."""
    span_ms = int(span.total_seconds() * 1000)
    processing_time = (f"date_add('millisecond', {int(processed.total_seconds() * 1000)}, event_time)"
                       if isinstance(processed, dt.timedelta)
                       else f"date_add('millisecond', -(cast({orders} - i as bigint) * 3), {ts(processed)})")
    moved_back = f"({batch} > 0 and i % {late_every} = 1)"
    closed = ts(closed_until) if closed_until else "timestamp '1970-01-01 00:00:00 UTC'"
    return f"""
        with numbers as (
            select thousands * 1000 + units as i
            from unnest(sequence(0, {max((orders - 1) // 1000, 0)})) as t1(thousands)
            cross join unnest(sequence(0, 999)) as t2(units)
            where thousands * 1000 + units < {orders}
        ),
        timed as (
            select
                i,
                date_add('millisecond',
                    cast(i as bigint) * {span_ms} / {orders} - {span_ms} - (case when {moved_back} then {span_ms} else 0 end),
                    {ts(end)}) as event_time
            from numbers
        ),
        placed as (
            select
                i,
                {order_id_sql(batch)} as order_id,
                'm-' || lpad(cast(i % {MERCHANTS} as varchar), 2, '0') as merchant_id,
                case when i % 7 = 0 then 'USD' else 'EUR' end as currency,
                'c-' || cast(i % 997 as varchar) as customer_id,
                cast(cast((i * 7919) % 50000 + 100 as decimal(18, 0)) * decimal '0.01' as decimal(18, 2)) as amount,
                {moved_back} or date_trunc('minute', event_time) < {closed} as is_late,
                event_time
            from timed
        ),
        events as (
            select *, 'PLACED' as status, 'e-{batch}-' || cast(i as varchar) || '-p' as event_id, 0 as kind
            from placed
            union all
            select i, order_id, merchant_id, currency, customer_id, amount, is_late,
                date_add('second', 90, event_time),
                case when i % 10 = 0 then 'CANCELLED' else 'FULFILLED' end,
                'e-{batch}-' || cast(i as varchar) || '-s', 1
            from placed
            where i % 5 = 0
        )
        select
            events.*,
            cast({batch} as bigint) * 10000000 + i * 2 + kind as source_offset,
            {processing_time} as processing_time,
            -- as after a sink rebalance, some rows land twice
            case when i % 97 = 5 then 2 else 1 end as copies
        from events
    """


def seed_batch(conn, batch, orders, end, span=dt.timedelta(hours=1), late_every=10, processed=None,
               schema="lakehouse"):
    """Writes one batch into all nine tables of `schema`; returns the processing time it used
    (`processed`: a time, default now, or a timedelta after each event's time)."""
    processed = processed or dt.datetime.now(dt.timezone.utc)
    closed_until = execute(conn, f"select max(window_end) from iceberg.{schema}.revenue_by_merchant_1m")[0][0]
    events = events_sql(batch, orders, end, span, late_every, processed, closed_until)
    twice = "cross join unnest(sequence(1, copies)) as copy(n)"
    # an order's events carry its PLACED event's channel and discount (0, 5, 10 or 15 % of the amount)
    v3_values = {
        "channel": "case when i % 11 = 3 then null else element_at(array['web', 'app', 'store'], i % 3 + 1) end",
        "discount_amount": "case when i % 11 = 3 then null else cast(amount * (i % 4) * decimal '0.05' as decimal(18, 2)) end",
    }
    v3 = [name for name in ORDERS_V3_COLUMNS if name in columns_of(conn, schema, "orders_enriched")]
    execute(conn, f"""
        insert into iceberg.{schema}.orders_enriched (
            event_id, order_id, customer_id, merchant_id, status, amount, currency, event_time,
            customer_name, customer_country, customer_segment, merchant_name, merchant_country, merchant_category,
            source_topic, source_partition, source_offset, processing_time{"".join(", " + name for name in v3)})
        select event_id, order_id, customer_id, merchant_id, status, amount, currency, event_time,
            'Customer ' || customer_id, 'NL', 'retail',
            'Merchant ' || merchant_id, 'DE', 'books',
            'orders', cast(source_offset % 3 as integer), source_offset, processing_time{"".join(", " + v3_values[name] for name in v3)}
        from ({events}) {twice}""")
    execute(conn, f"""
        insert into iceberg.{schema}.revenue_by_merchant_1m
        select merchant_id, currency, window_start, date_add('minute', 1, window_start),
            count(*), sum(amount), max(event_time), max(processing_time)
        from (
            select *, date_trunc('minute', event_time) as window_start
            from ({events}) where status = 'PLACED' and not is_late
        )
        group by merchant_id, currency, window_start
        -- the sink lands some window results twice
        union all
        select merchant_id, currency, window_start, date_add('minute', 1, window_start),
            count(*), sum(amount), max(event_time), max(processing_time)
        from (
            select *, date_trunc('minute', event_time) as window_start
            from ({events}) where status = 'PLACED' and not is_late
        )
        where merchant_id = 'm-03' and minute(window_start) % 17 = 0
        group by merchant_id, currency, window_start""")
    execute(conn, f"""
        insert into iceberg.{schema}.late_events
        select 'order', event_id, order_id, null, merchant_id, currency, status, null, amount,
            event_time, date_trunc('minute', event_time), date_add('minute', 1, date_trunc('minute', event_time)),
            {ts(end)}, date_diff('millisecond', date_add('minute', 3, date_trunc('minute', event_time)), {ts(end)}),
            'orders', cast(source_offset % 3 as integer), source_offset, processing_time
        from ({events}) {twice}
        where is_late""")
    execute(conn, f"""
        insert into iceberg.{schema}.order_payments
        select order_id, event_id, customer_id, merchant_id, amount, currency, event_time,
            case when paid then 'p-' || order_id end,
            case when paid then amount end,
            case when paid then 'SUCCEEDED' end,
            case when paid then date_add('second', 20, event_time) end,
            case when paid then 'PAID' else 'UNPAID' end,
            case when paid then date_add('second', 20, event_time) else date_add('minute', 30, event_time) end,
            'order-payments', cast(source_offset % 3 as integer), source_offset, processing_time
        from (select *, i % 4 <> 1 as paid from ({events}) where status = 'PLACED')""")
    execute(conn, f"""
        insert into iceberg.{schema}.payments_by_outcome_1m
        select 'SUCCEEDED', window_start, date_add('minute', 1, window_start), count(*), sum(amount),
            max(paid_at), max(processing_time)
        from (
            select *, date_add('second', 20, event_time) as paid_at,
                date_trunc('minute', date_add('second', 20, event_time)) as window_start
            from ({events}) where status = 'PLACED' and i % 4 <> 1 and not is_late
        )
        group by window_start""")
    execute(conn, f"""
        insert into iceberg.{schema}.dead_letters
        select 'amount -5.00 is negative', 'INVALID_AMOUNT', 'orders', 0, source_offset + 1,
            order_id, null, event_time, processing_time
        from ({events}) where i % 200 = 7 and status = 'PLACED'""")
    # what the Streams app counted: per partition, the batch's order events (each kept once; the
    # windows step saw the PLACED ones) and the successful payments of the windows above
    execute(conn, f"""
        insert into iceberg.{schema}.pipeline_ledger
        select 'orders', partition, min(source_offset), max(source_offset), count(*), 0, 0, count(*),
            count_if(status = 'PLACED' and not is_late), count_if(status = 'PLACED' and is_late),
            max(event_time), max(case when status = 'PLACED' then event_time end), max(processing_time)
        from (select *, cast(source_offset % 3 as integer) as partition from ({events}))
        group by partition
        union all
        select 'payments', partition, min(source_offset), max(source_offset), count(*), 0, 0, count(*),
            count_if(not is_late), count_if(is_late),
            max(paid_at), max(paid_at), max(processing_time)
        from (
            select *, cast(source_offset % 3 as integer) as partition, date_add('second', 20, event_time) as paid_at
            from ({events}) where status = 'PLACED' and i % 4 <> 1
        )
        group by partition""")
    for table in VERSIONED:
        insert_versions(conn, schema, table, batch, end, span, processed)
    return processed


def seed_late_events(conn, batch, orders, hour, processed, schema="lakehouse"):
    """Late order events for an old `hour`, landed at `processed`: `orders` new PLACED orders of that
    hour (ids o-<batch>-<i>), and a CANCELLED event, an hour after its PLACED event, for every 10th
    order placed in the hour before (those seed_batch fulfilled: i % 10 = 5). As the Streams app
    lands an event too late for its window: in orders_enriched and late_events, no window result;
    no ledger rows (those would carry the present window stream time, as the newest batch's do)."""
    events = f"""
        select 'e-{batch}-' || cast(i as varchar) || '-p' as event_id, {order_id_sql(batch)} as order_id,
            'c-' || cast(i % 997 as varchar) as customer_id, 'm-' || lpad(cast(i % {MERCHANTS} as varchar), 2, '0') as merchant_id,
            'PLACED' as status, cast(10 + i as decimal(18, 2)) as amount, 'EUR' as currency,
            date_add('second', i * 7, {ts(hour)}) as event_time,
            cast({batch} as bigint) * 10000000 + i as source_offset
        from unnest(sequence(0, {orders - 1})) as t(i)
        union all
        select distinct 'e-' || substr(order_id, 3) || '-late', order_id,
            customer_id, merchant_id, 'CANCELLED', amount, currency, date_add('hour', 1, event_time),
            cast({batch} as bigint) * 10000000 + 5000000 + source_offset % 1000000
        from iceberg.{schema}.orders_enriched
        where status = 'PLACED' and event_time >= {ts(hour)} and event_time < {ts(hour + dt.timedelta(hours=1))}
            and cast(regexp_extract(order_id, '[0-9]+$') as integer) % 10 = 5
            -- the orders placed before: this statement runs again once the new ones are in the table
            and order_id not like 'o-{batch}-%'
    """
    execute(conn, f"""
        insert into iceberg.{schema}.orders_enriched (
            event_id, order_id, customer_id, merchant_id, status, amount, currency, event_time,
            customer_name, customer_country, customer_segment, merchant_name, merchant_country, merchant_category,
            source_topic, source_partition, source_offset, processing_time)
        select event_id, order_id, customer_id, merchant_id, status, amount, currency, event_time,
            'Customer ' || customer_id, 'NL', 'retail', 'Merchant ' || merchant_id, 'DE', 'books',
            'orders', cast(source_offset % 3 as integer), source_offset, {ts(processed)}
        from ({events})""")
    execute(conn, f"""
        insert into iceberg.{schema}.late_events
        select 'order', event_id, order_id, null, merchant_id, currency, status, null, amount,
            event_time, date_trunc('minute', event_time), date_add('minute', 1, date_trunc('minute', event_time)),
            {ts(processed)}, date_diff('millisecond', event_time, {ts(processed)}),
            'orders', cast(source_offset % 3 as integer), source_offset, {ts(processed)}
        from ({events})""")


def versions(table, batch, end, span):
    """Batch `batch`'s versions of the ids of a versions table, as the Streams app writes them (in read
    order per id: offsets grow): one version of every id valid from the middle of the batch's span; in
    later batches also a late version (valid from before it, read after it), one valid from a day
    before the batch's end (older than versions merged before: it closes a row already closed), a
    deletion and a version valid from the same instant as another (read later, so it replaces it).
    One version lands twice."""
    topic, prefix, attributes = VERSIONED[table]
    rows = []
    for i in range(VERSIONED_IDS):
        key = f"{prefix}{i:02d}" if prefix == "m-" else f"{prefix}{i}"
        valid_from = end - span / 2 + dt.timedelta(seconds=i)
        rows.append((key, attributes(i, batch), False, valid_from, batch * 1000 + i, 2 if i == 3 else 1))
        if batch > 1 and i % 5 == 0:
            rows.append((key, attributes(i, batch + 100), False, end - span + dt.timedelta(seconds=i), batch * 1000 + 100 + i, 1))
        if batch > 1 and i == 13:
            rows.append((key, attributes(i, batch + 300), False, end - dt.timedelta(days=1) + dt.timedelta(seconds=i),
                         batch * 1000 + 400 + i, 1))
        if batch > 1 and i == 11:
            rows.append((key, attributes(i, batch + 200), False, valid_from, batch * 1000 + 300 + i, 1))
        if batch > 1 and i == 7:
            rows.append((key, (None, None, None), True, end, batch * 1000 + 200 + i, 1))
    return topic, [row for row in rows for _ in range(row[-1])]


def insert_versions(conn, schema, table, batch, end, span, processed):
    """`processed` as seed_batch takes it: a time, or a timedelta after each version's valid_from."""
    topic, rows = versions(table, batch, end, span)
    landed = (lambda valid_from: valid_from + processed) if isinstance(processed, dt.timedelta) else (lambda _: processed)
    text = lambda value: "null" if value is None else "'" + value + "'"
    values = ",\n".join(
        f"({text(key)}, {', '.join(text(a) for a in attributes)}, {str(deleted).lower()}, {ts(valid_from)}, "
        f"'{topic}', {offset % 3}, {offset}, {ts(landed(valid_from) - dt.timedelta(milliseconds=offset % 1000))})"
        for key, attributes, deleted, valid_from, offset, _ in rows)
    execute(conn, f"insert into iceberg.{schema}.{table} values {values}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=18080)
    parser.add_argument("--create", action="store_true", help="create the nine tables first (if missing)")
    parser.add_argument("--without-orders-v3-columns", action="store_true",
                        help="with --create: orders_enriched without the orders contract's version-3 columns")
    parser.add_argument("--batch", type=int, required=True, help="batch number; ids and offsets derive from it")
    parser.add_argument("--orders", type=int, default=5000)
    parser.add_argument("--end", type=dt.datetime.fromisoformat, default=dt.datetime.now(dt.timezone.utc),
                        help="end of the batch's on-time event times (ISO 8601, default now)")
    parser.add_argument("--span-minutes", type=int, default=60)
    parser.add_argument("--late-every", type=int, default=10)
    parser.add_argument("--processed-ago-minutes", type=int, default=0,
                        help="processing time of the batch, in minutes before now")
    args = parser.parse_args()
    conn = connect(args.host, args.port)
    if args.create:
        create_tables(conn, orders_v3_columns=not args.without_orders_v3_columns)
    processed = dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=args.processed_ago_minutes)
    seed_batch(conn, args.batch, args.orders, args.end, dt.timedelta(minutes=args.span_minutes), args.late_every,
               processed)


if __name__ == "__main__":
    main()
