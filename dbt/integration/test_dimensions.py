"""The type-2 dimensions after both builds (the second incremental, after more versions: late ones, a
deletion and a same-instant replacement when seeded), against oracle.dimension_history, computed in
Python from the landed versions tables; and the serving view on them, against the hourly revenue the
oracle computes from the window results and late events."""

import os

import pytest

import oracle
from conftest import DIMENSIONS, snapshot

SEEDED = os.environ.get("DBT_TEST_SEED") == "1"

ATTRIBUTES = {
    "dim_customers": ("customers_versions", ("customer_name", "customer_country", "customer_segment")),
    "dim_merchants": ("merchants_versions", ("merchant_name", "merchant_country", "merchant_category")),
}


def _rows(trino_db, schema, dim):
    id_column, _ = DIMENSIONS[dim]
    _, attributes = ATTRIBUTES[dim]
    columns = (*attributes, "is_deleted", "valid_to", "is_current", "source_partition", "source_offset")
    return {(r[id_column], r["valid_from"]): {c: r[c] for c in columns}
            for r in trino_db.rows(f"select * from iceberg.{schema}.{dim}")}


@pytest.mark.parametrize("dim", sorted(DIMENSIONS))
def test_dimension_is_the_history_of_the_landed_versions(builds, trino_db, schema, dim):
    expected = oracle.dimension_history(trino_db, *_dimension(dim))

    assert expected, f"{ATTRIBUTES[dim][0]} has versions"
    assert _rows(trino_db, schema, dim) == expected


@pytest.mark.parametrize("dim", sorted(DIMENSIONS))
def test_incremental_build_merged_only_the_rows_that_changed(builds, trino_db, schema, dim):
    before = builds["dimensions_before"][dim]
    after = snapshot(trino_db, schema, dim, DIMENSIONS[dim])
    touched = {k for k, r in after.items() if k not in before or r["updated_at"] != before[k]["updated_at"]}
    changed = {k for k, r in after.items() if k not in before or _history(r) != _history(before[k])}

    if SEEDED:
        assert changed, "the second batch's versions change the history"
    assert touched == changed


def _history(row):
    return {c: v for c, v in row.items() if c != "updated_at"}


@pytest.mark.parametrize("dim", sorted(DIMENSIONS))
def test_current_view_holds_each_existing_entity_once(builds, trino_db, schema, dim):
    id_column, _ = DIMENSIONS[dim]
    _, attributes = ATTRIBUTES[dim]
    expected = {k[0]: {a: r[a] for a in attributes} for k, r in _rows(trino_db, schema, dim).items()
                if r["is_current"] and not r["is_deleted"]}
    actual = {r[id_column]: {a: r[a] for a in attributes}
              for r in trino_db.rows(f"select * from iceberg.{schema}.{dim}_current")}
    assert actual == expected


def test_revenue_by_category_this_month_puts_each_merchant_under_its_current_category(builds, trino_db, schema):
    month_start = oracle._utc(trino_db.rows(
        "select date_trunc('month', current_timestamp at time zone 'UTC') as month_start")[0]["month_start"])
    categories = {entity: row["merchant_category"]
                  for (entity, _), row in oracle.dimension_history(trino_db, *_dimension("dim_merchants")).items()
                  if row["is_current"] and not row["is_deleted"]}
    expected = {}
    for (merchant, currency, hour), (orders, revenue) in builds["oracle_after"].items():
        if hour >= month_start:
            key = (categories.get(merchant, "(no current category)"), currency)
            merchants, order_count, total = expected.get(key, (set(), 0, 0))
            expected[key] = (merchants | {merchant}, order_count + orders, total + revenue)
    actual = {(r["merchant_category"], r["currency"]): (r["merchant_count"], r["order_count"], r["revenue"])
              for r in trino_db.rows(f"select * from iceberg.{schema}.finance_revenue_by_category_this_month")}
    assert actual == {k: (len(m), n, r) for k, (m, n, r) in expected.items()}


def _dimension(dim):
    table, attributes = ATTRIBUTES[dim]
    return table, DIMENSIONS[dim][0], attributes
