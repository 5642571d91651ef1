"""The bytes queries read, from Trino's query statistics (physical input: what the engine read from
the object store, files and metadata, as Athena's "data scanned" counts it), and what Athena would
bill for them."""

import dataclasses
import datetime as dt
import json
import math
import re
import time
import urllib.request

# Athena (engine v3), us-east-1 and most regions: $5 per TB scanned, each query rounded up to the
# megabyte with a 10 MB minimum; DDL (CREATE/ALTER/DROP, views included) and failed queries are free
ATHENA_USD_PER_TB = 5.0
ATHENA_MINIMUM_BYTES = 10 * 1024 * 1024
MB = 1024 * 1024
TB = 1024 ** 4
_UNITS = {"B": 1, "kB": 1024, "MB": MB, "GB": 1024 ** 3, "TB": TB, "PB": 1024 ** 5}
_FINAL_STATES = {"FINISHED", "FAILED"}


@dataclasses.dataclass(frozen=True)
class Query:
    query_id: str
    query_type: str
    state: str
    text: str
    bytes_read: float

    @property
    def summary(self):
        """The dbt node that sent it (dbt's query comment) and the statement's start."""
        node = re.search(r'"node_id": "[a-z_]+\.[a-z_]+\.([^"]+)"', self.text)
        statement = " ".join(re.sub(r"/\*.*?\*/|--[^\n]*", " ", self.text, flags=re.S).split())
        return (f"[{node[1]}] " if node else "") + statement[:90]

    @property
    def billed_on_athena(self):
        """Whether Athena would bill it: not DDL, and not one of dbt-trino's catalog lookups
        (information_schema; dbt-athena asks the Glue API instead)."""
        return self.query_type not in ("DATA_DEFINITION", "DESCRIBE") and "information_schema" not in self.text

    @property
    def athena_billed_bytes(self):
        if not self.billed_on_athena:
            return 0
        return max(ATHENA_MINIMUM_BYTES, math.ceil(self.bytes_read / MB) * MB)


def data_size(text):
    """Trino's succinct data size ("12.5kB") in bytes."""
    match = re.fullmatch(r"([0-9.]+)([a-zA-Z]+)", text)
    if not match or match[2] not in _UNITS:
        raise ValueError(f"Cannot read the data size {text!r} from Trino's query statistics")
    return float(match[1]) * _UNITS[match[2]]


class TrinoQueries:
    """The queries Trino ran (GET /v1/query: finished ones stay listed for its query.min-expire-age, 15 min)."""

    def __init__(self, port):
        self.url = f"http://127.0.0.1:{port}/v1/query"

    def of(self, user, since_ms=0):
        request = urllib.request.Request(self.url, headers={"X-Trino-User": "bench"})
        with urllib.request.urlopen(request, timeout=60) as response:
            listed = json.load(response)
        queries = []
        for info in listed:
            created = info["queryStats"]["createTime"]
            if info["session"]["user"] != user or _epoch_ms(created) < since_ms:
                continue
            queries.append(Query(info["queryId"], info.get("queryType") or "", info["state"], info["query"],
                                 data_size(info["queryStats"]["physicalInputDataSize"])))
        return sorted(queries, key=lambda q: q.query_id)  # query ids start with their creation time

    def await_first(self, user, since_ms, count, timeout_s):
        """The first `count` queries of `user` since `since_ms`, once they have finished."""
        deadline = time.monotonic() + timeout_s
        while True:
            first = self.of(user, since_ms)[:count]
            if len(first) == count and all(q.state in _FINAL_STATES for q in first):
                return first
            if time.monotonic() > deadline:
                raise SystemExit(f"Cannot measure: {len(first)} of {count} queries of {user} sent, "
                                 f"{sum(q.state in _FINAL_STATES for q in first)} finished after {timeout_s} s")
            time.sleep(1)


def _epoch_ms(iso):
    return dt.datetime.fromisoformat(iso).timestamp() * 1000  # e.g. 2026-12-06T07:03:39.584Z


def total_bytes(queries):
    return sum(q.bytes_read for q in queries)


def monthly_athena_usd(queries, runs_per_month):
    """Athena's bill for running these queries `runs_per_month` times."""
    return sum(q.athena_billed_bytes for q in queries) * runs_per_month / TB * ATHENA_USD_PER_TB
