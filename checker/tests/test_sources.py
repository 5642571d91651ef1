from checker.sources import KafkaSource


class _Message:
    """What confluent-kafka's Message answers, for one record."""

    def topic(self):
        return "orders-enriched"

    def partition(self):
        return 2

    def offset(self):
        return 7

    def key(self):
        return b"o-1"

    def value(self):
        return b"\x00\x00\x00\x00\x01bytes"

    def timestamp(self):
        return (1, 1_800_000_000_000)

    def headers(self):
        return [("h", b"v")]


def test_a_record_keeps_its_value_bytes_only_when_asked():
    kept = KafkaSource._record(_Message(), None)
    assert (kept.coords, kept.key, kept.value, kept.timestamp_ms, kept.headers) == (
        ("orders-enriched", 2, 7), b"o-1", b"\x00\x00\x00\x00\x01bytes", 1_800_000_000_000, {"h": b"v"})
    assert KafkaSource._record(_Message(), None, keep_value=False).value is None
