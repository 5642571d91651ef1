"""Hand-made records and rows for the checker's unit tests."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from checker.model import Record, TableData, TopicData

T0 = 1_800_000_000_000  # an epoch-millis instant on a minute boundary
assert T0 % 60_000 == 0


def ts(ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc)


def order(p, o, event_id, *, order_id=None, status="PLACED", amount="10.00", currency="EUR", et=T0, merchant="m1", customer="c1", key=None, fields=None):
    order_id = order_id or f"o-{event_id}"
    f = {
        "event_id": event_id, "order_id": order_id, "customer_id": customer, "merchant_id": merchant, "status": status,
        "amount": Decimal(amount), "currency": currency, "event_time": ts(et), "channel": "web", "discount_amount": Decimal("0.00"),
    }
    f.update(fields or {})
    return Record("orders", p, o, (key if key is not None else order_id).encode(), b"\x00\x00\x00\x00\x10order-bytes-" + event_id.encode(), et, fields=f)


def payment(p, o, event_id, *, order_id="o-1", outcome="DECLINED", amount="10.00", et=T0, payment_id=None, key=None):
    f = {"event_id": event_id, "payment_id": payment_id or f"pay-{event_id}", "order_id": order_id, "amount": Decimal(amount), "outcome": outcome, "event_time": ts(et)}
    return Record("payments", p, o, (key if key is not None else order_id).encode(), b"\x00\x00\x00\x00\x02pay-bytes-" + event_id.encode(), et, fields=f)


def bad(topic, p, o, error_class="DESERIALIZATION", key=b"k"):
    return Record(topic, p, o, key, b"garbage", T0, error_class=error_class, error="does not decode")


def lineage(src: Record) -> dict:
    return {"source_topic": src.topic, "source_partition": src.partition, "source_offset": src.offset}


def enriched(p, o, src: Record, **changes):
    f = {k: src.fields[k] for k in ("event_id", "order_id", "customer_id", "merchant_id", "status", "amount", "currency", "event_time", "channel", "discount_amount")}
    f.update({"customer_name": "C", "customer_country": "DE", "customer_segment": "retail", "merchant_name": "M", "merchant_country": "FR",
              "merchant_category": "x", "processing_time": ts(T0 + 1000)})
    f.update(lineage(src))
    f.update(changes)
    return Record("orders-enriched", p, o, src.key, b"enriched", T0, fields=f)


def dead_letter(p, o, src: Record, error_class="DESERIALIZATION"):
    f = {"reason": "bad", "error_class": error_class, "record_key": src.key_text(), "record_value": None if error_class == "UNKNOWN_ORDER" else src.value,
         "event_time": None, "processing_time": ts(T0 + 1000)}
    f.update(lineage(src))
    return Record("dead-letters", p, o, src.key, b"dl", T0, fields=f)


def late(p, o, src: Record, stream_time: int, grace=120_000):
    ws = src.timestamp_ms - src.timestamp_ms % 60_000
    f = {"event_type": "order" if src.topic == "orders" else "payment", "event_id": src.fields["event_id"], "order_id": src.fields["order_id"],
         "payment_id": src.fields.get("payment_id"), "merchant_id": src.fields.get("merchant_id"), "currency": src.fields.get("currency"),
         "status": src.fields.get("status"), "outcome": src.fields.get("outcome"), "amount": src.fields["amount"], "event_time": ts(src.timestamp_ms),
         "window_start": ts(ws), "window_end": ts(ws + 60_000), "stream_time": ts(stream_time), "lateness_ms": stream_time - (ws + 60_000 + grace),
         "processing_time": ts(T0)}
    f.update(lineage(src))
    return Record("late-events", p, o, b"k", b"late", T0, fields=f)


def outcome_window(p, o, outcome, ws, count, total, latest):
    f = {"outcome": outcome, "window_start": ts(ws), "window_end": ts(ws + 60_000), "payment_count": count, "amount_total": Decimal(total),
         "event_time": ts(latest), "processing_time": ts(T0)}
    return Record("payments-by-outcome-1m", p, o, outcome.encode(), b"w", T0, fields=f)


def revenue_window(p, o, merchant, currency, ws, count, total, latest):
    f = {"merchant_id": merchant, "currency": currency, "window_start": ts(ws), "window_end": ts(ws + 60_000), "order_count": count,
         "revenue": Decimal(total), "event_time": ts(latest), "processing_time": ts(T0)}
    return Record("revenue-by-merchant-1m", p, o, merchant.encode(), b"w", T0, fields=f)


def paid(p, o, order_rec: Record, pay: Record):
    f = {"order_id": order_rec.fields["order_id"], "order_event_id": order_rec.fields["event_id"], "customer_id": order_rec.fields["customer_id"],
         "merchant_id": order_rec.fields["merchant_id"], "order_amount": order_rec.fields["amount"], "currency": order_rec.fields["currency"],
         "order_time": order_rec.fields["event_time"], "payment_id": pay.fields["payment_id"], "payment_amount": pay.fields["amount"],
         "payment_outcome": pay.fields["outcome"], "payment_time": pay.fields["event_time"], "status": "PAID", "event_time": pay.fields["event_time"],
         "processing_time": ts(T0)}
    f.update(lineage(pay))
    return Record("order-payments", p, o, order_rec.key, b"op", T0, fields=f)


def topic(name: str, records: list[Record], partitions=(0,), end: dict | None = None) -> TopicData:
    by_p = {p: sorted([r for r in records if r.partition == p], key=lambda r: r.offset) for p in partitions}
    ends = end or {p: (by_p[p][-1].offset + 1 if by_p[p] else 0) for p in partitions}
    return TopicData(name, list(partitions), by_p, ends, {p: 0 for p in partitions})


def table_from(records: list[Record], name: str) -> TableData:
    """The rows the sink would write for ``records`` (contract fields + the sink's metadata columns)."""
    columns = list(records[0].fields) + ["_kafka_metadata_topic", "_kafka_metadata_partition", "_kafka_metadata_offset", "_kafka_metadata_timestamp"]
    rows = []
    for r in records:
        row = dict(r.fields)
        row.update({"_kafka_metadata_topic": r.topic, "_kafka_metadata_partition": r.partition, "_kafka_metadata_offset": r.offset,
                    "_kafka_metadata_timestamp": ts(r.timestamp_ms)})
        rows.append(row)
    return TableData(name, columns, rows)
