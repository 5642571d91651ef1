"""Check 2: every input record of ``orders`` and ``payments`` is accounted for exactly once.

Per input record, in offset order per partition (every decision of the app depends on one input
partition's records in offset order, TOPOLOGY.md):

- dead-lettered: a ``dead-letters`` row names it (source topic/partition/offset), per error class;
- a dropped duplicate: its event_id was accepted from an earlier record of the same partition;
- orders: enriched: an ``orders-enriched`` row's lineage is that record;
- payments: accepted (payments have no row of their own): counted in a ``payments-by-outcome-1m`` window,
  or a ``late-events`` row, or still held in a window that has not closed; proven per window: the
  window's count and amount equal the accepted, not-late payments of that window.

PLACED orders are proven the same way against ``revenue-by-merchant-1m``; ``order-payments`` and the
``UNKNOWN_ORDER`` dead letters are checked against the records they name. Only input records below the
Streams app's committed offsets (read before the outputs) are judged; later ones were not processed yet.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from checker.model import Record, TopicData
from checker.rules import (
    EVENT_TIME_OUT_OF_RANGE,
    PLACED,
    SUCCEEDED,
    UNKNOWN_ORDER,
    Rules,
    event_time_ms,
    violations,
)
from checker.values import millis, same, show

DETAIL_LIMIT = 20

ENRICHED = "enriched"
ACCEPTED = "accepted"
DEAD_LETTERED = "dead-lettered"
DUPLICATE = "duplicate"
UNACCOUNTED = "unaccounted"
NOT_PROCESSED = "not-processed"


@dataclass
class Issue:
    """One problem (fails the check) or warning (reported only), naming where it is."""

    kind: str
    topic: str
    partition: int | None
    offset: int | None
    detail: str
    key: str | None = None  # the row's key (model.ROW_KEYS), where the issue is about one row

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "topic": self.topic, "partition": self.partition, "offset": self.offset, "key": self.key,
                "detail": self.detail}

    def text(self) -> str:
        key = f" ({self.key})" if self.key else ""
        return f"{self.kind}: {self.topic} partition {self.partition} offset {self.offset}{key}: {self.detail}"


@dataclass
class PartitionAccount:
    topic: str
    partition: int
    records: int = 0
    in_scope: int = 0
    not_processed: int = 0
    enriched: int = 0
    accepted: int = 0
    dead_lettered: Counter = field(default_factory=Counter)
    duplicates: int = 0
    unaccounted: list[int] = field(default_factory=list)
    double: list[int] = field(default_factory=list)
    # windows (PLACED orders, accepted payments)
    windowed: int = 0
    late: int = 0
    open_window: int = 0
    # the order/payment join
    join: Counter = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        return {
            "topic": self.topic,
            "partition": self.partition,
            "records": self.records,
            "checked": self.in_scope,
            "not_processed_yet": self.not_processed,
            "enriched": self.enriched,
            "accepted": self.accepted,
            "dead_lettered": dict(sorted(self.dead_lettered.items())),
            "duplicates_dropped": self.duplicates,
            "unaccounted": len(self.unaccounted),
            "unaccounted_offsets": self.unaccounted[:DETAIL_LIMIT],
            "accounted_twice": len(self.double),
            "accounted_twice_offsets": self.double[:DETAIL_LIMIT],
            "in_closed_windows": self.windowed,
            "late_events": self.late,
            "in_open_windows": self.open_window,
            "join": dict(sorted(self.join.items())),
        }


@dataclass
class WindowCheck:
    output: str
    emitted: int = 0
    matched: int = 0
    mismatched: int = 0
    closed_not_emitted: int = 0
    open: int = 0
    phantom: int = 0
    emitted_twice: int = 0
    emitted_count_total: int = 0
    expected_count_total: int = 0

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Accounting:
    partitions: list[PartitionAccount]
    windows: list[WindowCheck]
    problems: list[Issue]
    warnings: list[Issue]
    payments_equation: dict[str, int]
    reference: list[PartitionAccount] = field(default_factory=list)

    def total(self, attr: str) -> int:
        return sum(len(getattr(p, attr)) for p in self.partitions)

    @property
    def unaccounted(self) -> int:
        return self.total("unaccounted")

    @property
    def double(self) -> int:
        return self.total("double")

    @property
    def not_processed(self) -> int:
        return sum(p.not_processed for p in self.partitions)

    def ok(self, allow_pending: bool = False) -> bool:
        return not self.problems and self.unaccounted == 0 and self.double == 0 and (allow_pending or self.not_processed == 0)

    def count_warnings_as_problems(self) -> None:
        """--strict: what the checker could not confirm fails the check too."""
        self.problems.extend(self.warnings)
        self.warnings = []


def _lineage(record: Record) -> tuple[str, int, int] | None:
    f = record.fields
    if f is None or f.get("source_topic") is None:
        return None
    return (f["source_topic"], int(f["source_partition"]), int(f["source_offset"]))


class _Ctx:
    def __init__(self, rules: Rules):
        self.rules = rules
        self.problems: list[Issue] = []
        self.warnings: list[Issue] = []

    def problem(self, kind: str, topic: str, partition: int | None, offset: int | None, detail: str) -> None:
        self.problems.append(Issue(kind, topic, partition, offset, detail))

    def warn(self, kind: str, topic: str, partition: int | None, offset: int | None, detail: str) -> None:
        self.warnings.append(Issue(kind, topic, partition, offset, detail))


# fields an output row copies from its input record: output field -> input field
_ENRICHED_COPIES = {f: f for f in ("event_id", "order_id", "customer_id", "merchant_id", "status", "amount", "currency", "event_time", "channel", "discount_amount")}
_LATE_COPIES = {
    "orders": {f: f for f in ("event_id", "order_id", "merchant_id", "currency", "status", "amount", "event_time")},
    "payments": {f: f for f in ("event_id", "order_id", "payment_id", "outcome", "amount", "event_time")},
}
_PAID_PAYMENT_COPIES = {"order_id": "order_id", "payment_id": "payment_id", "payment_amount": "amount", "payment_outcome": "outcome", "payment_time": "event_time"}
_ORDER_COPIES = {"order_id": "order_id", "order_event_id": "event_id", "customer_id": "customer_id", "merchant_id": "merchant_id", "order_amount": "amount", "currency": "currency", "order_time": "event_time"}


def _differences(row: Record, source: Record, copies: dict[str, str]) -> list[str]:
    out = []
    for out_field, in_field in copies.items():
        expected = source.fields.get(in_field) if source.fields else None
        actual = row.fields.get(out_field) if row.fields else None
        if not same(expected, actual):
            out.append(f"{out_field}: expected {show(expected)!r}, got {show(actual)!r}")
    return out


def account(
    inputs: dict[str, TopicData],
    outputs: dict[str, TopicData],
    rules: Rules,
    cuts: dict[str, dict[int, int]] | None = None,
    reference_cuts: dict[str, dict[int, int]] | None = None,
) -> Accounting:
    """Accounts every input record. ``cuts``: per input topic and partition, the Streams app's committed
    offset read before the outputs (None: every record read was processed)."""
    ctx = _Ctx(rules)
    by_src: dict[str, dict[tuple[str, int, int], list[Record]]] = {}
    for topic in ("orders-enriched", "late-events", "order-payments", "dead-letters"):
        index: dict[tuple[str, int, int], list[Record]] = defaultdict(list)
        data = outputs.get(topic)
        for rec in data.all() if data else []:
            if rec.fields is None:
                ctx.problem("undecodable-output", topic, rec.partition, rec.offset, f"output record does not decode: {rec.error}")
                continue
            src = _lineage(rec)
            if src is None:
                ctx.problem("no-lineage", topic, rec.partition, rec.offset, "output record has no source topic/partition/offset")
                continue
            index[src].append(rec)
        by_src[topic] = index

    input_index: dict[tuple[str, int, int], Record] = {}
    for data in inputs.values():
        for rec in data.all():
            input_index[rec.coords] = rec

    state: dict[tuple[str, int, int], str] = {}  # input coords -> disposition
    accepted_records: dict[tuple[str, int, int], Record] = {}
    window_members: dict[str, dict[tuple, list[Record]]] = {"orders": defaultdict(list), "payments": defaultdict(list)}
    stream_time_at_cut: dict[str, dict[int, int | None]] = {"orders": {}, "payments": {}}
    partitions: list[PartitionAccount] = []
    accounts: dict[tuple[str, int], PartitionAccount] = {}

    for topic in ("orders", "payments"):
        data = inputs.get(topic)
        if data is None:
            continue
        for p in data.partitions:
            pa = PartitionAccount(topic, p)
            partitions.append(pa)
            accounts[(topic, p)] = pa
            records = data.records.get(p, [])
            cut = data.end.get(p, 0) if cuts is None else cuts.get(topic, {}).get(p, 0)
            _account_partition(ctx, topic, p, records, cut, pa, by_src, state, accepted_records, window_members[topic], stream_time_at_cut[topic])

    windows = [
        _check_windows(ctx, "revenue-by-merchant-1m", "orders", outputs, window_members["orders"], stream_time_at_cut["orders"], inputs, state, accounts),
        _check_windows(ctx, "payments-by-outcome-1m", "payments", outputs, window_members["payments"], stream_time_at_cut["payments"], inputs, state, accounts),
    ]
    _check_join(ctx, outputs, by_src, input_index, state, accepted_records, accounts, rules)
    _check_dead_letters(ctx, outputs, input_index)
    reference = _check_reference(ctx, inputs, by_src, rules, reference_cuts)

    accepted_payments = sum(p.accepted for p in partitions if p.topic == "payments")
    payments_equation = {
        "accepted_payments": accepted_payments,
        "in_closed_windows": sum(p.windowed for p in partitions if p.topic == "payments"),
        "late_events": sum(p.late for p in partitions if p.topic == "payments"),
        "in_open_windows": sum(p.open_window for p in partitions if p.topic == "payments"),
        "window_rows_payment_count": windows[1].emitted_count_total,
        "late_event_rows_of_payments": sum(
            1 for r in (outputs["late-events"].all() if "late-events" in outputs else []) if r.fields and r.fields.get("source_topic") == "payments"
        ),
    }
    return Accounting(partitions, windows, ctx.problems, ctx.warnings, payments_equation, reference)


def _account_partition(ctx, topic, p, records, cut, pa, by_src, state, accepted_records, members, st_at_cut) -> None:
    rules: Rules = ctx.rules
    st_valid: int | None = None  # validation: highest event time accepted on the partition
    st_dedup: int | None = None  # stream time of the accepted events (for the dedup window)
    st_window: int | None = None  # WindowPartials: highest event time this step has seen on the partition
    seen: dict[str, tuple[int, int | None]] = {}  # event_id -> (offset, stream time when first accepted)
    st_at_cut[p] = None
    for rec in records:
        pa.records += 1
        in_scope = rec.offset < cut
        k = rec.coords
        dls = by_src["dead-letters"].get(k, [])
        rule_dls = [d for d in dls if d.fields.get("error_class") != UNKNOWN_ORDER]
        join_dls = [d for d in dls if d.fields.get("error_class") == UNKNOWN_ORDER]
        enriched = by_src["orders-enriched"].get(k, []) if topic == "orders" else []
        late_rows = by_src["late-events"].get(k, [])
        op_rows = by_src["order-payments"].get(k, [])
        broken = violations(rec, rules, st_valid)
        et = event_time_ms(rec)
        if in_scope:
            pa.in_scope += 1
        else:
            pa.not_processed += 1

        # 1. validation
        if in_scope:
            if len(rule_dls) > 1:
                _double(ctx, pa, rec, f"dead-lettered {len(rule_dls)} times")
            if rule_dls:
                cls = rule_dls[0].fields.get("error_class")
                pa.dead_lettered[cls] += 1
                state[k] = DEAD_LETTERED
                if enriched or late_rows or op_rows or join_dls:
                    _double(ctx, pa, rec, f"dead-lettered ({cls}) and also in " + _rows_named(enriched, late_rows, op_rows, join_dls))
                if cls not in broken and not _future(rec, rule_dls[0], rules, cls):
                    why = ", ".join(sorted(broken)) if broken else "valid by the documented rules"
                    ctx.warn("validation-disagrees", topic, p, rec.offset, f"dead-lettered as {cls}, the checker's rules say: {why}")
                continue
            if broken:
                if enriched or late_rows or op_rows or join_dls:
                    ctx.warn("validation-disagrees", topic, p, rec.offset, f"accepted by the app, but breaks {', '.join(sorted(broken))} by the documented rules")
                else:
                    _unaccounted(ctx, pa, rec, f"breaks {', '.join(sorted(broken))} but no dead letter names it")
                    continue
            for row in enriched[:1]:
                pt = millis(row.fields.get("processing_time"))
                if et is not None and pt is not None and et > pt + rules.max_future_skew_ms:
                    ctx.warn("validation-disagrees", topic, p, rec.offset, "accepted although its event time is more than the max future skew ahead of the app's clock")
        elif broken:
            continue  # not processed yet: predicted to be dead-lettered
        st_valid = et if st_valid is None else max(st_valid, et)

        # 2. deduplication
        event_id = rec.fields.get("event_id")
        first = seen.get(event_id)
        if topic == "orders":
            has_own = bool(enriched)
        else:
            has_own = bool(late_rows or op_rows or join_dls)
        if in_scope:
            if first is not None and not has_own:
                pa.duplicates += 1
                state[k] = DUPLICATE
                if late_rows or op_rows or join_dls:
                    _double(ctx, pa, rec, "a dropped duplicate that still has rows")
                continue
            if first is not None:
                distance = (st_dedup or 0) - (first[1] or 0)
                text = f"event_id {event_id} admitted again (first at offset {first[0]}, {distance} ms of stream time before; dedup window {rules.dedup_ms} ms)"
                if distance <= rules.dedup_ms:
                    _double(ctx, pa, rec, text)
                else:
                    ctx.warn("duplicate-readmitted", topic, p, rec.offset, text + ": allowed after the dedup window")
            if topic == "orders":
                if not enriched:
                    _unaccounted(ctx, pa, rec, "valid and not a duplicate, but neither enriched nor dead-lettered")
                    continue
                if len(enriched) > 1:
                    _double(ctx, pa, rec, f"enriched {len(enriched)} times (orders-enriched offsets {[r.offset for r in enriched]})")
                for row in enriched:
                    diffs = _differences(row, rec, _ENRICHED_COPIES)
                    if diffs:
                        ctx.problem("lineage-mismatch", "orders-enriched", row.partition, row.offset, f"differs from orders {p}@{rec.offset}: " + "; ".join(diffs))
                pa.enriched += 1
                state[k] = ENRICHED
            else:
                pa.accepted += 1
                state[k] = ACCEPTED
        else:
            if first is not None:
                continue  # predicted duplicate
        accepted_records[k] = rec
        st_dedup = et if st_dedup is None else max(st_dedup, et)
        seen.setdefault(event_id, (rec.offset, st_dedup))

        # 3. windows: PLACED orders per merchant and currency, payments per outcome
        if topic == "orders" and rec.fields.get("status") != PLACED:
            if in_scope and late_rows:
                _double(ctx, pa, rec, "a late-events row for an order that is not PLACED")
            continue
        st_window = et if st_window is None else max(st_window, et)
        ws = rules.window_start(et)
        we = ws + rules.window_ms
        predicted_late = we + rules.grace_ms <= st_window
        if in_scope:
            st_at_cut[p] = st_window
            if len(late_rows) > 1:
                _double(ctx, pa, rec, f"{len(late_rows)} late-events rows")
            late = bool(late_rows)
            if late != predicted_late:
                ctx.warn("lateness-disagrees", topic, p, rec.offset,
                         f"{'in late-events' if late else 'not in late-events'}, but window end + grace {we + rules.grace_ms} vs stream time {st_window} says {'late' if predicted_late else 'on time'}")
            for row in late_rows:
                _check_late_row(ctx, row, rec, ws, we, st_window)
        else:
            late = predicted_late
        if late:
            if in_scope:
                pa.late += 1
            continue
        key = (rec.fields.get("merchant_id"), rec.fields.get("currency"), ws) if topic == "orders" else (rec.fields.get("outcome"), ws)
        members[key].append(rec)


def _future(rec: Record, dl: Record, rules: Rules, cls: str) -> bool:
    """A dead letter for an event time too far ahead of the app's wall clock (its processing time)."""
    if cls != EVENT_TIME_OUT_OF_RANGE:
        return False
    et, pt = event_time_ms(rec), millis(dl.fields.get("processing_time"))
    return et is not None and pt is not None and et > pt + rules.max_future_skew_ms


