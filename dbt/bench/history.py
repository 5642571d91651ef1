"""The landed tables of the bytes benchmark: history of a given depth, written through Trino
(dbt/integration/seed.py, partitioned as the sink's tables), then the same recent hour on top."""

import dataclasses
import datetime as dt
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "integration"))
import seed  # noqa: E402

UTC = dt.timezone.utc
# batch numbers (they make the ids and offsets): history chunks from 100, the recent hour after them
HISTORY_BATCH = 100
RECENT_BATCH = 900
LATE_BATCHES = 901
NEXT_BATCH = 910
# each event processed this long after its event time, as a live stream is: the sink's files then
# cover a few hours of processing time each, as on the landed tables
PROCESSING_LAG = dt.timedelta(seconds=5)


@dataclasses.dataclass(frozen=True)
class Depth:
    """`factor` times the base history, in a source schema of its own."""

    factor: int
    base_days: int

    @property
    def name(self):
        return f"{self.factor}x"

    @property
    def days(self):
        return self.base_days * self.factor

    @property
    def schema(self):
        return f"bench_src_{self.name}"


def seed_history(conn, depth, orders_per_hour, chunks, end):
    """`depth.days` of order events (and everything the pipeline lands from them) ending at `end`, in
    `chunks` inserts per table (as many at every depth, so the tables have as many snapshots; a
    chunk of at most 4 days: Trino writes at most 100 partitions per writer), each event processed
    PROCESSING_LAG after its event time. Returns the number of orders."""
    seed.create_tables(conn, schema=depth.schema)
    span = dt.timedelta(days=depth.days) / chunks
    if span > dt.timedelta(days=4):
        raise SystemExit(f"Cannot seed {depth.days} days in {chunks} chunks: at most 4 days a chunk (--chunks)")
    orders_per_chunk = round(orders_per_hour * span / dt.timedelta(hours=1))
    start = end - span * chunks
    for chunk in range(chunks):
        chunk_end = start + span * (chunk + 1)
        seed.seed_batch(conn, HISTORY_BATCH + chunk, orders_per_chunk, chunk_end, span,
                        processed=PROCESSING_LAG, schema=depth.schema)
    return orders_per_chunk * chunks


def land_recent_hour(conn, depth, orders_per_hour, now, late_hours):
    """The hour that lands on top of the history, the same at every depth: an hour of orders ending
    `now`, and late events, landed now, for each of `late_hours` (older hours the models built): a
    tenth of an hour's orders placed then, and cancellations of orders placed then."""
    seed.seed_batch(conn, RECENT_BATCH, orders_per_hour, now, processed=PROCESSING_LAG, schema=depth.schema)
    for batch, hour in enumerate(late_hours, start=LATE_BATCHES):
        seed.seed_late_events(conn, batch, max(1, orders_per_hour // 10), hour, processed=now, schema=depth.schema)


def land_next_minutes(conn, depth, orders, now, minutes):
    """What lands between two scheduled runs, the same at every depth: `orders` orders over the
    `minutes` before `now`."""
    seed.seed_batch(conn, NEXT_BATCH, orders, now, span=dt.timedelta(minutes=minutes), processed=PROCESSING_LAG,
                    schema=depth.schema)
