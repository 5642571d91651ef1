"""dbt build --target local against landed tables: a full build, then an incremental build after
more events (some late, for hours already built), checked against oracle.py."""

import datetime as dt
import os
import time

import pytest

import oracle
from conftest import SEED_CLOCK

SEEDED = os.environ.get("DBT_TEST_SEED") == "1"
# checks that run in one of the two modes only are deselected in the other (conftest.py)
from_generator = pytest.mark.landed_only
seeded_only = pytest.mark.seeded_only
# freshness thresholds declared in models/staging/__sources.yml: (warn_after, error_after) seconds
SLO_SECONDS = {
    "orders_enriched": (180, 600),
    "revenue_by_merchant_1m": (300, 900),
    "payments_by_outcome_1m": (300, 900),
    "order_payments": (300, 900),
    "late_events": None,
    "dead_letters": None,
}


def test_first_build_passes_including_the_reconciliation(builds):
    assert builds["first_exit"] == 0
    assert builds["first_results"]["assert_hourly_revenue_reconciles"]["status"] == "pass"


def test_incremental_build_after_late_events_passes_including_the_reconciliation(builds):
    assert builds["second_exit"] == 0
    assert builds["second_results"]["assert_hourly_revenue_reconciles"]["status"] == "pass"
    for model in ("fct_orders", "agg_revenue_hourly", "fct_payment_conversion"):
        assert builds["second_results"][model]["status"] == "success"


def test_incremental_build_touches_only_the_hours_whose_figures_changed(builds):
    before, after = builds["hourly_before"], builds["hourly_after"]
    expected = {k for k, v in builds["oracle_after"].items() if builds["oracle_before"].get(k) != v}
    touched = {k for k, row in after.items() if k not in before or row["updated_at"] != before[k]["updated_at"]}
    assert touched == expected
    restated_built_hours = {k for k in expected if k in before}
    if SEEDED or os.environ.get("DBT_TEST_ORACLE"):
        assert restated_built_hours, "the second batch has late events for hours the first build made"
    for key in set(before) - touched:
        assert after[key] == before[key]  # every column, updated_at included


@seeded_only
def test_late_events_for_an_hour_older_than_every_window_restate_it_and_update_its_orders(builds, trino_db, schema):
    """Batch 0 lies SeedClock.OLD_DAYS back, before every window the models bound their reads by;
    the second batch brings late events for its hour: 40 new orders and cancellations of orders it
    fulfilled. The bounds follow what changed, so the hour is restated and the orders are updated
    in place (merged, not added again)."""
    old_hour = SEED_CLOCK.old_hour.replace(tzinfo=None)
    before, after = builds["hourly_before"], builds["hourly_after"]
    added = sum(row["late_order_count"] for key, row in after.items() if key[2] == old_hour) - sum(
        row["late_order_count"] for key, row in before.items() if key[2] == old_hour)
    assert added == 40
    orders = trino_db.rows(f"select order_id, order_status, placed_at from iceberg.{schema}.fct_orders "
                           "where order_id like 'o-0-%' or order_id like 'o-3-%'")
    assert len(orders) == len({o["order_id"] for o in orders}), "an order merged twice"
    in_old_hour = [o for o in orders if old_hour <= o["placed_at"] < old_hour + dt.timedelta(hours=1)]
    fulfilled = [o for o in in_old_hour if o["order_id"].startswith("o-0-") and int(o["order_id"][4:]) % 10 == 5]
    assert fulfilled and all(o["order_status"] == "CANCELLED" for o in fulfilled)
    assert sum(o["order_id"].startswith("o-3-") for o in in_old_hour) == 40


def test_hourly_revenue_is_window_results_plus_late_events(builds):
    actual = {k: (r["order_count"], r["revenue"]) for k, r in builds["hourly_after"].items()}
    assert actual == builds["oracle_after"]


def test_hourly_revenue_equals_revenue_of_the_order_events(builds, trino_db):
    actual = {k: (r["order_count"], r["revenue"]) for k, r in builds["hourly_after"].items()}
    expected = oracle.hourly_from_order_events(trino_db)
    if not SEEDED:
        # the pipeline emits a window only once stream time passes its end + grace
        settled = max(k[2] for k in actual)
        actual = {k: v for k, v in actual.items() if k[2] < settled}
        expected = {k: v for k, v in expected.items() if k[2] < settled}
    assert actual == expected


def _hourly(rows, keep):
    return {k: (r["order_count"], r["revenue"]) for k, r in rows.items() if keep(k[2])}


def _differences(actual, expected):
    return {k: (actual.get(k), expected.get(k)) for k in set(actual) | set(expected) if actual.get(k) != expected.get(k)}


@from_generator
def test_hourly_revenue_matches_the_generator_oracle_after_each_build(builds):
    for build in ("before", "after"):
        expected, settled_before = builds[f"generator_{build}"]
        actual = _hourly(builds[f"hourly_{build}"], lambda hour: hour < settled_before)
        # (mart, oracle) per differing hour
        assert _differences(actual, expected) == {}, build


