"""A stack's first scheduled runs may come before anything landed: the full build then finds empty
sources, and so does the first incremental run after it, whose marts are empty too (no high-water
mark to publish). That run must pass, and the next one, once rows landed, must merge them all.

On tables of its own: empty sources (seed.py's tables), a build, an incremental run on them still
empty, then one batch landed and another incremental run."""

import datetime as dt
import time

import pytest

import seed
from conftest import dbt, drop_schema

MARTS = ("fct_orders", "agg_revenue_hourly", "fct_payment_conversion")
SELECTION = ("--select", *(f"+{mart}" for mart in MARTS))

# it seeds tables of its own, not pipeline data: deselected on landed data (conftest.py)
pytestmark = pytest.mark.seeded_only


@pytest.fixture(scope="module")
def runs(trino_db):
    stamp = int(time.time())
    source, models = f"lakehouse_empty_{stamp}", f"dbt_test_empty_{stamp}"
    run = lambda command: dbt(models, command, *SELECTION, "--vars", f"{{source_schema: {source}}}").returncode
    try:
        seed.create_tables(trino_db.conn, schema=source)
        exits = {"build on empty sources": run("build"), "incremental run on empty sources": run("run")}
        now = dt.datetime.now(dt.timezone.utc).replace(second=0, microsecond=0)
        seed.seed_batch(trino_db.conn, batch=1, orders=50, end=now, processed=dt.datetime.now(dt.timezone.utc),
                        schema=source)
        exits["incremental run once rows landed"] = run("run")
        yield dict(exits=exits,
                   landed=trino_db.rows(f"select count(distinct order_id) as n from iceberg.{source}.orders_enriched")[0]["n"],
                   merged=trino_db.rows(f"select count(*) as n from iceberg.{models}.fct_orders")[0]["n"])
    finally:
        drop_schema(trino_db, models)
        drop_schema(trino_db, source)


def test_every_run_passes_while_the_sources_are_empty_and_after(runs):
    assert runs["exits"] == {name: 0 for name in runs["exits"]}


def test_the_run_after_the_first_rows_landed_merges_every_order(runs):
    assert runs["landed"] > 0
    assert runs["merged"] == runs["landed"]
