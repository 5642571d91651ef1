"""Switching the dbt sources to a replay's tables (docs/operations.md "Replaying history", step 8):
the replay processed its rows before the marts' last run, so their processing times lie below the
marts' high-water marks, and the replay's rows differ from live (as after a logic change). The first
run on the replay's tables must still read every one of them and merge it by the marts' keys.

On tables of its own: live and replay namespaces seeded with the same batch, the replay's processed
an hour earlier and with other amounts and customer names; a run on live (a full build), then one on the replay."""

import datetime as dt
import time

import pytest

import seed
from conftest import dbt, drop_schema

MODELS = ("fct_orders", "dim_customers")
SELECTION = ("--select", *(f"+{model}" for model in MODELS))

# it seeds tables of its own, not pipeline data: deselected on landed data (conftest.py)
pytestmark = pytest.mark.seeded_only


@pytest.fixture(scope="module")
def switch(trino_db):
    stamp = int(time.time())
    live, replay, models = f"lakehouse_live_{stamp}", f"lakehouse_replay_{stamp}", f"dbt_test_switch_{stamp}"
    run = lambda command, source: dbt(models, command, *SELECTION, "--vars", f"{{source_schema: {source}}}").returncode
    now = dt.datetime.now(dt.timezone.utc)
    end = now.replace(second=0, microsecond=0)
    try:
        for schema, processed in ((live, now - dt.timedelta(minutes=2)), (replay, now - dt.timedelta(hours=1))):
            seed.create_tables(trino_db.conn, schema=schema)
            seed.seed_batch(trino_db.conn, batch=1, orders=100, end=end, processed=processed, schema=schema)
        # what the replay's new logic decided otherwise
        trino_db.rows(f"update iceberg.{replay}.orders_enriched set amount = amount + 1 where status = 'PLACED'")
        trino_db.rows(f"update iceberg.{replay}.customers_versions set customer_name = customer_name || ' (replayed)'")
        exits = {"run on live": run("run", live), "run on the replay": run("run", replay)}
        yield dict(
            exits=exits, replay=replay,
            amounts=pairs(trino_db, f"select order_id, amount from iceberg.{models}.fct_orders"),
            replayed_amounts=pairs(trino_db, f"select order_id, amount from iceberg.{replay}.orders_enriched "
                                             "where status = 'PLACED'"),
            names=pairs(trino_db, f"select customer_id, customer_name from iceberg.{models}.dim_customers "
                                  "where is_current"),
            replayed_names=pairs(trino_db, f"select customer_id, max_by(customer_name, valid_from) "
                                           f"from iceberg.{replay}.customers_versions group by customer_id"),
            marked_sources={model: trino_db.rows(f'select * from iceberg.{models}."{model}__high_water"')[0]
                            .get("source_schema") for model in MODELS})
    finally:
        drop_schema(trino_db, models)
        drop_schema(trino_db, live)
        drop_schema(trino_db, replay)


def pairs(trino_db, sql):
    return {row[0]: row[1] for row in (tuple(r.values()) for r in trino_db.rows(sql))}


def test_both_runs_pass(switch):
    assert switch["exits"] == {name: 0 for name in switch["exits"]}


def test_the_marts_hold_the_replays_rows_although_it_processed_them_before_their_last_run(switch):
    assert switch["replayed_amounts"] and switch["amounts"] == switch["replayed_amounts"]
    assert switch["replayed_names"] and switch["names"] == switch["replayed_names"]


def test_the_marks_name_the_replays_tables(switch):
    assert switch["marked_sources"] == {model: switch["replay"] for model in MODELS}