def _rows_named(enriched, late_rows, op_rows, join_dls) -> str:
    parts = [f"{name} offsets {[r.offset for r in rows]}" for name, rows in
             (("orders-enriched", enriched), ("late-events", late_rows), ("order-payments", op_rows), ("dead-letters UNKNOWN_ORDER", join_dls)) if rows]
    return ", ".join(parts)


def _double(ctx, pa: PartitionAccount, rec: Record, detail: str) -> None:
    if rec.offset not in pa.double:
        pa.double.append(rec.offset)
    ctx.problem("accounted-twice", rec.topic, rec.partition, rec.offset, detail)


def _unaccounted(ctx, pa: PartitionAccount, rec: Record, detail: str) -> None:
    if rec.offset not in pa.unaccounted:
        pa.unaccounted.append(rec.offset)
    ctx.problem("unaccounted", rec.topic, rec.partition, rec.offset, detail)


def _check_late_row(ctx, row: Record, rec: Record, ws: int, we: int, stream_time: int) -> None:
    rules: Rules = ctx.rules
    diffs = _differences(row, rec, _LATE_COPIES[rec.topic])
    expected_type = "order" if rec.topic == "orders" else "payment"
    if row.fields.get("event_type") != expected_type:
        diffs.append(f"event_type: expected {expected_type!r}, got {row.fields.get('event_type')!r}")
    for name, value in (("window_start", ws), ("window_end", we)):
        if millis(row.fields.get(name)) != value:
            diffs.append(f"{name}: expected {value}, got {millis(row.fields.get(name))}")
    if diffs:
        ctx.problem("lineage-mismatch", "late-events", row.partition, row.offset, f"differs from {rec.topic} {rec.partition}@{rec.offset}: " + "; ".join(diffs))
    st, lateness = millis(row.fields.get("stream_time")), row.fields.get("lateness_ms")
    if st != stream_time or lateness != st - (we + rules.grace_ms):
        ctx.warn("lateness-disagrees", "late-events", row.partition, row.offset,
                 f"stream_time {st} lateness_ms {lateness}; the checker computes stream time {stream_time}, lateness {stream_time - (we + rules.grace_ms)}")


