"""Expected figures computed straight from the landed tables in Python, independently of the
models: no incremental logic, no SQL beyond reading rows. On pipeline data, also the hourly
figures the generator's events must give (written by e2e-tests' DbtOnLandedDataIT)."""

import collections
import datetime as dt
import json
from decimal import Decimal

UTC = dt.timezone.utc
ZERO = Decimal("0.00")
SOURCE = "iceberg.lakehouse"


def _utc(value):
    """Trino timestamps with time zone come back aware; compare as naive UTC like the marts."""
    return value.astimezone(UTC).replace(tzinfo=None) if value is not None and value.tzinfo else value


def _hour(value):
    return _utc(value).replace(minute=0, second=0, microsecond=0)


def _distinct(rows):
    return list({tuple(sorted(r.items())): r for r in rows}.values())


def hourly_from_windows(db):
    """(merchant, currency, hour) -> (order_count, revenue): window results + late PLACED orders."""
    hourly = collections.defaultdict(lambda: [0, ZERO])
    for w in _distinct(db.rows(f"select merchant_id, currency, window_start, order_count, revenue from {SOURCE}.revenue_by_merchant_1m")):
        figures = hourly[(w["merchant_id"], w["currency"], _hour(w["window_start"]))]
        figures[0] += w["order_count"]
        figures[1] += w["revenue"]
    for e in _distinct(db.rows(
            f"select event_id, merchant_id, currency, window_start, amount from {SOURCE}.late_events "
            "where event_type = 'order' and status = 'PLACED'")):
        figures = hourly[(e["merchant_id"], e["currency"], _hour(e["window_start"]))]
        figures[0] += 1
        figures[1] += e["amount"]
    return {key: tuple(value) for key, value in hourly.items()}


def hourly_from_order_events(db):
    """(merchant, currency, hour) -> (order_count, revenue) of every PLACED order event, counted once."""
    hourly = collections.defaultdict(lambda: [0, ZERO])
    for e in _distinct(db.rows(
            f"select event_id, merchant_id, currency, amount, event_time from {SOURCE}.orders_enriched where status = 'PLACED'")):
        figures = hourly[(e["merchant_id"], e["currency"], _hour(e["event_time"]))]
        figures[0] += 1
        figures[1] += e["amount"]
    return {key: tuple(value) for key, value in hourly.items()}


def orders(db):
    """order_id -> dict(placed_event_id, last_event_id, order_status, amount, placed_at)."""
    result = {}
    for order_id, events in _events_by_order(db, "amount").items():
        first = _first_placed(events)
        latest = max(events, key=_event_order)
        result[order_id] = dict(
            placed_event_id=first["event_id"] if first else None,
            last_event_id=latest["event_id"],
            order_status=latest["status"],
            amount=(first or latest)["amount"],
            placed_at=_utc(first["event_time"]) if first else None,
        )
    return result


def order_v3_fields(db, source=SOURCE):
    """order_id -> (channel, discount_amount), the fields of version 3 of the orders contract: those of
    the order's first PLACED event, null included, or of its latest event while it has none."""
    result = {}
    for order_id, events in _events_by_order(db, "channel, discount_amount", source).items():
        chosen = _first_placed(events) or max(events, key=_event_order)
        result[order_id] = (chosen["channel"], chosen["discount_amount"])
    return result


def _events_by_order(db, columns, source=SOURCE):
    """order_id -> its distinct events (event_id, order_id, status, event_time and `columns`)."""
    by_order = collections.defaultdict(list)
    for e in _distinct(db.rows(
            f"select event_id, order_id, status, event_time, {columns} from {source}.orders_enriched")):
        by_order[e["order_id"]].append(e)
    return by_order


def _event_order(event):
    return event["event_time"], event["event_id"]


def _first_placed(events):
    placed = [e for e in events if e["status"] == "PLACED"]
    return min(placed, key=_event_order) if placed else None


def current_hour(orders_by_id, merchants, hour_start):
    """(merchant, currency) -> (placed, cancelled, placed_amount) for orders placed since hour_start."""
    figures = collections.defaultdict(lambda: [0, 0, ZERO])
    for order_id, order in orders_by_id.items():
        if order["placed_at"] is not None and order["placed_at"] >= hour_start:
            f = figures[merchants[order_id]]
            f[0] += 1
            f[1] += order["order_status"] == "CANCELLED"
            f[2] += order["amount"]
    return {key: tuple(value) for key, value in figures.items()}


def orders_per_minute(orders_by_id, merchants, hour_start):
    """(minute start, currency) -> (placed, placed_amount) for orders placed since hour_start."""
    figures = collections.defaultdict(lambda: [0, ZERO])
    for order_id, order in orders_by_id.items():
        if order["placed_at"] is not None and order["placed_at"] >= hour_start:
            f = figures[(order["placed_at"].replace(second=0, microsecond=0), merchants[order_id][1])]
            f[0] += 1
            f[1] += order["amount"]
    return {key: tuple(value) for key, value in figures.items()}


