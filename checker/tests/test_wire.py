import datetime as dt
import io
import struct
from decimal import Decimal

import fastavro
import pytest

from checker.values import micros, norm, same
from checker.wire import DEFAULT_CATALOG, SchemaCatalog


@pytest.fixture(scope="module")
def catalog():
    return SchemaCatalog.load(DEFAULT_CATALOG)


def _encode(catalog, schema_id, fields):
    buf = io.BytesIO()
    fastavro.schemaless_writer(buf, catalog._by_id[schema_id], fields)
    return b"\x00" + struct.pack(">i", schema_id) + buf.getvalue()


PAYMENT = {"event_id": "e1", "payment_id": "p1", "order_id": "o1", "amount": Decimal("12.34"), "outcome": "SUCCEEDED",
           "event_time": dt.datetime(2026, 1, 2, 3, 4, 5, 678000, tzinfo=dt.timezone.utc)}


def test_catalog_has_every_topic_subject(catalog):
    subjects = {catalog.subject(i) for i in catalog.ids()}
    for topic in ("orders", "payments", "customers", "merchants", "orders-enriched", "revenue-by-merchant-1m",
                  "payments-by-outcome-1m", "late-events", "order-payments", "dead-letters"):
        assert f"{topic}-value" in subjects


def test_decodes_the_confluent_wire_format(catalog):
    decoded = catalog.decode("payments", _encode(catalog, 2, PAYMENT))
    assert decoded.error is None and decoded.schema_id == 2
    assert decoded.fields["amount"] == Decimal("12.34")
    assert micros(decoded.fields["event_time"]) == micros(PAYMENT["event_time"])


def test_older_contract_resolves_to_the_latest(catalog):
    v1 = {"event_id": "e", "order_id": "o", "customer_id": "c", "merchant_id": "m", "status": "PLACED", "amount": Decimal("1.00"),
          "currency": "EUR", "event_time": PAYMENT["event_time"]}
    decoded = catalog.decode("orders", _encode(catalog, 1, v1))
    assert decoded.error is None
    assert decoded.fields["channel"] is None and decoded.fields["discount_amount"] is None


@pytest.mark.parametrize("value, error_class", [
    (b"hello world", "DESERIALIZATION"),
    (b"\x00\x00\x00\x27\x0f\x02", "UNKNOWN_SCHEMA"),
    (b"\x00\x00", "DESERIALIZATION"),
])
def test_bad_values(catalog, value, error_class):
    assert catalog.decode("payments", value).error_class == error_class


def test_truncated_avro(catalog):
    whole = _encode(catalog, 2, PAYMENT)
    assert catalog.decode("payments", whole[:-6]).error_class == "DESERIALIZATION"


def test_tombstone(catalog):
    decoded = catalog.decode("orders", None)
    assert decoded.fields is None and decoded.error_class is None


def test_value_normalization():
    utc = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    assert norm(utc) == norm(utc.replace(tzinfo=None)) == 1_767_225_600_000_000
    assert same(Decimal("1.10"), Decimal("1.1"))
    assert not same(Decimal("1.10"), None)
    assert same(memoryview(b"ab"), b"ab")
