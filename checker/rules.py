"""The Streams app's documented rules (streams-app/TOPOLOGY.md, settings in streams-app/README.md), as the
checker needs them to predict an input record's fate on its own."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from checker.model import Record
from checker.values import millis

MISSING_KEY = "MISSING_KEY"
MISSING_FIELD = "MISSING_FIELD"
INVALID_AMOUNT = "INVALID_AMOUNT"
INVALID_VALUE = "INVALID_VALUE"
EVENT_TIME_OUT_OF_RANGE = "EVENT_TIME_OUT_OF_RANGE"
UNKNOWN_ORDER = "UNKNOWN_ORDER"

PLACED = "PLACED"
SUCCEEDED = "SUCCEEDED"

_DURATION = re.compile(r"^\s*(\d+)\s*(ms|s|m|h|d)\s*$", re.IGNORECASE)
_ISO = re.compile(r"^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$", re.IGNORECASE)
_UNIT_MS = {"ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000}


def parse_duration_ms(text: str) -> int:
    """The project's duration format (conventions/README.md): ``500ms``, ``90s``, ``2m``, ``1h``, ``7d`` or
    ISO-8601 (``PT2M``, ``P1D``); never negative."""
    if text.strip() == "0":
        return 0
    m = _DURATION.match(text)
    if m:
        return int(m.group(1)) * _UNIT_MS[m.group(2).lower()]
    m = _ISO.match(text.strip())
    if m and text.strip().upper() not in ("P", "PT"):
        days, hours, minutes, seconds = m.groups()
        total = Decimal(days or 0) * 86_400_000 + Decimal(hours or 0) * 3_600_000
        total += Decimal(minutes or 0) * 60_000 + Decimal(seconds or 0) * 1000
        return int(total)
    raise ValueError(f"expected a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M, got '{text}'")


@dataclass(frozen=True)
class Rules:
    """The topology settings (defaults = TopologySettings.defaults(), streams-app/README.md)."""

    window_ms: int = 60_000
    grace_ms: int = 120_000
    dedup_ms: int = 600_000
    join_window_ms: int = 1_800_000
    horizon_ms: int = 7 * 86_400_000
    max_future_skew_ms: int = 300_000
    currencies: frozenset[str] = field(default_factory=lambda: frozenset({"EUR", "GBP", "USD"}))
    order_statuses: frozenset[str] = field(default_factory=lambda: frozenset({"CANCELLED", "FULFILLED", "PLACED"}))
    payment_outcomes: frozenset[str] = field(default_factory=lambda: frozenset({"DECLINED", "FAILED", "SUCCEEDED"}))
    max_amount: Decimal = Decimal("1000000.00")

    # streams-app.properties keys (streams-app/README.md, "Settings") -> field
    PROPERTY_KEYS = {
        "window.grace": "grace_ms",
        "dedup.window": "dedup_ms",
        "payment-join.window": "join_window_ms",
        "event-time.horizon": "horizon_ms",
        "event-time.max-future-skew": "max_future_skew_ms",
        "validation.currencies": "currencies",
        "validation.order-statuses": "order_statuses",
        "validation.payment-outcomes": "payment_outcomes",
        "validation.max-amount": "max_amount",
    }

    @staticmethod
    def convert(name: str, raw: str) -> Any:
        if name.endswith("_ms"):
            return parse_duration_ms(raw)
        if name == "max_amount":
            return Decimal(raw.strip())
        return frozenset(x.strip() for x in raw.split(",") if x.strip())

    def window_start(self, event_time_ms: int) -> int:
        return event_time_ms - (event_time_ms % self.window_ms)


ID_FIELDS = {
    "orders": ("event_id", "order_id", "customer_id", "merchant_id"),
    "payments": ("event_id", "payment_id", "order_id"),
    "customers": ("customer_id",),
    "merchants": ("merchant_id",),
}
KEY_FIELD = {"orders": "order_id", "payments": "order_id", "customers": "customer_id", "merchants": "merchant_id"}
TIME_FIELD = {"orders": "event_time", "payments": "event_time", "customers": "updated_at", "merchants": "updated_at"}


def event_time_ms(record: Record) -> int | None:
    if record.fields is None:
        return None
    return millis(record.fields.get(TIME_FIELD.get(record.topic, "event_time")))


def violations(record: Record, rules: Rules, stream_time_ms: int | None) -> set[str]:
    """Every rule of the app's validation (TOPOLOGY.md, "Validation") that ``record`` breaks, as dead-letter
    error classes; empty = valid. ``stream_time_ms``: the highest event time accepted on its partition so
    far (the horizon rule; reference topics have none). The future-skew rule needs the app's wall clock and
    is checked by the caller."""
    topic = record.topic
    reference = topic in ("customers", "merchants")
    broken: set[str] = set()
    if record.value is None:
        # a tombstone: a deletion on the reference topics (no dead letter) when it has a key
        if not record.key:
            broken.add(MISSING_KEY)
        elif not reference:
            broken.add(INVALID_VALUE)
        return broken
    if not record.key:
        broken.add(MISSING_KEY)
    if record.fields is None:
        broken.add(record.error_class or "DESERIALIZATION")
        return broken
    f = record.fields
    for name in ID_FIELDS.get(topic, ()):
        if f.get(name) in (None, ""):
            broken.add(MISSING_FIELD)
    key_field = KEY_FIELD.get(topic)
    if record.key and key_field and record.key_text() != f.get(key_field):
        broken.add(INVALID_VALUE)
    if topic == "orders":
        if f.get("status") not in rules.order_statuses or f.get("currency") not in rules.currencies:
            broken.add(INVALID_VALUE)
    elif topic == "payments":
        if f.get("outcome") not in rules.payment_outcomes:
            broken.add(INVALID_VALUE)
    if topic in ("orders", "payments"):
        amount = f.get("amount")
        if amount is None or amount <= 0 or amount > rules.max_amount:
            broken.add(INVALID_AMOUNT)
        discount = f.get("discount_amount")
        if discount is not None and amount is not None and not (0 <= discount <= amount):
            broken.add(INVALID_AMOUNT)
    et = event_time_ms(record)
    if et is None or et < 0:
        broken.add(EVENT_TIME_OUT_OF_RANGE)
    elif not reference and stream_time_ms is not None and et < stream_time_ms - rules.horizon_ms:
        broken.add(EVENT_TIME_OUT_OF_RANGE)
    return broken
