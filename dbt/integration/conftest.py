"""Fixtures for the dbt integration test: a Trino with the six landed tables, a schema for the
models (a throwaway one, unless DBT_TEST_SCHEMA names it), and the two builds (full, then
incremental after more data) the checks share.

Environment:
  TRINO_HOST / TRINO_PORT   the Trino to use (default 127.0.0.1:18080)
  DBT_TEST_SEED=1           the test writes the data itself (integration/seed.py) on a fixed
                            clock: batch 1 before the first build, batch 2 (new hours + late
                            events for built hours) before the second
  DBT_TEST_BETWEEN="<cmd>"  otherwise: a shell command that makes the pipeline land more events
                            (some late) between the two builds and returns once they have landed
  DBT_TEST_ORACLE=<file>    with DBT_TEST_BETWEEN: the hourly revenue the pipeline's generator
                            events must give (e2e-tests' DbtOnLandedDataIT writes it before each
                            build), checked besides the figures computed from the landed tables
  DBT_TARGET_PATH=<dir>     where dbt writes its artifacts (default target, in dbt/), as for dbt itself
  DBT_TEST_SCHEMA=<name>    the schema for the models, new and kept when the suite ends: the caller
                            reads or builds on them after it (default dbt_test_<time>, dropped)
"""

import datetime as dt
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest
import trino

import oracle
import seed

DBT_DIR = pathlib.Path(__file__).resolve().parent.parent
TARGET_DIR = DBT_DIR / os.environ.get("DBT_TARGET_PATH", "target")  # relative to the project, as for dbt
UTC = dt.timezone.utc


MODE_MARKERS = {
    "seeded_only": ("DBT_TEST_SEED", "it commits to tables the test seeded itself (dbt/bin/test.sh)"),
    "landed_only": ("DBT_TEST_ORACLE", "it checks data the pipeline landed from the generator (e2e-tests DbtOnLandedDataIT)"),
}


def pytest_configure(config):
    for name, (variable, why) in MODE_MARKERS.items():
        config.addinivalue_line("markers", f"{name}: runs only with {variable} set: {why}")


def pytest_collection_modifyitems(config, items):
    """A check that runs in the other mode by design is deselected (counted as such by pytest), not
    skipped: a skip would mean a check that should have run did not (./lakehouse test fails on one in CI)."""
    active = {"seeded_only": os.environ.get("DBT_TEST_SEED") == "1", "landed_only": bool(os.environ.get("DBT_TEST_ORACLE"))}
    other_mode = [item for item in items if any(item.get_closest_marker(m) and not on for m, on in active.items())]
    if other_mode:
        config.hook.pytest_deselected(items=other_mode)
        items[:] = [item for item in items if item not in other_mode]


class Trino:
    def __init__(self, host, port):
        self.conn = trino.dbapi.connect(host=host, port=port, user="dbt-test", catalog="iceberg")

    def rows(self, sql):
        cur = self.conn.cursor()
        cur.execute(sql)
        rows = cur.fetchall()
        if cur.description is None:  # a statement, not a query
            return []
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row)) for row in rows]


@pytest.fixture(scope="session")
def trino_db():
    return Trino(os.environ.get("TRINO_HOST", "127.0.0.1"), int(os.environ.get("TRINO_PORT", "18080")))


@pytest.fixture(scope="session")
def schema(trino_db):
    kept = os.environ.get("DBT_TEST_SCHEMA")
    if kept:
        yield kept
        return
    name = f"dbt_test_{int(time.time())}"
    yield name
    drop_schema(trino_db, name)


def drop_schema(trino_db, name):
    """Drops schema `name` with its tables and views."""
    for row in trino_db.rows(
        f"select table_name, table_type from iceberg.information_schema.tables where table_schema = '{name}'"
    ):
        kind = "view" if row["table_type"] == "VIEW" else "table"
        trino_db.rows(f'drop {kind} if exists iceberg.{name}."{row["table_name"]}"')
    trino_db.rows(f"drop schema if exists iceberg.{name}")


def dbt(schema, command, *args):
    """Runs `dbt <command> --target local` with the models in `schema`; returns the finished process."""
    env = dict(os.environ, DBT_PROFILES_DIR=str(DBT_DIR), DBT_SCHEMA=schema, DBT_SEND_ANONYMOUS_USAGE_STATS="false")
    executable = shutil.which("dbt", path=str(pathlib.Path(sys.executable).parent)) or "dbt"
    started = time.monotonic()
    proc = subprocess.run(
        [executable, command, "--target", "local", "--no-use-colors", *args],
        cwd=DBT_DIR, env=env, capture_output=True, text=True,
    )
    print(f"dbt {command} into {schema}: exit {proc.returncode} in {time.monotonic() - started:.1f} s")
    if proc.returncode != 0:
        print(proc.stdout[-8000:], proc.stderr[-4000:])
    return proc


@pytest.fixture(scope="session")
def run_dbt(schema):
    """`run_dbt(command, *args)`: dbt with the test schema, returns the finished process."""
    return lambda command, *args: dbt(schema, command, *args)


def dbt_build(schema, *args):
    """Runs `dbt build --target local` into `schema`; returns (exit code, results by node name)."""
    proc = dbt(schema, "build", *args)
    results = json.loads((TARGET_DIR / "run_results.json").read_text())["results"]
    return proc.returncode, {r["unique_id"].split(".")[-1]: r for r in results}


