"""The report: a readable table by default, JSON with --json."""

from __future__ import annotations

from collections import Counter
from typing import Any

from checker.accounting import Issue
from checker.landing import TableLanding

NOT_CHECKED = [
    "the customer and merchant fields of orders-enriched (which reference version an order got depends on processing order, TOPOLOGY.md)",
    "whether a SUCCEEDED payment still waiting for its order, or a PLACED order still waiting for its payment, is past its join deadline "
    "(the deadline depends on the task's stream time across orders and payments, which the outside cannot replay)",
    "processing_time columns (wall clock of the app) beyond being copied to the table",
    "rows removed from the tables on purpose (maintenance-job erase): such a table no longer equals its topic",
    "records removed from a topic by retention or compaction (reported as before_retention, not compared)",
]


def landing_issues(landings: list[TableLanding]) -> list[Issue]:
    out: list[Issue] = []
    for t in landings:
        for path, times in sorted(t.duplicate_files.items()):
            out.append(Issue("file-registered-twice", t.table, None, None,
                             f"data file {path} is registered {times} times in the current snapshot (every row in it counts {times} times)"))
        for p in t.partitions:
            if p.lost:
                out.append(Issue("lost", t.table, p.partition, p.lost[0], f"{len(p.lost)} records of topic {t.topic} missing from the table: offsets {_offsets(p.lost)}",
                                 p.keys.get(p.lost[0])))
            if p.duplicated:
                out.append(Issue("duplicated", t.table, p.partition, p.duplicated[0][0],
                                 f"{p.duplicate_rows()} extra rows: (offset, copies) {p.duplicated[:8]}", p.keys.get(p.duplicated[0][0])))
            if p.extra:
                out.append(Issue("extra", t.table, p.partition, p.extra[0], f"{len(p.extra)} rows whose record is not a committed record of {t.topic}: offsets {_offsets(p.extra)}",
                                 p.keys.get(p.extra[0])))
            for m in p.mismatches[:3]:
                diffs = "; ".join(f"{d['column']}: topic {d['expected']!r}, table {d['actual']!r}" for d in m["differences"][:4])
                out.append(Issue("changed", t.table, p.partition, m["offset"], diffs, p.keys.get(m["offset"])))
            if p.pending:
                out.append(Issue("not-landed", t.table, p.partition, p.pending[0],
                                 f"{len(p.pending)} records after the last landed row not in the table yet: offsets {_offsets(p.pending)}",
                                 p.keys.get(p.pending[0])))
        if t.wrong_topic_rows:
            out.append(Issue("extra", t.table, None, None, f"{t.wrong_topic_rows} rows of another topic: {', '.join(t.foreign_rows[:5])}"))
        if t.missing_metadata_rows:
            out.append(Issue("extra", t.table, None, None, f"{t.missing_metadata_rows} rows without the sink's Kafka metadata columns: {', '.join(t.foreign_rows[:5])}"))
        for p, offsets in t.in_sink_dlq.items():
            out.append(Issue("refused-by-sink", t.table, p, offsets[0], f"in the sink's dead letter queue: offsets {_offsets(offsets)}"))
    return out


def _offsets(offsets: list[int]) -> str:
    shown = ", ".join(str(o) for o in offsets[:8])
    return shown + (f" ... ({len(offsets)} in all)" if len(offsets) > 8 else "")