def _check_windows(ctx, output, topic, outputs, members, st_at_cut, inputs, state, accounts) -> WindowCheck:
    rules: Rules = ctx.rules
    wc = WindowCheck(output)
    data = outputs.get(output)
    emitted: dict[tuple, list[Record]] = defaultdict(list)
    for row in data.all() if data else []:
        if row.fields is None:
            ctx.problem("undecodable-output", output, row.partition, row.offset, f"output record does not decode: {row.error}")
            continue
        ws = millis(row.fields.get("window_start"))
        key = (row.fields.get("merchant_id"), row.fields.get("currency"), ws) if topic == "orders" else (row.fields.get("outcome"), ws)
        emitted[key].append(row)
    count_field, sum_field, amount_field = ("order_count", "revenue", "amount")
    if topic == "payments":
        count_field, sum_field = "payment_count", "amount_total"
    partitions = inputs[topic].partitions if topic in inputs else []
    closed_through = None
    if partitions and all(st_at_cut.get(p) is not None for p in partitions):
        closed_through = min(st_at_cut[p] for p in partitions)

    def mark(records: list[Record], attr: str | None, reason: str | None = None) -> None:
        for rec in records:
            if state.get(rec.coords) not in ("enriched", "accepted"):
                continue  # not processed yet (beyond the cut): judged in a later run
            pa = accounts[(rec.topic, rec.partition)]
            if attr:
                setattr(pa, attr, getattr(pa, attr) + 1)
            else:
                _unaccounted(ctx, pa, rec, reason)

    for key, rows in sorted(emitted.items(), key=lambda kv: (kv[0][-1], str(kv[0]))):
        wc.emitted += 1
        row = rows[0]
        wc.emitted_count_total += sum(int(r.fields.get(count_field) or 0) for r in rows)
        if len(rows) > 1:
            wc.emitted_twice += 1
            ctx.problem("window-emitted-twice", output, row.partition, row.offset, f"window {_key_text(key)} emitted {len(rows)} times (offsets {[(r.partition, r.offset) for r in rows]})")
        recs = members.get(key, [])
        wc.expected_count_total += len(recs)
        if not recs:
            wc.phantom += 1
            ctx.problem("window-without-records", output, row.partition, row.offset, f"window {_key_text(key)} has no accepted, on-time input record")
            continue
        expected_sum = sum((r.fields.get(amount_field) for r in recs), Decimal(0))
        expected_et = max(event_time_ms(r) for r in recs)
        diffs = []
        if int(row.fields.get(count_field) or 0) != len(recs):
            diffs.append(f"{count_field} {row.fields.get(count_field)} != {len(recs)} records")
        if not same(expected_sum, row.fields.get(sum_field)):
            diffs.append(f"{sum_field} {show(row.fields.get(sum_field))} != {expected_sum}")
        if millis(row.fields.get("window_end")) != key[-1] + rules.window_ms:
            diffs.append(f"window_end {millis(row.fields.get('window_end'))} != {key[-1] + rules.window_ms}")
        if millis(row.fields.get("event_time")) != expected_et:
            ctx.warn("window-event-time", output, row.partition, row.offset, f"event_time {millis(row.fields.get('event_time'))}, latest event time of its records {expected_et}")
        if diffs:
            wc.mismatched += 1
            ctx.problem("window-mismatch", output, row.partition, row.offset,
                        f"window {_key_text(key)}: " + "; ".join(diffs) + f" (records: {_coords_text(recs)})")
            mark(recs, None, f"in window {_key_text(key)} of {output}, whose totals differ from its records")
        else:
            wc.matched += 1
            mark(recs, "windowed")
    for key, recs in members.items():
        if key in emitted:
            continue
        processed = [r for r in recs if state.get(r.coords) in ("enriched", "accepted")]
        if not processed:
            continue
        we = key[-1] + rules.window_ms
        if closed_through is not None and we + rules.grace_ms <= closed_through:
            wc.closed_not_emitted += 1
            mark(processed, None, f"window {_key_text(key)} of {output} closed on every partition (stream time {closed_through}) but was not emitted")
        else:
            wc.open += 1
            mark(processed, "open_window")
    return wc