@from_generator
def test_finance_daily_revenue_matches_the_generator_oracle(builds, trino_db, schema):
    expected, settled_before = builds["generator_after"]
    # hours with windows still open (the tail's) may be in the mart already: the view sums them too
    unsettled = _hourly(builds["hourly_after"], lambda hour: hour >= settled_before)
    actual = {(r["merchant_id"], r["currency"], r["revenue_date"]): (r["order_count"], r["revenue"])
              for r in trino_db.rows(f"select * from iceberg.{schema}.finance_daily_revenue")}
    assert actual == oracle.daily({**expected, **unsettled})


def test_fct_orders_has_each_orders_placed_details_and_latest_status(builds, trino_db, schema):
    columns = ("placed_event_id", "last_event_id", "order_status", "amount", "placed_at")
    actual = {r["order_id"]: {c: r[c] for c in columns}
              for r in trino_db.rows(f"select * from iceberg.{schema}.fct_orders")}
    assert actual == oracle.orders(trino_db)


def test_payment_conversion_counts_each_order_once(builds, trino_db, schema):
    actual = {(r["merchant_id"], r["currency"], r["order_hour"]): (r["order_count"], r["paid_order_count"])
              for r in trino_db.rows(f"select * from iceberg.{schema}.fct_payment_conversion")}
    assert actual == oracle.payment_conversion(trino_db)


def test_finance_daily_revenue_sums_the_hours_of_each_day(builds, trino_db, schema):
    actual = {(r["merchant_id"], r["currency"], r["revenue_date"]): (r["order_count"], r["revenue"])
              for r in trino_db.rows(f"select * from iceberg.{schema}.finance_daily_revenue")}
    assert actual == oracle.daily(builds["oracle_after"])


WINDOW_GRACE_MINUTES = 2  # the Streams app's window.grace and the project's var window_grace_minutes


def watermarks(trino_db):
    return {table: oracle.sealed_through(trino_db, table, topic, WINDOW_GRACE_MINUTES)
            for table, topic in (("revenue_by_merchant_1m", "orders"), ("payments_by_outcome_1m", "payments"))}


def read_between_equal_watermarks(trino_db, query):
    """The rows of `query` and the oracle's watermarks, read while no ledger row or window landed
    (on pipeline data the sink may still be landing the last ledger rows); retried otherwise."""
    for _ in range(6):
        before = watermarks(trino_db)
        rows = trino_db.rows(query)
        if watermarks(trino_db) == before:
            return rows, before
        time.sleep(10)
    pytest.fail("Cannot read while the ledger stands still: its rows kept landing for a minute")


def test_table_watermarks_seal_each_window_table_through_its_slowest_partition(builds, trino_db, schema):
    rows, expected = read_between_equal_watermarks(trino_db, f"select * from iceberg.{schema}.table_watermarks")
    assert {r["table_name"]: r["sealed_through_at"] for r in rows} == expected


def test_an_hour_is_final_once_its_windows_closed_and_late_events_still_restate_it(builds, trino_db, schema):
    rows, expected = read_between_equal_watermarks(trino_db, f"select * from iceberg.{schema}.finance_hourly_revenue")
    sealed = expected["revenue_by_merchant_1m"]
    assert {(r["merchant_id"], r["currency"], r["revenue_hour"]): r["is_final"] for r in rows} == {
        (r["merchant_id"], r["currency"], r["revenue_hour"]): sealed is not None
        and r["revenue_hour"] + dt.timedelta(hours=1) <= sealed for r in rows}
    if os.environ.get("DBT_TEST_SEED") == "1":
        # the seeded batches span two hours: the first one closed, the second still open; the second
        # batch's late events restated hours that were final already
        assert {r["is_final"] for r in rows} == {True, False}
        assert any(r["is_final"] and r["is_restated"] for r in rows)
    daily = trino_db.rows(f"select * from iceberg.{schema}.finance_daily_revenue")
    assert all(r["is_final"] == (sealed is not None and dt.datetime.combine(r["revenue_date"], dt.time())
                                 + dt.timedelta(days=1) <= sealed) for r in daily)


def rows_within_one_clock_hour(trino_db, query):
    """The rows of `query` and the start of the hour it ran in; retried when the hour turns meanwhile."""
    for _ in range(3):
        before = trino_db.rows("select current_timestamp as now")[0]["now"]
        rows = trino_db.rows(query)
        after = trino_db.rows("select current_timestamp as now")[0]["now"]
        if before.hour == after.hour:
            break
    return rows, oracle._hour(after)


def test_ops_current_hour_shows_the_orders_placed_this_hour(builds, trino_db, schema):
    rows, hour_start = rows_within_one_clock_hour(trino_db, f"select * from iceberg.{schema}.ops_current_hour")
    actual = {(r["merchant_id"], r["currency"]): (r["placed_order_count"], r["cancelled_order_count"], r["placed_amount"])
              for r in rows}
    assert all(r["hour_started_at"] == hour_start for r in rows)
    assert actual == oracle.current_hour(oracle.orders(trino_db), oracle.order_merchants(trino_db), hour_start)


