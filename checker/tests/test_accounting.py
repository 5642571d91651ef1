from checker.accounting import account
from checker.rules import Rules

from .builders import (
    T0, bad, dead_letter, enriched, late, order, outcome_window, paid, payment, revenue_window, topic, ts,
)

RULES = Rules()
OUTPUTS = ("orders-enriched", "revenue-by-merchant-1m", "payments-by-outcome-1m", "late-events", "order-payments", "dead-letters")


def run(orders=(), payments=(), outs=None, cuts=None, partitions=(0,)):
    outs = outs or {}
    inputs = {"orders": topic("orders", list(orders), partitions), "payments": topic("payments", list(payments), partitions)}
    outputs = {name: topic(name, list(outs.get(name, [])), partitions) for name in OUTPUTS}
    return account(inputs, outputs, RULES, cuts)


def kinds(result):
    return sorted({p.kind for p in result.problems})


def test_every_order_accounted_enriched_dead_lettered_or_dropped():
    o1 = order(0, 0, "e1", status="CANCELLED")
    o2 = bad("orders", 0, 1, "UNKNOWN_SCHEMA")
    o3 = order(0, 2, "e1", status="CANCELLED")  # a producer retry of o1
    o4 = order(0, 3, "e4", status="FULFILLED", amount="-5.00")
    result = run([o1, o2, o3, o4], outs={
        "orders-enriched": [enriched(0, 0, o1)],
        "dead-letters": [dead_letter(0, 0, o2, "UNKNOWN_SCHEMA"), dead_letter(0, 1, o4, "INVALID_AMOUNT")],
    })
    pa = result.partitions[0]
    assert (pa.records, pa.enriched, pa.duplicates, dict(pa.dead_lettered)) == (4, 1, 1, {"UNKNOWN_SCHEMA": 1, "INVALID_AMOUNT": 1})
    assert pa.unaccounted == [] and pa.double == []
    assert result.ok(), result.problems
    assert result.warnings == []


def test_unaccounted_input_record_is_named():
    o1 = order(0, 0, "e1", status="CANCELLED")
    o2 = order(0, 1, "e2", status="CANCELLED")
    result = run([o1, o2], outs={"orders-enriched": [enriched(0, 0, o1)]})
    assert result.partitions[0].unaccounted == [1]
    assert not result.ok()
    assert result.problems[0].kind == "unaccounted" and result.problems[0].offset == 1


def test_invalid_record_without_dead_letter_is_unaccounted():
    p1 = payment(0, 0, "p1", outcome="CHARGED_TWICE")
    result = run(payments=[p1])
    assert result.partitions[1].unaccounted == [0]
    assert "INVALID_VALUE" in result.problems[0].detail


def test_duplicate_input_event_is_dropped_once():
    p1 = payment(0, 0, "p1", et=T0 + 1000)
    p2 = payment(0, 1, "p1", et=T0 + 1000)  # same event id: a retry
    p3 = payment(0, 2, "p3", et=T0 + 2000)
    # window T0 holds p1 and p3; it is still open (nothing moved stream time past its end + grace)
    result = run(payments=[p1, p2, p3])
    pa = result.partitions[1]
    assert (pa.accepted, pa.duplicates, pa.open_window) == (2, 1, 2)
    assert result.ok(), result.problems


def test_duplicate_event_admitted_twice_within_the_dedup_window_is_accounted_twice():
    o1 = order(0, 0, "e1", status="CANCELLED")
    o2 = order(0, 1, "e1", status="CANCELLED")
    result = run([o1, o2], outs={"orders-enriched": [enriched(0, 0, o1), enriched(0, 1, o2)]})
    assert result.partitions[0].double == [1]
    assert not result.ok()


def test_enriched_and_dead_lettered_is_accounted_twice():
    o1 = order(0, 0, "e1", status="CANCELLED")
    result = run([o1], outs={"orders-enriched": [enriched(0, 0, o1)], "dead-letters": [dead_letter(0, 0, o1, "INVALID_VALUE")]})
    assert result.partitions[0].double == [0]
    assert "accounted-twice" in kinds(result)


def test_enriched_twice_is_accounted_twice():
    o1 = order(0, 0, "e1", status="CANCELLED")
    result = run([o1], outs={"orders-enriched": [enriched(0, 0, o1), enriched(0, 1, o1)]})
    assert result.partitions[0].double == [0]


def test_enriched_row_that_changed_a_value():
    o1 = order(0, 0, "e1", status="CANCELLED")
    from decimal import Decimal

    result = run([o1], outs={"orders-enriched": [enriched(0, 0, o1, amount=Decimal("99.00"))]})
    assert kinds(result) == ["lineage-mismatch"]
    assert "amount" in result.problems[0].detail