def order_merchants(db):
    return {r["order_id"]: (r["merchant_id"], r["currency"]) for r in db.rows(
        f"select distinct order_id, merchant_id, currency from {SOURCE}.orders_enriched where status = 'PLACED'")}


def daily(hourly):
    """(merchant, currency, date) -> (order_count, revenue)."""
    result = collections.defaultdict(lambda: [0, ZERO])
    for (merchant, currency, hour), (count, revenue) in hourly.items():
        figures = result[(merchant, currency, hour.date())]
        figures[0] += count
        figures[1] += revenue
    return {key: tuple(value) for key, value in result.items()}


def payment_conversion(db):
    """(merchant, currency, hour) -> (orders, paid): one result per order, PAID wins."""
    paid_by_order = {}
    for r in db.rows(f"select order_id, merchant_id, currency, order_time, status from {SOURCE}.order_payments"):
        key = (r["merchant_id"], r["currency"], _hour(r["order_time"]))
        paid_by_order[r["order_id"]] = (key, paid_by_order.get(r["order_id"], (key, False))[1] or r["status"] == "PAID")
    result = collections.defaultdict(lambda: [0, 0])
    for key, paid in paid_by_order.values():
        result[key][0] += 1
        result[key][1] += paid
    return {key: tuple(value) for key, value in result.items()}


def sealed_through(db, table, topic, grace_minutes):
    """When `table`'s windows are all final: the newest window its slowest partition closed (that
    partition's latest ledger window stream time less the grace, at the minute), but no later than
    the newest window landed in the table; None before the ledger has a windowed record of `topic`."""
    latest = {}
    for row in _distinct(db.rows(
            f"select source_partition, last_offset, window_stream_time from {SOURCE}.pipeline_ledger "
            f"where source_topic = '{topic}' and window_stream_time is not null")):
        partition = row["source_partition"]
        if partition not in latest or row["last_offset"] > latest[partition]["last_offset"]:
            latest[partition] = row
    if not latest:
        return None
    slowest = min(_utc(row["window_stream_time"]) for row in latest.values())
    closed = (slowest - dt.timedelta(minutes=grace_minutes)).replace(second=0, microsecond=0)
    newest_window_end = _utc(db.rows(f"select max(window_end) as newest from {SOURCE}.{table}")[0]["newest"])
    return min(closed, newest_window_end)


def newest_per_table(db, table):
    """Newest event and processing time, and the newest commit of the sink (a snapshot whose summary
    has its commit id; compaction and other maintenance commits do not count)."""
    row = db.rows(f"select max(event_time) as newest_event, max(processing_time) as newest_processed from {SOURCE}.{table}")[0]
    snapshots = db.rows(f'select committed_at, summary from {SOURCE}."{table}$snapshots"')
    sink_commits = [_utc(s["committed_at"]) for s in snapshots if "kafka.connect.commit-id" in (s["summary"] or {})]
    return _utc(row["newest_event"]), _utc(row["newest_processed"]), max(sink_commits, default=None)


def dimension_history(db, table, id_column, attributes):
    """(id, valid_from) -> the type-2 row a landed versions table must give: each id's versions by
    valid_from, the last read (highest source partition and offset) of those valid from one instant,
    each valid until the next (valid_to None and is_current for the newest)."""
    columns = ", ".join((id_column, *attributes, "is_deleted", "valid_from", "source_partition", "source_offset"))
    winners = {}
    for v in db.rows(f"select {columns} from {SOURCE}.{table}"):
        key = (v[id_column], _utc(v["valid_from"]))
        if key not in winners or (v["source_partition"], v["source_offset"]) > (
                winners[key]["source_partition"], winners[key]["source_offset"]):
            winners[key] = v
    history = {}
    by_id = collections.defaultdict(list)
    for (entity, valid_from), v in winners.items():
        by_id[entity].append((valid_from, v))
    for entity, versions in by_id.items():
        versions.sort(key=lambda version: version[0])
        for n, (valid_from, v) in enumerate(versions):
            valid_to = versions[n + 1][0] if n + 1 < len(versions) else None
            history[(entity, valid_from)] = {
                **{a: v[a] for a in attributes}, "is_deleted": v["is_deleted"], "valid_to": valid_to,
                "is_current": valid_to is None, "source_partition": v["source_partition"],
                "source_offset": v["source_offset"]}
    return history


def generator_hours(path):
    """(merchant, currency, hour) -> (order_count, revenue) from the generator oracle's file, and the
    hour from which windows may still be open (those hours are not expected)."""
    document = json.loads(open(path, encoding="utf-8").read())
    hours = {(h["merchant_id"], h["currency"], dt.datetime.fromisoformat(h["revenue_hour"])):
             (h["order_count"], Decimal(h["revenue"])) for h in document["hours"]}
    return hours, dt.datetime.fromisoformat(document["settled_before"])
