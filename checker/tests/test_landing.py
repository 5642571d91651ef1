import copy
import datetime as dt
import zoneinfo
from decimal import Decimal

from checker.landing import compare_table
from checker.model import TableData

from .builders import T0, enriched, order, table_from, topic


def _topic_and_table(n=5, partitions=(0, 1)):
    records = []
    for p in partitions:
        for o in range(n):
            src = order(p, 100 + o, f"e{p}-{o}")
            records.append(enriched(p, o, src))
    return topic("orders-enriched", records, partitions), table_from(records, "orders_enriched")


def test_equal_table_passes():
    t, table = _topic_and_table()
    result = compare_table(t, table)
    assert result.ok()
    assert [p.matched for p in result.partitions] == [5, 5]
    assert (result.lost, result.duplicated, result.extra, result.mismatched, result.pending) == (0, 0, 0, 0, 0)


def test_lost_row_is_named_by_partition_and_offset():
    t, table = _topic_and_table()
    table.rows = [r for r in table.rows if not (r["_kafka_metadata_partition"] == 1 and r["_kafka_metadata_offset"] == 2)]
    result = compare_table(t, table)
    assert not result.ok()
    assert result.lost == 1
    assert result.partitions[1].lost == [2]
    assert result.partitions[0].lost == []


def test_missing_tail_is_not_landed_yet_not_lost():
    t, table = _topic_and_table()
    table.rows = [r for r in table.rows if not (r["_kafka_metadata_partition"] == 0 and r["_kafka_metadata_offset"] >= 3)]
    result = compare_table(t, table)
    assert result.lost == 0
    assert result.partitions[0].pending == [3, 4]
    assert not result.ok()
    assert result.ok(allow_pending=True)


def test_duplicated_row():
    t, table = _topic_and_table()
    table.rows.append(copy.deepcopy(table.rows[3]))
    result = compare_table(t, table)
    assert not result.ok(allow_pending=True)
    assert result.duplicated == 1
    assert result.partitions[0].duplicated == [(3, 2)]
    assert result.lost == 0 and result.extra == 0


def test_changed_value_names_the_column():
    t, table = _topic_and_table()
    table.rows[1]["amount"] = Decimal("10.01")
    result = compare_table(t, table)
    assert result.mismatched == 1
    change = result.partitions[0].mismatches[0]
    assert change["offset"] == 1
    assert change["differences"] == [{"column": "amount", "expected": "10.00", "actual": "10.01"}]


def test_row_of_no_committed_record_is_extra():
    t, table = _topic_and_table()
    row = copy.deepcopy(table.rows[0])
    row["_kafka_metadata_offset"] = 2  # an offset the topic has no committed record at (e.g. an aborted transaction's)
    t.records[0] = [r for r in t.records[0] if r.offset != 2]
    result = compare_table(t, TableData(table.table, table.columns, table.rows + [row]))
    assert result.partitions[0].extra == [2]
    assert not result.ok(allow_pending=True)


def test_types_are_normalized_decimals_timestamps_zones():
    t, table = _topic_and_table(n=1, partitions=(0,))
    row = table.rows[0]
    row["amount"] = Decimal("10.0")  # same number, other scale
    row["event_time"] = dt.datetime.fromtimestamp(T0 / 1000, tz=zoneinfo.ZoneInfo("Europe/Paris"))  # same instant, other zone
    row["_kafka_metadata_timestamp"] = dt.datetime.fromtimestamp(T0 / 1000, tz=zoneinfo.ZoneInfo("UTC"))
    assert compare_table(t, table).ok()


def test_record_field_without_column_and_wrong_kafka_timestamp():
    t, table = _topic_and_table(n=1, partitions=(0,))
    table.columns.remove("channel")
    table.rows[0].pop("channel")
    table.rows[0]["_kafka_metadata_timestamp"] = dt.datetime.fromtimestamp(T0 / 1000 + 1, tz=dt.timezone.utc)
    result = compare_table(t, table)
    columns = [d["column"] for d in result.partitions[0].mismatches[0]["differences"]]
    assert columns == ["channel", "_kafka_metadata_timestamp"]


def test_rows_of_another_topic_fail():
    t, table = _topic_and_table(n=2, partitions=(0,))
    table.rows[0]["_kafka_metadata_topic"] = "orders"
    result = compare_table(t, table)
    assert result.wrong_topic_rows == 1
    assert not result.ok(allow_pending=True)


def test_rows_before_the_topics_retention_are_not_compared():
    t, table = _topic_and_table(n=4, partitions=(0,))
    t.start[0] = 2
    t.records[0] = [r for r in t.records[0] if r.offset >= 2]
    result = compare_table(t, table)
    assert result.partitions[0].before_retention == 2
    assert result.ok()


def test_sink_dead_letter_queue_is_named():
    t, table = _topic_and_table(n=3, partitions=(0,))
    table.rows = [r for r in table.rows if r["_kafka_metadata_offset"] != 1]
    result = compare_table(t, table, {("orders-enriched", 0): {1}})
    assert result.in_sink_dlq == {0: [1]}
    assert result.lost == 1


def test_a_data_file_registered_twice_is_named_though_its_rows_are_also_duplicated():
    t, table = _topic_and_table(n=2, partitions=(0,))
    table.rows += copy.deepcopy(table.rows)
    table.data_files = ["s3://lakehouse/warehouse/a.parquet", "s3://lakehouse/warehouse/b.parquet", "s3://lakehouse/warehouse/a.parquet"]
    result = compare_table(t, table)
    assert result.duplicate_files == {"s3://lakehouse/warehouse/a.parquet": 2}
    assert result.duplicated == 2
    assert not result.ok(allow_pending=True)


def test_the_rows_named_carry_their_key():
    t, table = _topic_and_table(n=4, partitions=(0,))
    table.rows[2]["amount"] = Decimal("99.00")
    table.rows = [r for r in table.rows if r["_kafka_metadata_offset"] != 1]
    extra = copy.deepcopy(table.rows[0])
    extra.update({"_kafka_metadata_offset": 9, "event_id": "forged"})
    table.rows.append(extra)
    keys = compare_table(t, table).partitions[0].keys
    assert keys[1] == "event_id=e0-1, order_id=o-e0-1"  # lost: the topic record's key
    assert keys[2] == "event_id=e0-2, order_id=o-e0-2"  # changed
    assert keys[9] == "event_id=forged, order_id=o-e0-0"  # extra: the row's own
