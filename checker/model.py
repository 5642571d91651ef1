"""The records and rows the checks work on, independent of how they were read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

INPUT_TOPICS = ("orders", "payments")
REFERENCE_TOPICS = ("customers", "merchants")
OUTPUT_TOPICS = (
    "orders-enriched",
    "revenue-by-merchant-1m",
    "payments-by-outcome-1m",
    "late-events",
    "order-payments",
    "dead-letters",
    "customers-versions",
    "merchants-versions",
)

META_TOPIC = "_kafka_metadata_topic"
META_PARTITION = "_kafka_metadata_partition"
META_OFFSET = "_kafka_metadata_offset"
META_TIMESTAMP = "_kafka_metadata_timestamp"
META_COLUMNS = (META_TOPIC, META_PARTITION, META_OFFSET, META_TIMESTAMP)


# what names a row of each output to a reader of its table (the report's "key"): the event, the window, the
# order's outcome, the refused input record
ROW_KEYS = {
    "orders-enriched": ("event_id", "order_id"),
    "revenue-by-merchant-1m": ("merchant_id", "currency", "window_start"),
    "payments-by-outcome-1m": ("outcome", "window_start"),
    "late-events": ("event_type", "event_id", "window_start"),
    "order-payments": ("order_id", "status", "order_event_id"),
    "dead-letters": ("source_topic", "source_partition", "source_offset", "error_class"),
}


def table_of(topic: str) -> str:
    return topic.replace("-", "_")


def row_key(topic: str, fields: dict[str, Any] | None) -> str | None:
    """The row's key as ``name=value`` pairs (instants in ISO-8601 UTC), or None when it has no fields."""
    if fields is None:
        return None
    from checker.values import plain

    return ", ".join(f"{name}={plain(fields.get(name))}" for name in ROW_KEYS.get(topic, ()) if name in fields)


@dataclass(slots=True)  # a million of them per topic in a soak: no per-instance dict
class Record:
    """One committed Kafka record, with its value decoded (``fields``) or the reason it does not decode."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    timestamp_ms: int | None = None
    headers: dict[str, bytes] = field(default_factory=dict)
    schema_id: int | None = None
    fields: dict[str, Any] | None = None
    error_class: str | None = None
    error: str | None = None

    @property
    def coords(self) -> tuple[str, int, int]:
        return (self.topic, self.partition, self.offset)

    def key_text(self) -> str | None:
        if self.key is None:
            return None
        try:
            return self.key.decode("utf-8")
        except UnicodeDecodeError:
            return None


@dataclass
class TopicData:
    """Every committed record of a topic below ``end`` (per partition), in offset order."""

    topic: str
    partitions: list[int]
    records: dict[int, list[Record]]
    end: dict[int, int]
    start: dict[int, int] = field(default_factory=dict)

    def all(self) -> list[Record]:
        return [r for p in self.partitions for r in self.records.get(p, [])]


@dataclass
class TableData:
    """The rows of an Iceberg table (column -> value dicts) and its column names."""

    table: str
    columns: list[str]
    rows: list[dict[str, Any]]
    snapshot_id: int | None = None
    data_files: list[str] = field(default_factory=list)  # the live data files the scan read, a path twice if registered twice
