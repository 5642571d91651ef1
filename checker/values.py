"""One representation for values read from Avro (fastavro) and from Iceberg (pyarrow), so that they compare
field by field: timestamps as UTC epoch microseconds, decimals as Decimal, bytes as bytes."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
_EPOCH_DATE = dt.date(1970, 1, 1)
_MICRO = dt.timedelta(microseconds=1)


def micros(value: dt.datetime) -> int:
    """An instant as UTC epoch microseconds; a naive datetime is taken as UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.timezone.utc)
    return (value - _EPOCH) // _MICRO


def millis(value: Any) -> int | None:
    """A timestamp (datetime or epoch millis) as UTC epoch milliseconds."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return micros(value) // 1000
    return int(value)


def norm(value: Any) -> Any:
    if value is None or isinstance(value, (bool, str, int, float, Decimal)):
        return value
    if isinstance(value, dt.datetime):
        return micros(value)
    if isinstance(value, dt.date):
        return (value - _EPOCH_DATE).days
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, dict):
        return {k: norm(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [norm(v) for v in value]
    return value


def same(expected: Any, actual: Any) -> bool:
    a, b = norm(expected), norm(actual)
    if isinstance(a, Decimal) or isinstance(b, Decimal):
        try:
            return a is not None and b is not None and Decimal(a) == Decimal(b)
        except (ArithmeticError, TypeError, ValueError):
            return False
    return a == b


def show(value: Any) -> Any:
    """A value for a report (JSON-safe, short)."""
    v = norm(value)
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, bytes):
        text = v[:24].hex()
        return f"0x{text}{'...' if len(v) > 24 else ''} ({len(v)} bytes)"
    if isinstance(v, str) and len(v) > 80:
        return v[:77] + "..."
    return v


def plain(value: Any) -> str:
    """A key's value as a reader of the table writes it: instants in ISO-8601 UTC, decimals as written."""
    if isinstance(value, dt.datetime):
        return (_EPOCH + dt.timedelta(microseconds=micros(value))).isoformat().replace("+00:00", "Z")
    return str(value)


def iso_millis(ms: int | None) -> str | None:
    if ms is None:
        return None
    return (_EPOCH + dt.timedelta(milliseconds=ms)).isoformat().replace("+00:00", "Z")