def _closing_payments():
    """Payments in window T0 and a later one that moves stream time past T0's end + grace."""
    p1 = payment(0, 0, "p1", outcome="DECLINED", amount="5.00", et=T0 + 1_000)
    p2 = payment(0, 1, "p2", outcome="DECLINED", amount="7.50", et=T0 + 30_000)
    p3 = payment(0, 2, "p3", outcome="FAILED", amount="1.00", et=T0 + 200_000)  # stream time T0 + 200 s >= T0 + 60 s + 120 s
    return p1, p2, p3


def test_payments_counted_in_their_closed_window():
    p1, p2, p3 = _closing_payments()
    result = run(payments=[p1, p2, p3], outs={"payments-by-outcome-1m": [outcome_window(0, 0, "DECLINED", T0, 2, "12.50", T0 + 30_000)]})
    pa = result.partitions[1]
    assert (pa.accepted, pa.windowed, pa.open_window, pa.late) == (3, 2, 1, 0)
    assert result.ok(), result.problems
    assert result.payments_equation["window_rows_payment_count"] == 2


def test_window_count_that_misses_a_payment_leaves_its_payments_unaccounted():
    p1, p2, p3 = _closing_payments()
    result = run(payments=[p1, p2, p3], outs={"payments-by-outcome-1m": [outcome_window(0, 0, "DECLINED", T0, 1, "5.00", T0 + 1_000)]})
    assert "window-mismatch" in kinds(result)
    assert result.partitions[1].unaccounted == [0, 1]


def test_closed_window_that_was_not_emitted():
    p1, p2, p3 = _closing_payments()
    result = run(payments=[p1, p2, p3])
    assert result.windows[1].closed_not_emitted == 1
    assert result.partitions[1].unaccounted == [0, 1]


def test_window_closes_only_when_every_partition_closed_it():
    p1, p2, p3 = _closing_payments()
    other = payment(1, 0, "q1", outcome="FAILED", et=T0 + 2_000)  # partition 1's stream time stays in window T0
    result = run(payments=[p1, p2, p3, other], partitions=(0, 1))
    assert result.windows[1].closed_not_emitted == 0
    assert result.ok(), result.problems


def test_late_payment_goes_to_late_events_not_the_window():
    p1, p2, p3 = _closing_payments()
    p4 = payment(0, 3, "p4", outcome="DECLINED", amount="2.00", et=T0 + 5_000)  # window T0 closed: late
    result = run(payments=[p1, p2, p3, p4], outs={
        "payments-by-outcome-1m": [outcome_window(0, 0, "DECLINED", T0, 2, "12.50", T0 + 30_000)],
        "late-events": [late(0, 0, p4, stream_time=T0 + 200_000)],
    })
    pa = result.partitions[1]
    assert (pa.windowed, pa.late, pa.open_window) == (2, 1, 1)
    assert result.ok(), result.problems
    assert result.warnings == []


def test_late_payment_without_late_row_is_reported():
    p1, p2, p3 = _closing_payments()
    p4 = payment(0, 3, "p4", outcome="DECLINED", amount="2.00", et=T0 + 5_000)
    result = run(payments=[p1, p2, p3, p4], outs={"payments-by-outcome-1m": [outcome_window(0, 0, "DECLINED", T0, 2, "12.50", T0 + 30_000)]})
    # p4 counted in window T0 by the checker (no late row), so the window's totals no longer match
    assert "window-mismatch" in kinds(result)
    assert any(w.kind == "lateness-disagrees" for w in result.warnings)


def test_revenue_windows_hold_placed_orders():
    o1 = order(0, 0, "e1", amount="3.00", et=T0 + 1_000)
    o2 = order(0, 1, "e2", amount="4.00", et=T0 + 2_000)
    o3 = order(0, 2, "e3", status="CANCELLED", et=T0 + 3_000)  # not PLACED: not in revenue
    o4 = order(0, 3, "e4", amount="1.00", et=T0 + 190_000)
    result = run([o1, o2, o3, o4], outs={
        "orders-enriched": [enriched(0, i, o) for i, o in enumerate([o1, o2, o3, o4])],
        "revenue-by-merchant-1m": [revenue_window(0, 0, "m1", "EUR", T0, 2, "7.00", T0 + 2_000)],
    })
    pa = result.partitions[0]
    assert (pa.enriched, pa.windowed, pa.open_window) == (4, 2, 1)
    assert result.ok(), result.problems
    assert pa.join["awaiting_payment"] == 3