def test_ops_orders_per_minute_splits_the_current_hour_by_minute(builds, trino_db, schema):
    rows, hour_start = rows_within_one_clock_hour(trino_db, f"select * from iceberg.{schema}.ops_orders_per_minute")
    actual = {(oracle._utc(r["minute_started_at"]), r["currency"]): (r["placed_order_count"], r["placed_amount"])
              for r in rows}
    assert actual == oracle.orders_per_minute(oracle.orders(trino_db), oracle.order_merchants(trino_db), hour_start)


def test_pipeline_freshness_reports_each_table_against_its_slo(builds, trino_db, schema):
    rows = trino_db.rows(f"select f.*, current_timestamp as now from iceberg.{schema}.pipeline_freshness as f")
    assert sorted(r["table_name"] for r in rows) == sorted(SLO_SECONDS)
    for row in rows:
        table = row["table_name"]
        newest_event, newest_processed, last_commit = oracle.newest_per_table(trino_db, table)
        assert (row["newest_event_at"], row["newest_processed_at"], row["last_commit_at"]) == (
            newest_event, newest_processed, last_commit), table
        now = oracle._utc(row["now"])
        lag = int((now - newest_processed).total_seconds()) if newest_processed else None
        assert row["lag_seconds"] == lag, table
        slo = SLO_SECONDS[table]
        if slo is None:
            expected = "ok"
        elif lag is None or lag > slo[1]:
            expected = "breach"
        else:
            expected = "ok" if lag <= slo[0] else "warn"
        assert row["freshness_status"] == expected, table


def test_pipeline_freshness_history_appends_what_each_build_observed(builds, trino_db, schema):
    rows = trino_db.rows(f"select * from iceberg.{schema}.pipeline_freshness_history")
    observed = sorted({r["observed_at"] for r in rows})
    assert len(observed) == 2, "one observation per build, and there were two builds"
    for at in observed:
        assert sorted(r["table_name"] for r in rows if r["observed_at"] == at) == sorted(SLO_SECONDS)
    # nothing landed after the second build: its observation holds what the view shows now
    now = {r["table_name"]: (r["newest_event_at"], r["newest_processed_at"], r["last_commit_at"])
           for r in trino_db.rows(f"select * from iceberg.{schema}.pipeline_freshness")}
    latest = {r["table_name"]: (r["newest_event_at"], r["newest_processed_at"], r["last_commit_at"])
              for r in rows if r["observed_at"] == observed[-1]}
    assert latest == now


@seeded_only
def test_pipeline_freshness_reports_the_sinks_last_commit_not_a_later_compaction(builds, trino_db, schema, sink_commit):
    table = "orders_enriched"
    sink_committed_at = sink_commit(table)
    time.sleep(1.1)  # commit times have millisecond precision: the compaction lands strictly later
    trino_db.rows(f"alter table iceberg.lakehouse.{table} execute optimize")
    newest = trino_db.rows(f'select committed_at, operation from iceberg.lakehouse."{table}$snapshots" '
                           "order by committed_at desc limit 1")[0]
    assert newest["operation"] == "replace", "the compaction committed after the sink"
    assert oracle._utc(newest["committed_at"]) > sink_committed_at

    rows = trino_db.rows(f"select f.*, current_timestamp as now from iceberg.{schema}.pipeline_freshness as f "
                         f"where table_name = '{table}'")

    assert len(rows) == 1
    assert rows[0]["last_commit_at"] == sink_committed_at
    age = (oracle._utc(rows[0]["now"]) - sink_committed_at).total_seconds()
    assert abs(rows[0]["last_commit_age_seconds"] - age) <= 1


def test_maintain_models_compacts_the_marts_and_keeps_only_the_retained_snapshots(builds, trino_db, schema, run_dbt):
    marts = ("fct_orders", "agg_revenue_hourly", "fct_payment_conversion")
    rows_before = {m: sorted(map(repr, trino_db.rows(f"select * from iceberg.{schema}.{m}"))) for m in marts}
    assert any(len(trino_db.rows(f'select snapshot_id from iceberg.{schema}."{m}$snapshots"')) > 1 for m in marts)

    # retention 0 h: every snapshot but the current one goes, as it would after a day with the default
    proc = run_dbt("run-operation", "maintain_models", "--vars", "{analytics_snapshot_retention_hours: 0}")

    assert proc.returncode == 0, proc.stdout[-4000:]
    for mart in marts:
        snapshots = trino_db.rows(f'select snapshot_id from iceberg.{schema}."{mart}$snapshots"')
        files = trino_db.rows(f'select partition, content, count(*) as files from iceberg.{schema}."{mart}$files" '
                              "group by 1, 2")
        assert len(snapshots) == 1, mart
        assert all(f["content"] == 0 and f["files"] == 1 for f in files), (mart, files)  # no delete files left
        assert sorted(map(repr, trino_db.rows(f"select * from iceberg.{schema}.{mart}"))) == rows_before[mart], mart
