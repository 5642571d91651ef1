"""Check 1: every table equals its topic row for row.

The table's rows carry the sink's Kafka metadata columns, so each row names the record it came from. For
every partition: the set of (partition, offset) of the rows must equal the set of the topic's committed
records, no (partition, offset) may appear twice, and every row's values must equal the record's fields.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable

from checker.model import META_COLUMNS, META_OFFSET, META_PARTITION, META_TIMESTAMP, META_TOPIC, Record, TableData, TopicData, row_key
from checker.values import micros, same, show

DETAIL_LIMIT = 20


@dataclass
class PartitionLanding:
    partition: int
    topic_records: int = 0
    table_rows: int = 0
    matched: int = 0
    lost: list[int] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    extra: list[int] = field(default_factory=list)
    duplicated: list[tuple[int, int]] = field(default_factory=list)
    mismatched: int = 0
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    before_retention: int = 0
    keys: dict[int, str] = field(default_factory=dict)  # offset -> the row's key, for the offsets the report names

    @property
    def ok(self) -> bool:
        return not (self.lost or self.extra or self.duplicated or self.mismatched)

    def duplicate_rows(self) -> int:
        return sum(n - 1 for _, n in self.duplicated)


@dataclass
class TableLanding:
    topic: str
    table: str
    partitions: list[PartitionLanding]
    wrong_topic_rows: int = 0
    missing_metadata_rows: int = 0
    columns_missing: list[str] = field(default_factory=list)
    in_sink_dlq: dict[int, list[int]] = field(default_factory=dict)
    duplicate_files: dict[str, int] = field(default_factory=dict)  # a live data file's path -> times registered (> 1)
    foreign_rows: list[str] = field(default_factory=list)  # the first rows of another topic or without metadata, named

    def total(self, attr: str) -> int:
        values = [getattr(p, attr) for p in self.partitions]
        return sum(len(v) if isinstance(v, list) else v for v in values)

    @property
    def lost(self) -> int:
        return self.total("lost")

    @property
    def pending(self) -> int:
        return self.total("pending")

    @property
    def extra(self) -> int:
        return self.total("extra")

    @property
    def duplicated(self) -> int:
        return sum(p.duplicate_rows() for p in self.partitions)

    @property
    def mismatched(self) -> int:
        return self.total("mismatched")

    def ok(self, allow_pending: bool = False) -> bool:
        return (
            self.lost == 0
            and self.extra == 0
            and self.duplicated == 0
            and self.mismatched == 0
            and self.wrong_topic_rows == 0
            and self.missing_metadata_rows == 0
            and not self.duplicate_files
            and (allow_pending or self.pending == 0)
        )


def compare_row(record: Record, row: dict[str, Any], columns: Iterable[str]) -> list[dict[str, Any]]:
    """The columns where ``row`` differs from ``record`` (empty when they are equal field by field)."""
    diffs: list[dict[str, Any]] = []
    if record.fields is None:
        return [{"column": "(value)", "expected": f"a decodable record ({record.error})", "actual": "a row"}]
    data_columns = [c for c in columns if c not in META_COLUMNS]
    for column in data_columns:
        expected = record.fields.get(column)
        actual = row.get(column)
        if not same(expected, actual):
            diffs.append({"column": column, "expected": show(expected), "actual": show(actual)})
    known = set(data_columns)
    for name, value in record.fields.items():
        if name not in known:
            diffs.append({"column": name, "expected": show(value), "actual": "(no such column in the table)"})
    if META_TIMESTAMP in row and record.timestamp_ms is not None and row[META_TIMESTAMP] is not None:
        if micros_of(row[META_TIMESTAMP]) != record.timestamp_ms * 1000:
            diffs.append({"column": META_TIMESTAMP, "expected": record.timestamp_ms * 1000, "actual": show(row[META_TIMESTAMP])})
    return diffs


def micros_of(value: Any) -> int:
    return value if isinstance(value, int) else micros(value)


def compare_table(topic: TopicData, table: TableData, sink_dlq: dict[tuple[str, int], set[int]] | None = None) -> TableLanding:
    """Compares a table's rows with its topic's committed records (read after the table, so every row's
    record is in ``topic`` unless it is not a committed record)."""
    result = TableLanding(topic=topic.topic, table=table.table, partitions=[])
    result.columns_missing = [c for c in (META_TOPIC, META_PARTITION, META_OFFSET) if c not in table.columns]
    result.duplicate_files = {path: n for path, n in Counter(table.data_files).items() if n > 1}
    rows_by_coords: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for row in table.rows:
        partition, offset = row.get(META_PARTITION), row.get(META_OFFSET)
        if partition is None or offset is None or row.get(META_TOPIC) != topic.topic:
            if partition is None or offset is None:
                result.missing_metadata_rows += 1
            else:
                result.wrong_topic_rows += 1
            if len(result.foreign_rows) < DETAIL_LIMIT:
                result.foreign_rows.append(f"{row.get(META_TOPIC)} {partition}@{offset} ({row_key(topic.topic, row)})")
            continue
        rows_by_coords[(int(partition), int(offset))].append(row)

    partitions = sorted(set(topic.partitions) | {p for p, _ in rows_by_coords})
    for p in partitions:
        pl = PartitionLanding(partition=p)
        records = {r.offset: r for r in topic.records.get(p, [])}
        start = topic.start.get(p, 0)
        pl.topic_records = len(records)
        landed = sorted(o for (q, o) in rows_by_coords if q == p)
        pl.table_rows = sum(len(rows_by_coords[(p, o)]) for o in landed)
        last_landed = landed[-1] if landed else -1
        for offset, record in records.items():
            rows = rows_by_coords.get((p, offset))
            if not rows:
                (pl.lost if offset < last_landed else pl.pending).append(offset)
                continue
            if len(rows) > 1:
                pl.duplicated.append((offset, len(rows)))
            diffs: list[dict[str, Any]] = []
            for row in rows:
                diffs = compare_row(record, row, table.columns)
                if diffs:
                    break
            if diffs:
                pl.mismatched += 1
                if len(pl.mismatches) < DETAIL_LIMIT:
                    pl.mismatches.append({"offset": offset, "differences": diffs})
            else:
                pl.matched += 1
        for offset in landed:
            if offset in records:
                continue
            if offset < start:
                pl.before_retention += 1
            else:
                pl.extra.append(offset)
                if len(rows_by_coords[(p, offset)]) > 1:
                    pl.duplicated.append((offset, len(rows_by_coords[(p, offset)])))
        pl.lost.sort()
        pl.pending.sort()
        pl.extra.sort()
        pl.duplicated.sort()
        named = pl.lost[:DETAIL_LIMIT] + pl.pending[:1] + [o for o, _ in pl.duplicated[:DETAIL_LIMIT]] + [m["offset"] for m in pl.mismatches]
        for offset in named:
            pl.keys[offset] = row_key(topic.topic, records[offset].fields) if offset in records else None
        for offset in pl.extra[:DETAIL_LIMIT]:
            pl.keys[offset] = row_key(topic.topic, rows_by_coords[(p, offset)][0])
        if sink_dlq:
            refused = sink_dlq.get((topic.topic, p), set())
            hits = sorted(o for o in pl.lost + pl.pending if o in refused)
            if hits:
                result.in_sink_dlq[p] = hits
        result.partitions.append(pl)
    return result
