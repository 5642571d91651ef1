import json

from checker import run as run_module
from checker.cli import Settings
from checker.model import OUTPUT_TOPICS, table_of
from checker.report import render_json, render_text
from checker.run import Snapshot, check, evaluate

from .builders import dead_letter, enriched, order, table_from, topic


def _snapshot(drop_row=None, unaccounted=False, land=True, refused_valid_order=False):
    o1 = order(0, 0, "e1", status="CANCELLED")
    o2 = order(0, 1, "e2", status="CANCELLED")
    o3 = order(0, 2, "e3", status="CANCELLED")
    rows = [enriched(0, 0, o1), enriched(0, 1, o3)] + ([] if unaccounted else [enriched(0, 2, o2)])
    outputs = {name: topic(name, rows if name == "orders-enriched" else []) for name in OUTPUT_TOPICS}
    tables = {}
    for name in OUTPUT_TOPICS:
        tables[table_of(name)] = table_from(rows, table_of(name))
        if name != "orders-enriched":
            tables[table_of(name)].rows = []
    keep = {r.offset for r in rows if r.offset != drop_row} if land else {rows[0].offset}
    oe = tables["orders_enriched"]
    oe.rows = [row for row in oe.rows if row["_kafka_metadata_offset"] in keep]
    orders = [o1, o2, o3]
    if refused_valid_order:  # a valid order dead-lettered: a warning (the rules do not confirm the class)
        orders.append(order(0, 3, "e4", status="CANCELLED"))
        dead = dead_letter(0, 0, orders[-1], "INVALID_AMOUNT")
        outputs["dead-letters"] = topic("dead-letters", [dead])
        tables["dead_letters"] = table_from([dead], "dead_letters")
    inputs = {"orders": topic("orders", orders), "payments": topic("payments", [])}
    return Snapshot(run_module.land(tables, outputs, None), outputs, inputs, {"orders": {0: len(orders)}, "payments": {0: 0}}, {}, None)


def _settings(**kw):
    s = Settings(bootstrap_servers="b:1", catalog_uri="c", s3_endpoint="e", settle_timeout_s=0)
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def test_clean_run_reports_pass():
    result = evaluate(_snapshot(), _settings().rules, live=False)
    assert result.ok
    text = render_text(result, _settings())
    assert "PASS" in text and "Problems: none" in text
    assert json.loads(json.dumps(render_json(result, _settings())))["ok"] is True


def test_lost_row_and_unaccounted_record_are_named():
    result = evaluate(_snapshot(drop_row=0, unaccounted=True), _settings().rules, live=False)
    assert not result.ok
    text = render_text(result, _settings())
    assert "FAIL" in text
    assert "lost: orders_enriched partition 0 offset 0" in text
    assert "unaccounted: orders partition 0 offset 1" in text
    data = render_json(result, _settings())
    assert data["totals"]["lost"] == 1 and data["totals"]["inputs_unaccounted"] == 1
    assert {(p["kind"], p["offset"]) for p in data["problems"]} == {("lost", 0), ("unaccounted", 1)}


def test_check_waits_for_the_tail_to_land(monkeypatch):
    snapshots = iter([_snapshot(land=False), _snapshot()])
    monkeypatch.setattr(run_module, "take_snapshot", lambda settings, catalog: next(snapshots))
    monkeypatch.setattr(run_module.time, "sleep", lambda s: None)
    result = check(_settings(settle_timeout_s=60))
    assert result.ok and result.rounds == 2


def test_check_stops_at_once_on_a_problem_that_cannot_heal(monkeypatch):
    calls = []
    monkeypatch.setattr(run_module, "take_snapshot", lambda settings, catalog: calls.append(1) or _snapshot(drop_row=0))
    result = check(_settings(settle_timeout_s=60))
    assert not result.ok and len(calls) == 1


def test_live_allows_records_in_flight():
    result = evaluate(_snapshot(land=False), _settings().rules, live=True)
    assert result.ok
    assert "In flight" in render_text(result, _settings(live=True))
    assert not evaluate(_snapshot(land=False), _settings().rules, live=False).ok


def test_problems_name_the_key_of_their_row():
    text = render_text(evaluate(_snapshot(drop_row=0), _settings().rules, live=False), _settings())
    assert "lost: orders_enriched partition 0 offset 0 (event_id=e1, order_id=o-e1): 1 records of topic orders-enriched" in text


def test_strict_turns_warnings_into_problems_and_says_so():
    snap = _snapshot(refused_valid_order=True)
    assert evaluate(snap, _settings().rules, live=False).ok
    result = evaluate(snap, _settings().rules, live=False, strict=True)
    assert not result.ok
    text = render_text(result, _settings(strict=True))
    assert "FAIL (strict: warnings are problems)" in text
    assert "validation-disagrees: orders partition 0 offset 3" in text
    assert render_json(result, _settings(strict=True))["strict"] is True