def _key_text(key: tuple) -> str:
    from checker.values import iso_millis

    *names, ws = key
    return "/".join(str(n) for n in names) + f" @ {iso_millis(ws)}"


def _coords_text(recs: list[Record]) -> str:
    shown = ", ".join(f"{r.topic} {r.partition}@{r.offset}" for r in recs[:5])
    return shown + (f" and {len(recs) - 5} more" if len(recs) > 5 else "")


def _check_join(ctx, outputs, by_src, input_index, state, accepted, accounts, rules: Rules) -> None:
    """order-payments rows and UNKNOWN_ORDER dead letters against the records they name."""
    placed_by_event: dict[str, Record] = {}
    for rec in accepted.values():
        if rec.topic == "orders" and rec.fields.get("status") == PLACED:
            placed_by_event.setdefault(rec.fields.get("event_id"), rec)
    rows_per_order_event: dict[str, list[Record]] = defaultdict(list)
    paid_orders: dict[str, list[Record]] = defaultdict(list)
    data = outputs.get("order-payments")
    for row in data.all() if data else []:
        if row.fields is None:
            continue  # reported with the lineage index
        f = row.fields
        src = _lineage(row)
        source = input_index.get(src) if src else None
        where = f"order-payments {row.partition}@{row.offset}"
        if source is None:
            ctx.problem("row-without-input", "order-payments", row.partition, row.offset, f"names input {src}, which is not a committed record")
            continue
        if src not in accepted:
            ctx.problem("row-for-refused-input", "order-payments", row.partition, row.offset, f"names {src[0]} {src[1]}@{src[2]}, which was not accepted ({state.get(src, 'not processed')})")
            continue
        order = placed_by_event.get(f.get("order_event_id"))
        status = f.get("status")
        diffs = []
        if order is None:
            ctx.problem("row-without-order", "order-payments", row.partition, row.offset, f"order_event_id {f.get('order_event_id')} is no accepted PLACED order")
            continue
        rows_per_order_event[f.get("order_event_id")].append(row)
        diffs += _differences(row, order, _ORDER_COPIES)
        if status == "PAID":
            if source.topic != "payments" or source.fields.get("outcome") != SUCCEEDED:
                ctx.problem("row-for-wrong-input", "order-payments", row.partition, row.offset, f"PAID row whose lineage {src} is not a SUCCEEDED payment")
                continue
            diffs += _differences(row, source, _PAID_PAYMENT_COPIES)
            ot, pt = event_time_ms(order), event_time_ms(source)
            if not (ot <= pt <= ot + rules.join_window_ms):
                diffs.append(f"payment time {pt} outside [order time {ot}, + join window]")
            if millis(f.get("event_time")) != pt:
                diffs.append(f"event_time {millis(f.get('event_time'))} != payment time {pt}")
            paid_orders[f.get("order_id")].append(row)
        elif status == "UNPAID":
            if source.coords != order.coords:
                diffs.append(f"UNPAID row's lineage {src} is not its order {order.coords}")
            for name in ("payment_id", "payment_amount", "payment_outcome", "payment_time"):
                if f.get(name) is not None:
                    diffs.append(f"{name} set on an UNPAID row")
            if millis(f.get("event_time")) != event_time_ms(order) + rules.join_window_ms:
                diffs.append(f"event_time {millis(f.get('event_time'))} != order time + join window")
        else:
            diffs.append(f"status {status!r} is neither PAID nor UNPAID")
        if diffs:
            ctx.problem("lineage-mismatch", "order-payments", row.partition, row.offset, f"{where}: " + "; ".join(diffs))
    for event_id, rows in rows_per_order_event.items():
        if len(rows) > 1:
            order = placed_by_event[event_id]
            pa = accounts.get((order.topic, order.partition))
            detail = f"order event {event_id} has {len(rows)} order-payments rows ({[(r.fields.get('status'), r.partition, r.offset) for r in rows]})"
            if pa is not None and state.get(order.coords) == ENRICHED:
                _double(ctx, pa, order, detail)
            else:
                ctx.problem("accounted-twice", "orders", order.partition, order.offset, detail)
    # join outcome of each processed SUCCEEDED payment and PLACED order
    for k, rec in accepted.items():
        if state.get(k) not in (ENRICHED, ACCEPTED):
            continue
        pa = accounts[(rec.topic, rec.partition)]
        if rec.topic == "payments" and rec.fields.get("outcome") == SUCCEEDED:
            paid = [r for r in by_src["order-payments"].get(k, []) if r.fields.get("status") == "PAID"]
            unknown = [d for d in by_src["dead-letters"].get(k, []) if d.fields.get("error_class") == UNKNOWN_ORDER]
            if paid and unknown:
                _double(ctx, pa, rec, "both PAID in order-payments and dead-lettered as UNKNOWN_ORDER")
            if len(unknown) > 1:
                _double(ctx, pa, rec, f"dead-lettered as UNKNOWN_ORDER {len(unknown)} times")
            if paid:
                pa.join["paid"] += 1
            elif unknown:
                pa.join["unknown_order"] += 1
            elif paid_orders.get(rec.fields.get("order_id")):
                pa.join["extra_successful"] += 1
            else:
                pa.join["awaiting_order"] += 1
        elif rec.topic == "orders" and rec.fields.get("status") == PLACED:
            rows = rows_per_order_event.get(rec.fields.get("event_id"), [])
            statuses = {r.fields.get("status") for r in rows}
            pa.join["paid" if "PAID" in statuses else "unpaid" if "UNPAID" in statuses else "awaiting_payment"] += 1
    for k, dls in by_src["dead-letters"].items():
        for d in dls:
            if d.fields.get("error_class") != UNKNOWN_ORDER:
                continue
            source = input_index.get(k)
            if source is None or k not in accepted or source.topic != "payments" or source.fields.get("outcome") != SUCCEEDED:
                ctx.problem("row-for-wrong-input", "dead-letters", d.partition, d.offset, f"UNKNOWN_ORDER dead letter names {k}, which is no accepted SUCCEEDED payment ({state.get(k, 'not read')})")


