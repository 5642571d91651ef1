"""Version 3 of the orders contract adds two optional fields, landed in orders_enriched as the columns
channel and discount_amount. The Iceberg sink adds them to a table that exists from before only when
the first row of the new contract lands (schema evolution), so the models must build on the table
without them, and go on building incrementally, without a --full-refresh, once they are there.

On tables of its own (a source schema seeded by seed.py, orders_enriched created without the two
columns, and a schema for the models): a build; then the columns added through Trino as the sink
adds them, new rows with values, and an incremental build. fct_orders is left between the builds
as the model before version 3 built it (without the columns), so the second build also shows the
mart gaining them (on_schema_change: append_new_columns)."""

import datetime as dt
import time
from decimal import Decimal

import pytest

import oracle
import seed
from conftest import dbt_build, drop_schema

V3_COLUMNS = ["channel", "discount_amount"]
# the models that read orders_enriched and those built on them, without the tests of other marts
# that refer to fct_orders (those marts are not built here)
SELECTION = ("--select", "stg_orders_enriched+", "--exclude", "agg_revenue_hourly", "fct_payment_conversion")

# it seeds tables of its own, not pipeline data: deselected on landed data (conftest.py)
pytestmark = pytest.mark.seeded_only


def insert_event(db, source, event_id, order_id, status, event_time, processed, channel, discount):
    """One order event as a producer of the version-3 contract sends it (channel, discount_amount set)."""
    db.rows(f"""
        insert into iceberg.{source}.orders_enriched (
            event_id, order_id, customer_id, merchant_id, status, amount, currency, event_time,
            source_topic, source_partition, source_offset, processing_time, channel, discount_amount)
        values ('{event_id}', '{order_id}', 'c-v3', 'm-01', '{status}', decimal '20.00', 'EUR', {seed.ts(event_time)},
            'orders', 0, 0, {seed.ts(processed)}, '{channel}', decimal '{discount}')""")


def mart(db, models):
    return {r["order_id"]: r for r in db.rows(f"select * from iceberg.{models}.fct_orders")}


def columns(db, schema, table):
    return seed.columns_of(db.conn, schema, table)


@pytest.fixture(scope="module")
def evolution(trino_db):
    stamp = int(time.time())
    source, models = f"lakehouse_v2_{stamp}", f"dbt_test_v3_{stamp}"
    now = dt.datetime.now(dt.timezone.utc).replace(second=0, microsecond=0)
    build = lambda *args: dbt_build(models, *SELECTION, "--vars", f"{{source_schema: {source}}}", *args)
    try:
        # before: orders_enriched as created before version 3 of the contract, rows of old producers
        seed.create_tables(trino_db.conn, schema=source, orders_v3_columns=False)
        seed.seed_batch(trino_db.conn, batch=1, orders=300, end=now - dt.timedelta(hours=1),
                        processed=dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=10), schema=source)
        source_columns_before = columns(trino_db, source, "orders_enriched")
        first_exit, first_results = build()
        first = mart(trino_db, models)
        mart_columns_first = columns(trino_db, models, "fct_orders")

        # fct_orders as the model before version 3 left it
        for column in V3_COLUMNS:
            trino_db.rows(f"alter table iceberg.{models}.fct_orders drop column {column}")

        # the first rows of version 3 land: the sink adds the columns, then writes them
        seed.add_orders_v3_columns(trino_db.conn, schema=source)
        processed = dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=2)
        seed.seed_batch(trino_db.conn, batch=2, orders=200, end=now, processed=processed, schema=source)
        # a new producer's status event for an order an old producer placed (order 1 of batch 1: PLACED only),
        # and one for an order whose PLACED event has not arrived
        placed_at = trino_db.rows(f"select event_time from iceberg.{source}.orders_enriched "
                                  "where event_id = 'e-1-1-p'")[0]["event_time"]
        insert_event(trino_db, source, "e-1-1-v3", seed.order_id(1, 1), "FULFILLED", placed_at + dt.timedelta(minutes=5),
                     processed, "web", "1.00")
        insert_event(trino_db, source, "e-v3-only", "o-v3-only", "FULFILLED", now - dt.timedelta(minutes=3),
                     processed, "app", "0.00")
        second_exit, second_results = build("--exclude", "test_type:unit")
        yield dict(
            source=source, models=models,
            source_columns_before=source_columns_before, mart_columns_first=mart_columns_first,
            first_exit=first_exit, first_results=first_results, first=first,
            second_exit=second_exit, second_results=second_results, second=mart(trino_db, models),
            mart_columns_second=columns(trino_db, models, "fct_orders"),
            expected=oracle.order_v3_fields(trino_db, source=f"iceberg.{source}"),
        )
    finally:
        drop_schema(trino_db, models)
        drop_schema(trino_db, source)


