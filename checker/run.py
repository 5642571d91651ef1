"""One check: read both sides in an order that makes every cut exact, compare, and repeat while records
are still in flight (until --settle-timeout)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from checker.accounting import Accounting, account
from checker.landing import TableLanding, compare_table
from checker.model import INPUT_TOPICS, OUTPUT_TOPICS, REFERENCE_TOPICS, TableData, TopicData, table_of
from checker.rules import Rules
from checker.sources import IcebergSource, KafkaSource, sink_dlq_index
from checker.wire import DEFAULT_CATALOG, SchemaCatalog


@dataclass
class Snapshot:
    landings: list[TableLanding]  # each table against its topic, compared as soon as both were read
    outputs: dict[str, TopicData]
    inputs: dict[str, TopicData]
    cuts: dict[str, dict[int, int]]
    reference_cuts: dict[str, dict[int, int]]
    sink_dlq: TopicData | None


@dataclass
class Result:
    landings: list[TableLanding]
    accounting: Accounting
    live: bool
    rounds: int = 1
    seconds: float = 0.0
    peak_memory_mb: int = 0  # the checker's own peak resident memory (it holds every record it reads)
    sink_dlq_records: int = 0
    cuts: dict[str, dict[int, int]] = field(default_factory=dict)
    ends: dict[str, dict[int, int]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(t.ok(self.live) for t in self.landings) and self.accounting.ok(self.live) and self.sink_dlq_records == 0


def land(tables: dict[str, TableData], outputs: dict[str, TopicData], sink_dlq: TopicData | None) -> list[TableLanding]:
    """Check 1: every table against its topic."""
    dlq = sink_dlq_index(sink_dlq)
    return [compare_table(outputs[topic], tables[table_of(topic)], dlq) for topic in OUTPUT_TOPICS]


def evaluate(snap: Snapshot, rules: Rules, live: bool, strict: bool = False) -> Result:
    accounting = account(snap.inputs, snap.outputs, rules, snap.cuts, snap.reference_cuts)
    if strict:
        accounting.count_warnings_as_problems()
    return Result(
        landings=snap.landings,
        accounting=accounting,
        live=live,
        sink_dlq_records=len(snap.sink_dlq.all()) if snap.sink_dlq else 0,
        cuts=snap.cuts,
        ends={t: dict(d.end) for t, d in snap.inputs.items()},
    )


def take_snapshot(settings, catalog: SchemaCatalog) -> Snapshot:
    """Order matters: tables first (so every row's record is in the topics read later), then the Streams
    app's committed input offsets (the cut: every input record below it was processed and its outputs
    committed in the same transaction), then the output topics, then the inputs (which so cover every
    record the outputs could name)."""
    iceberg = IcebergSource(settings.catalog_uri, settings.warehouse, settings.s3_endpoint, settings.s3_access_key,
                            settings.s3_secret_key, settings.s3_region, settings.catalog_name, settings.namespace)
    kafka = KafkaSource(settings.bootstrap_servers, settings.kafka_properties, settings.kafka_timeout_s)
    input_parts = kafka.partitions(INPUT_TOPICS + REFERENCE_TOPICS)
    output_parts = kafka.partitions(OUTPUT_TOPICS)
    dlq_parts = kafka.partitions([settings.sink_dlq_topic], required=False)
    tables = {table_of(t): iceberg.read(table_of(t)) for t in OUTPUT_TOPICS}
    app = settings.streams_application_id
    cuts = kafka.committed(app, {t: input_parts[t] for t in INPUT_TOPICS})
    reference_cuts = kafka.committed(f"{app}-reference-checks", {t: input_parts[t] for t in REFERENCE_TOPICS})
    # outputs are judged by their decoded fields: their raw bytes are not kept
    outputs = kafka.read(output_parts, catalog, keep_values=False)
    sink_dlq = kafka.read(dlq_parts, None, keep_values=False).get(settings.sink_dlq_topic) if dlq_parts else None
    # the tables' rows are the largest part of a snapshot (about 2 KB a row as Python objects): compare them
    # now and let them go before the inputs are read (a million of each took 6.5 GB and was OOM-killed)
    landings = land(tables, outputs, sink_dlq)
    del tables
    inputs = kafka.read(input_parts, catalog)
    return Snapshot(landings, outputs, inputs, cuts, reference_cuts, sink_dlq)


def _in_flight(result: Result) -> str:
    from checker.report import landing_issues

    parts = []
    pending = sum(t.pending for t in result.landings)
    if pending:
        parts.append(f"{pending} output records not in their tables yet")
    if result.accounting.not_processed:
        parts.append(f"{result.accounting.not_processed} input records not processed by the Streams app yet")
    unemitted = sum(w.closed_not_emitted for w in result.accounting.windows)
    if unemitted:
        parts.append(f"{unemitted} closed windows not emitted yet")
    problems = len([i for i in landing_issues(result.landings) if i.kind != "not-landed"]) + len(result.accounting.problems)
    if problems:
        parts.append(f"{problems} problems")
    return ", ".join(parts) or "nothing"


def _settling(result: Result) -> bool:
    """Whether waiting can still change the verdict: something is in flight (not landed, not processed, a
    closed window not emitted yet). Lost, extra, changed or duplicated rows do not heal."""
    if any(w.closed_not_emitted for w in result.accounting.windows):
        return True
    if result.live:
        return False
    return any(t.pending for t in result.landings) or result.accounting.not_processed > 0


def check(settings, progress: Callable[[str], None] = lambda m: None) -> Result:
    catalog = SchemaCatalog.load(settings.schema_catalog or DEFAULT_CATALOG)
    deadline = time.monotonic() + settings.settle_timeout_s
    rounds = 0
    while True:
        rounds += 1
        result = evaluate(take_snapshot(settings, catalog), settings.rules, settings.live, settings.strict)
        result.rounds = rounds
        if result.ok or not _settling(result) or time.monotonic() >= deadline:
            return result
        wait = min(5.0, max(0.0, deadline - time.monotonic()))
        progress(f"round {rounds}: {_in_flight(result)}; checking again in {wait:.0f}s (--settle-timeout {settings.settle_timeout_s:.0f}s)")
        time.sleep(wait)