def _check_dead_letters(ctx, outputs, input_index) -> None:
    data = outputs.get("dead-letters")
    for d in data.all() if data else []:
        if d.fields is None:
            continue
        f = d.fields
        src = _lineage(d)
        source = input_index.get(src)
        if source is None:
            if src[0] in ("orders", "payments", "customers", "merchants"):
                ctx.problem("row-without-input", "dead-letters", d.partition, d.offset, f"names {src[0]} {src[1]}@{src[2]}, which is not a committed record")
            else:
                ctx.warn("dead-letter-other-topic", "dead-letters", d.partition, d.offset, f"names topic {src[0]}, which the checker does not read")
            continue
        diffs = []
        if f.get("record_key") != source.key_text() and not (source.key is not None and source.key_text() is None):
            diffs.append(f"record_key {f.get('record_key')!r} != {source.key_text()!r}")
        value = f.get("record_value")
        if value is not None and bytes(value) != source.value:
            diffs.append("record_value differs from the input's bytes")
        if value is None and f.get("error_class") != UNKNOWN_ORDER and source.value is not None:
            diffs.append("record_value is null, the input has a value")
        et = f.get("event_time")
        if et is not None and source.fields is not None and millis(et) != event_time_ms(source):
            diffs.append(f"event_time {millis(et)} != the input's {event_time_ms(source)}")
        if diffs:
            ctx.problem("lineage-mismatch", "dead-letters", d.partition, d.offset, f"differs from {src[0]} {src[1]}@{src[2]}: " + "; ".join(diffs))
        headers = {"__streams.errors.topic": src[0], "__streams.errors.partition": str(src[1]), "__streams.errors.offset": str(src[2])}
        for name, expected in headers.items():
            got = d.headers.get(name)
            if got is not None and got.decode("utf-8", "replace") != expected:
                ctx.warn("dead-letter-header", "dead-letters", d.partition, d.offset, f"header {name}={got!r}, the row says {expected}")