class SeedClock:
    """Fixes where the seeded batches fall, whatever the wall clock: batch 1's on-time events end
    20 s into a minute, and batch 2's start 40 s into that same minute, so one 1-minute window
    holds on-time events of both batches (the boundary a run's timing used to hit only sometimes).
    Batch 0 is an hour OLD_DAYS back, older than every window the models bound their reads by (the
    merge window of fct_orders, the tests' window); batch 2 brings late events for it."""

    OLD_DAYS = 10

    def __init__(self, now):
        self.minute = now.replace(second=0, microsecond=0)
        self.first_end = self.minute - dt.timedelta(hours=1) + dt.timedelta(seconds=20)
        self.second_end = self.minute + dt.timedelta(seconds=40)
        self.old_end = self.first_end - dt.timedelta(days=self.OLD_DAYS)
        self.old_hour = self.old_end.replace(minute=0, second=0, microsecond=0)


SEED_CLOCK = SeedClock(dt.datetime.now(UTC))


def seed_first_batch(trino_db):
    seed.create_tables(trino_db.conn)
    seed.seed_batch(trino_db.conn, batch=0, orders=300, end=SEED_CLOCK.old_end,
                    processed=SEED_CLOCK.old_end + dt.timedelta(minutes=5))
    seed.seed_batch(trino_db.conn, batch=1, orders=5000, end=SEED_CLOCK.first_end,
                    processed=dt.datetime.now(UTC) - dt.timedelta(minutes=10))


def add_more_events(trino_db):
    command = os.environ.get("DBT_TEST_BETWEEN")
    if os.environ.get("DBT_TEST_SEED") == "1":
        # new hours, plus late events for the hours the first build made
        seed.seed_batch(trino_db.conn, batch=2, orders=2000, end=SEED_CLOCK.second_end,
                        processed=dt.datetime.now(UTC) - dt.timedelta(minutes=2))
        # late events for batch 0's old hour: new orders placed then, and cancellations of its orders
        seed.seed_late_events(trino_db.conn, batch=3, orders=40, hour=SEED_CLOCK.old_hour,
                              processed=dt.datetime.now(UTC) - dt.timedelta(minutes=1))
    elif command:
        subprocess.run(command, shell=True, check=True)
    else:
        pytest.fail("Cannot add events between the builds: set DBT_TEST_SEED=1 or DBT_TEST_BETWEEN")


@pytest.fixture(scope="session")
def sink_commit():
    """Commits to a table as the Iceberg sink does (a snapshot with kafka.connect.commit-id), through
    dbt/dev/DevServices.java on the dev stack's catalog and S3 server; returns the commit time (UTC)."""
    return _sink_commit


def _sink_commit(table):
    data_dir = pathlib.Path(os.environ["LAKEHOUSE_DATA_DIR"])
    classpath = (data_dir / "classpath.txt").read_text().strip()
    proc = subprocess.run(
        ["java", "-Xmx256m", "-cp", classpath,
         str(DBT_DIR / "dev/DevServices.java"), "sink-commit", str(data_dir), os.environ["LAKEHOUSE_S3_ENDPOINT"],
         f"lakehouse.{table}"],
        capture_output=True, text=True, timeout=180,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    _, _, committed_ms = proc.stdout.strip().splitlines()[-1].split()
    return dt.datetime.fromtimestamp(int(committed_ms) / 1000, UTC).replace(tzinfo=None)


def snapshot(trino_db, schema, table, key):
    return {tuple(r[k] for k in key): r for r in trino_db.rows(f"select * from iceberg.{schema}.{table}")}


HOURLY_KEY = ("merchant_id", "currency", "revenue_hour")
# the type-2 dimensions and their keys
DIMENSIONS = {"dim_customers": ("customer_id", "valid_from"), "dim_merchants": ("merchant_id", "valid_from")}


@pytest.fixture(scope="session")
def builds(trino_db, schema):
    """Both builds, with the marts' rows and the oracle's hourly figures around the second."""
    seeded = os.environ.get("DBT_TEST_SEED") == "1"
    if seeded:
        seed_first_batch(trino_db)
    generator_file = os.environ.get("DBT_TEST_ORACLE")
    # the unit tests read their fixtures, not the tables: the seeded run (dbt/bin/test.sh, in ./lakehouse
    # test) runs them; on landed data (--existing) they would only repeat it
    first_exit, first_results = dbt_build(schema, *(() if seeded else ("--exclude", "test_type:unit")))
    hourly_before = snapshot(trino_db, schema, "agg_revenue_hourly", HOURLY_KEY)
    dimensions_before = {dim: snapshot(trino_db, schema, dim, key) for dim, key in DIMENSIONS.items()}
    oracle_before = oracle.hourly_from_windows(trino_db)
    generator_before = oracle.generator_hours(generator_file) if generator_file else None
    add_more_events(trino_db)
    oracle_after = oracle.hourly_from_windows(trino_db)
    generator_after = oracle.generator_hours(generator_file) if generator_file else None
    # the unit tests do not read the tables: the first build ran them (or left them to the seeded run)
    second_exit, second_results = dbt_build(schema, "--exclude", "test_type:unit")
    hourly_after = snapshot(trino_db, schema, "agg_revenue_hourly", HOURLY_KEY)
    return dict(
        first_exit=first_exit, first_results=first_results,
        second_exit=second_exit, second_results=second_results,
        hourly_before=hourly_before, hourly_after=hourly_after, dimensions_before=dimensions_before,
        oracle_before=oracle_before, oracle_after=oracle_after,
        generator_before=generator_before, generator_after=generator_after,
    )