def test_paid_and_unknown_order_for_one_payment_is_accounted_twice():
    o1 = order(0, 0, "e1", order_id="o-1", status="PLACED", et=T0)
    p1 = payment(0, 0, "p1", order_id="o-1", outcome="SUCCEEDED", et=T0 + 1_000)
    result = run([o1], [p1], outs={
        "orders-enriched": [enriched(0, 0, o1)],
        "order-payments": [paid(0, 0, o1, p1)],
        "dead-letters": [dead_letter(0, 0, p1, "UNKNOWN_ORDER")],
    })
    assert result.partitions[1].double == [0]
    assert result.partitions[0].join["paid"] == 1


def test_paid_order():
    o1 = order(0, 0, "e1", order_id="o-1", status="PLACED", et=T0)
    p1 = payment(0, 0, "p1", order_id="o-1", outcome="SUCCEEDED", et=T0 + 1_000)
    p2 = payment(0, 1, "p2", order_id="o-1", outcome="SUCCEEDED", et=T0 + 2_000)  # a second success: counted, no row
    result = run([o1], [p1, p2], outs={"orders-enriched": [enriched(0, 0, o1)], "order-payments": [paid(0, 0, o1, p1)]})
    assert result.ok(), result.problems
    assert dict(result.partitions[1].join) == {"paid": 1, "extra_successful": 1}


def test_row_naming_no_input_record():
    o1 = order(0, 0, "e1", order_id="o-1", status="PLACED", et=T0)
    p1 = payment(0, 5, "p1", order_id="o-1", outcome="SUCCEEDED", et=T0 + 1_000)  # not in the topic
    result = run([o1], [], outs={"orders-enriched": [enriched(0, 0, o1)], "order-payments": [paid(0, 0, o1, p1)]})
    assert "row-without-input" in kinds(result)


def test_records_beyond_the_apps_committed_offset_are_not_judged():
    o1 = order(0, 0, "e1", status="CANCELLED")
    o2 = order(0, 1, "e2", status="CANCELLED")  # not processed yet: no row
    result = run([o1, o2], outs={"orders-enriched": [enriched(0, 0, o1)]}, cuts={"orders": {0: 1}, "payments": {0: 0}})
    pa = result.partitions[0]
    assert (pa.in_scope, pa.not_processed, pa.unaccounted) == (1, 1, [])
    assert not result.ok()
    assert result.ok(allow_pending=True)


def test_dead_letter_must_carry_the_input_bytes():
    o2 = bad("orders", 0, 0, "DESERIALIZATION")
    dl = dead_letter(0, 0, o2)
    dl.fields["record_value"] = b"other"
    result = run([o2], outs={"dead-letters": [dl]})
    assert kinds(result) == ["lineage-mismatch"]


def test_dead_letter_class_the_rules_do_not_predict_is_a_warning():
    o1 = order(0, 0, "e1", status="CANCELLED")
    result = run([o1], outs={"dead-letters": [dead_letter(0, 0, o1, "INVALID_AMOUNT")]})
    assert result.ok()
    assert [w.kind for w in result.warnings] == ["validation-disagrees"]


def test_strict_counts_a_classification_warning_as_a_problem():
    o1 = order(0, 0, "e1", status="CANCELLED")
    result = run([o1], outs={"dead-letters": [dead_letter(0, 0, o1, "INVALID_AMOUNT")]})
    result.count_warnings_as_problems()
    assert not result.ok()
    assert kinds(result) == ["validation-disagrees"] and result.warnings == []


def test_strict_counts_an_event_readmitted_after_the_dedup_window_as_a_problem():
    o1 = order(0, 0, "e1", status="CANCELLED")
    o2 = order(0, 1, "e2", status="CANCELLED", et=T0 + RULES.dedup_ms + 60_000)
    o3 = order(0, 2, "e1", status="CANCELLED", et=T0 + RULES.dedup_ms + 60_000)  # a retry past the dedup window
    later = ts(T0 + RULES.dedup_ms + 61_000)  # the app's clock when it processed them
    result = run([o1, o2, o3], outs={"orders-enriched": [enriched(0, 0, o1), enriched(0, 1, o2, processing_time=later),
                                                         enriched(0, 2, o3, processing_time=later)]})
    assert result.ok(), result.problems
    assert [w.kind for w in result.warnings] == ["duplicate-readmitted"]
    result.count_warnings_as_problems()
    assert kinds(result) == ["duplicate-readmitted"] and not result.ok()