def _check_reference(ctx, inputs, by_src, rules, cuts) -> list[PartitionAccount]:
    """Light check of customers and merchants: dead letters name invalid records, once."""
    out = []
    for topic in ("customers", "merchants"):
        data = inputs.get(topic)
        if data is None:
            continue
        for p in data.partitions:
            pa = PartitionAccount(topic, p)
            cut = data.end.get(p, 0) if cuts is None else cuts.get(topic, {}).get(p, 0)
            for rec in data.records.get(p, []):
                pa.records += 1
                if rec.offset >= cut:
                    pa.not_processed += 1
                    continue
                pa.in_scope += 1
                dls = by_src["dead-letters"].get(rec.coords, [])
                broken = violations(rec, rules, None)
                if len(dls) > 1:
                    pa.double.append(rec.offset)
                    ctx.problem("accounted-twice", topic, p, rec.offset, f"dead-lettered {len(dls)} times")
                if dls:
                    cls = dls[0].fields.get("error_class")
                    pa.dead_lettered[cls] += 1
                    if cls not in broken and not _future(rec, dls[0], rules, cls):
                        ctx.warn("validation-disagrees", topic, p, rec.offset, f"dead-lettered as {cls}, the checker's rules say: {', '.join(sorted(broken)) or 'valid'}")
                else:
                    pa.accepted += 1
                    if broken:
                        ctx.warn("validation-disagrees", topic, p, rec.offset, f"not dead-lettered, but breaks {', '.join(sorted(broken))} by the documented rules")
            # reference records are not judged as unaccounted: the pipeline reads them into global stores
            out.append(pa)
    return out