def test_build_passes_on_orders_enriched_without_the_v3_columns(evolution):
    assert not set(V3_COLUMNS) & set(evolution["source_columns_before"])
    assert evolution["first_exit"] == 0
    results = evolution["first_results"]
    for model in ("stg_orders_enriched", "fct_orders", "ops_current_hour", "ops_orders_per_minute"):
        assert results[model]["status"] == "success", model
    unit_tests = [r["status"] for r in results.values() if r["unique_id"].startswith("unit_test.lakehouse.fct_orders.")]
    assert unit_tests and set(unit_tests) == {"pass"}
    first = evolution["first"]
    assert len(first) == 300
    assert set(V3_COLUMNS) <= set(evolution["mart_columns_first"])
    assert all(row[c] is None for row in first.values() for c in V3_COLUMNS)


def test_incremental_build_after_the_sink_added_the_columns_passes_without_a_full_refresh(evolution):
    assert evolution["second_exit"] == 0
    results = evolution["second_results"]
    for model in ("stg_orders_enriched", "fct_orders"):
        assert results[model]["status"] == "success", model
    # the data tests ran on rows with the columns, discount_amount between 0 and amount among them
    discount_tests = [r["status"] for r in results.values()
                      if r["unique_id"].startswith("test.lakehouse.expression_is_true_stg_orders_enriched_")]
    assert discount_tests == ["pass"]
    # incremental: an order no new event touched keeps its row, updated_at included
    first, second = evolution["first"], evolution["second"]
    untouched = [o for o in first if o.startswith("o-1-") and o != seed.order_id(1, 1)]
    assert untouched and all(second[o]["updated_at"] == first[o]["updated_at"] for o in untouched)
    assert second[seed.order_id(1, 1)]["updated_at"] != first[seed.order_id(1, 1)]["updated_at"]


def test_fct_orders_built_before_the_columns_existed_gains_them(evolution):
    assert evolution["mart_columns_second"][-2:] == V3_COLUMNS


def test_fct_orders_carries_the_values_of_new_orders_and_null_for_old_ones(evolution):
    second = evolution["second"]
    actual = {o: (r["channel"], r["discount_amount"]) for o, r in second.items()}
    assert actual == evolution["expected"]
    old = {o: v for o, v in actual.items() if o.startswith("o-1-")}
    new = {o: v for o, v in actual.items() if o.startswith("o-2-")}
    assert len(old) == 300 and set(old.values()) == {(None, None)}
    # the old order's status event of version 3 does not change what its PLACED event said
    assert second[seed.order_id(1, 1)]["order_status"] == "FULFILLED"
    assert len(new) == 200 and {channel for channel, _ in new.values()} == {"web", "app", "store", None}
    assert all(discount >= 0 for _, discount in new.values() if discount is not None)
    assert any(discount > 0 for _, discount in new.values() if discount is not None)
    # an order without its PLACED event has its latest event's
    assert actual["o-v3-only"] == ("app", Decimal("0.00"))