def render_json(result, settings) -> dict[str, Any]:
    acc = result.accounting
    return {
        "ok": result.ok,
        "live": result.live,
        "strict": settings.strict,
        "rounds": result.rounds,
        "seconds": result.seconds,
        "peak_memory_mb": result.peak_memory_mb,
        "settings": {
            "bootstrap_servers": settings.bootstrap_servers,
            "catalog_uri": settings.catalog_uri,
            "warehouse": settings.warehouse,
            "s3_endpoint": settings.s3_endpoint,
            "streams_application_id": settings.streams_application_id,
            "window_grace_ms": settings.rules.grace_ms,
            "dedup_window_ms": settings.rules.dedup_ms,
            "payment_join_window_ms": settings.rules.join_window_ms,
        },
        "totals": {
            "lost": sum(t.lost for t in result.landings),
            "duplicated": sum(t.duplicated for t in result.landings),
            "extra": sum(t.extra for t in result.landings),
            "changed": sum(t.mismatched for t in result.landings),
            "not_landed_yet": sum(t.pending for t in result.landings),
            "inputs_unaccounted": acc.unaccounted,
            "inputs_accounted_twice": acc.double,
            "inputs_not_processed_yet": acc.not_processed,
            "problems": len(acc.problems) + len(landing_issues(result.landings)),
            "warnings": len(acc.warnings),
            "sink_dlq_records": result.sink_dlq_records,
        },
        "tables": [
            {
                "table": t.table,
                "topic": t.topic,
                "ok": t.ok(result.live),
                "lost": t.lost,
                "duplicated": t.duplicated,
                "extra": t.extra,
                "changed": t.mismatched,
                "not_landed_yet": t.pending,
                "wrong_topic_rows": t.wrong_topic_rows,
                "duplicate_files": t.duplicate_files,
                "partitions": [
                    {
                        "partition": p.partition,
                        "topic_records": p.topic_records,
                        "table_rows": p.table_rows,
                        "matched": p.matched,
                        "lost": len(p.lost),
                        "lost_offsets": p.lost[:20],
                        "duplicated": p.duplicate_rows(),
                        "duplicated_offsets": [o for o, _ in p.duplicated[:20]],
                        "extra": len(p.extra),
                        "extra_offsets": p.extra[:20],
                        "changed": p.mismatched,
                        "changes": p.mismatches[:5],
                        "not_landed_yet": len(p.pending),
                        "not_landed_offsets": p.pending[:20],
                        "before_retention": p.before_retention,
                    }
                    for p in t.partitions
                ],
            }
            for t in result.landings
        ],
        "inputs": [p.as_dict() for p in acc.partitions],
        "reference_inputs": [p.as_dict() for p in acc.reference],
        "windows": [w.as_dict() for w in acc.windows],
        "payments_equation": acc.payments_equation,
        "streams_committed_offsets": result.cuts,
        "input_end_offsets": result.ends,
        "problems": [i.as_dict() for i in landing_issues(result.landings) + acc.problems
                     if i.kind != "not-landed" or not result.live],
        "warnings": [i.as_dict() for i in acc.warnings],
        "warnings_by_kind": dict(Counter(w.kind for w in acc.warnings)),
        "not_checked": NOT_CHECKED,
    }


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    cells = [[str(h) for h in headers]] + [[("" if c is None else str(c)) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for n, r in enumerate(cells):
        lines.append("  ".join(c.ljust(widths[i]) if i == 0 or not c.lstrip("-").isdigit() else c.rjust(widths[i]) for i, c in enumerate(r)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def render_text(result, settings) -> str:
    acc = result.accounting
    out: list[str] = []
    verdict = "PASS" if result.ok else "FAIL"
    mode = "".join(text for on, text in ((result.live, " (live: in-flight records allowed)"), (settings.strict, " (strict: warnings are problems)")) if on)
    out.append(f"lakehouse-check: {verdict}{mode} - Kafka {settings.bootstrap_servers}, catalog {settings.catalog_uri}, "
               f"{result.rounds} round(s), {result.seconds}s, peak memory {result.peak_memory_mb} MB")
    out.append("")
    out.append("1. Every table equals its topic (sink metadata columns: topic, partition, offset)")
    rows = []
    for t in result.landings:
        for p in t.partitions:
            rows.append([t.table, p.partition, p.topic_records, p.table_rows, p.matched, len(p.lost), p.duplicate_rows(), len(p.extra), p.mismatched, len(p.pending),
                         "ok" if p.ok and (result.live or not p.pending) else "FAIL"])
    out.append(_table(["table", "part", "topic", "rows", "matched", "lost", "duplicated", "extra", "changed", "not landed", ""], rows))
    out.append("")
    out.append("2. Every input record accounted for exactly once (records below the Streams app's committed offsets)")
    rows = []
    for p in acc.partitions + acc.reference:
        dl = ", ".join(f"{k} {v}" for k, v in sorted(p.dead_lettered.items())) or "-"
        kept = p.enriched if p.topic == "orders" else p.accepted
        kind = "enriched" if p.topic == "orders" else "accepted"
        rows.append([p.topic, p.partition, p.records, p.in_scope, f"{kind} {kept}", dl, p.duplicates, p.late, p.windowed, p.open_window,
                     len(p.unaccounted), len(p.double), p.not_processed])
    out.append(_table(["topic", "part", "records", "checked", "kept", "dead-lettered", "dup dropped", "late", "in windows", "open windows",
                       "unaccounted", "twice", "not processed"], rows))
    out.append("   (orders: 'late' / 'in windows' / 'open windows' count PLACED orders in revenue-by-merchant-1m; customers and merchants: light check)")
    out.append("")
    out.append("   windows     emitted  matched  mismatched  closed-not-emitted  open  without-records  emitted-twice")
    for w in acc.windows:
        out.append(f"   {w.output:<24} {w.emitted:>7}  {w.matched:>7}  {w.mismatched:>10}  {w.closed_not_emitted:>18}  {w.open:>4}  {w.phantom:>15}  {w.emitted_twice:>13}")
    eq = acc.payments_equation
    out.append(f"   payments: accepted {eq['accepted_payments']} = in closed windows {eq['in_closed_windows']} + late-events {eq['late_events']}"
               f" + in open windows {eq['in_open_windows']} (+ unaccounted {sum(len(p.unaccounted) for p in acc.partitions if p.topic == 'payments')});"
               f" payments-by-outcome-1m payment_count sums to {eq['window_rows_payment_count']}")
    join = Counter()
    for p in acc.partitions:
        for k, v in p.join.items():
            join[(p.topic, k)] += v
    if join:
        text = ", ".join(f"{k} {v}" for (t, k), v in sorted(join.items()) if t == "orders")
        text2 = ", ".join(f"{k} {v}" for (t, k), v in sorted(join.items()) if t == "payments")
        out.append(f"   join: PLACED orders: {text or '-'}; SUCCEEDED payments: {text2 or '-'}")
    if result.sink_dlq_records:
        out.append(f"   the sink's dead letter queue {settings.sink_dlq_topic} holds {result.sink_dlq_records} records")
    issues = landing_issues(result.landings)
    in_flight = [i for i in issues if i.kind == "not-landed"]
    problems = [i for i in issues if i.kind != "not-landed" or not result.live] + acc.problems
    if not result.live and acc.not_processed:
        problems.append(Issue("not-processed", "orders/payments", None, None,
                              f"{acc.not_processed} input records above the Streams app's committed offsets (not processed yet)"))
    out.append("")
    if result.live and (in_flight or acc.not_processed):
        out.append(f"In flight (allowed with --live): {sum(t.pending for t in result.landings)} output records not in their tables yet, "
                   f"{acc.not_processed} input records not processed by the Streams app yet")
    if problems:
        out.append(f"Problems ({len(problems)}; first {min(len(problems), settings.details)}):")
        for i in problems[: settings.details]:
            out.append(f"  - {i.text()}")
    else:
        out.append("Problems: none")
    if acc.warnings:
        kinds = ", ".join(f"{k} {v}" for k, v in Counter(w.kind for w in acc.warnings).most_common())
        out.append(f"Warnings ({len(acc.warnings)}: {kinds}; rules the checker could not confirm, not failures; first {min(len(acc.warnings), settings.details)}):")
        for i in acc.warnings[: settings.details]:
            out.append(f"  - {i.text()}")
    return "\n".join(out)
