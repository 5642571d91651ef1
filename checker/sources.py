"""Reading the two sides: Kafka topics (confluent-kafka, read_committed) and Iceberg tables (pyiceberg's
SqlCatalog on the Iceberg JDBC catalog's database, files over S3)."""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import Any, Iterable

from checker.model import META_TIMESTAMP, Record, TableData, TopicData
from checker.wire import SchemaCatalog


class Unreachable(Exception):
    """A dependency did not answer or is missing; the message names the setting to fix."""


# ----------------------------------------------------------------------------------------------- Kafka

def _kafka():
    import confluent_kafka  # imported late so that the unit tests need no Kafka client
    import confluent_kafka.admin  # noqa: F401

    return confluent_kafka


class KafkaSource:
    def __init__(self, bootstrap_servers: str, properties: dict[str, str] | None = None, timeout_s: float = 60.0):
        self.bootstrap_servers = bootstrap_servers
        self.properties = dict(properties or {})
        self.timeout_s = timeout_s
        self._metadata = None

    def _conf(self, **extra: Any) -> dict[str, Any]:
        # librdkafka's own log lines (connection retries, purged queues) stay quiet: the checker reports
        # what did not answer itself, naming the setting; LAKEHOUSE_CHECK_KAFKA_LOG_LEVEL=7 shows them
        conf: dict[str, Any] = {"bootstrap.servers": self.bootstrap_servers, "client.id": "lakehouse-checker",
                                "log_level": int(os.environ.get("LAKEHOUSE_CHECK_KAFKA_LOG_LEVEL", "0"))}
        conf.update(self.properties)
        conf.update(extra)
        return conf

    def _consumer(self, isolation: str):
        ck = _kafka()
        # a throw-away group id: the checker only assigns partitions, it never joins a group or commits
        return ck.Consumer(self._conf(**{
            "group.id": f"lakehouse-checker-{os.getpid()}-{uuid.uuid4().hex[:8]}",
            "enable.auto.commit": False,
            "enable.auto.offset.store": False,
            "isolation.level": isolation,
            "auto.offset.reset": "earliest",
            "enable.partition.eof": True,
        }))

    def partitions(self, topics: Iterable[str], required: bool = True) -> dict[str, list[int]]:
        ck = _kafka()
        admin = ck.admin.AdminClient(self._conf())
        try:
            md = admin.list_topics(timeout=min(self.timeout_s, 15))
        except ck.KafkaException as e:
            raise Unreachable(f"Kafka at {self.bootstrap_servers} did not answer ({e.args[0]}): check --bootstrap-servers") from e
        out: dict[str, list[int]] = {}
        for topic in topics:
            tm = md.topics.get(topic)
            if tm is None or tm.error is not None:
                if required:
                    raise Unreachable(f"Topic {topic} does not exist on Kafka at {self.bootstrap_servers}: check --bootstrap-servers (is it the pipeline's cluster?)")
                continue
            out[topic] = sorted(tm.partitions)
        return out

    def committed(self, group: str, topic_partitions: dict[str, list[int]]) -> dict[str, dict[int, int]]:
        """A consumer group's committed offsets (0 where it has none), read with the admin API (read-only)."""
        ck = _kafka()
        admin = ck.admin.AdminClient(self._conf())
        tps = [ck.TopicPartition(t, p) for t, ps in topic_partitions.items() for p in ps]
        out: dict[str, dict[int, int]] = {t: {p: 0 for p in ps} for t, ps in topic_partitions.items()}
        if not tps:
            return out
        request = ck.ConsumerGroupTopicPartitions(group, tps)
        try:
            result = admin.list_consumer_group_offsets([request], request_timeout=min(self.timeout_s, 30))[group].result()
        except ck.KafkaException as e:
            raise Unreachable(f"Cannot read the committed offsets of consumer group {group} on Kafka at {self.bootstrap_servers}: {e.args[0]}") from e
        for tp in result.topic_partitions:
            if tp.error is None and tp.offset >= 0:
                out[tp.topic][tp.partition] = tp.offset
        return out

    def read(self, topic_partitions: dict[str, list[int]], catalog: SchemaCatalog | None, keep_values: bool = True) -> dict[str, TopicData]:
        """Every committed record (read_committed) of each partition from its start up to its high watermark
        taken now, decoded with ``catalog``; without ``keep_values`` a record keeps its decoded fields, not its
        value's bytes."""
        ck = _kafka()
        probe = self._consumer("read_uncommitted")
        reader = self._consumer("read_committed")
        try:
            start: dict[tuple[str, int], int] = {}
            end: dict[tuple[str, int], int] = {}
            for topic, parts in topic_partitions.items():
                for p in parts:
                    try:
                        low, high = probe.get_watermark_offsets(ck.TopicPartition(topic, p), timeout=min(self.timeout_s, 15), cached=False)
                    except ck.KafkaException as e:
                        raise Unreachable(f"Kafka at {self.bootstrap_servers} did not give the offsets of {topic}-{p}: {e.args[0]}") from e
                    start[(topic, p)], end[(topic, p)] = low, high
            records: dict[tuple[str, int], list[Record]] = {tp: [] for tp in end}
            remaining = {tp for tp in end if end[tp] > start[tp]}
            if remaining:
                reader.assign([ck.TopicPartition(t, p, start[(t, p)]) for (t, p) in remaining])
            deadline = time.monotonic() + self.timeout_s
            last_progress = time.monotonic()
            while remaining:
                if time.monotonic() > deadline:
                    left = ", ".join(f"{t}-{p}" for t, p in sorted(remaining))
                    raise Unreachable(f"Reading {left} to its end took longer than --kafka-timeout ({self.timeout_s:.0f}s): "
                                      "a transaction may be open (read_committed waits for it), or Kafka is slow")
                batch = reader.consume(num_messages=2000, timeout=0.5)
                for msg in batch:
                    tp = (msg.topic(), msg.partition())
                    err = msg.error()
                    if err is not None:
                        if err.code() == ck.KafkaError._PARTITION_EOF:
                            if msg.offset() >= end.get(tp, 0):
                                remaining.discard(tp)
                            continue
                        raise Unreachable(f"Kafka error reading {tp[0]}-{tp[1]}: {err}")
                    if msg.offset() >= end[tp]:
                        remaining.discard(tp)
                        continue
                    records[tp].append(self._record(msg, catalog, keep_values))
                    if msg.offset() + 1 >= end[tp]:
                        remaining.discard(tp)
                if remaining and (not batch or time.monotonic() - last_progress > 2):
                    last_progress = time.monotonic()
                    positions = reader.position([ck.TopicPartition(t, p) for (t, p) in remaining])
                    for tpos in positions:
                        if tpos.offset >= 0 and tpos.offset >= end[(tpos.topic, tpos.partition)]:
                            remaining.discard((tpos.topic, tpos.partition))
        finally:
            reader.close()
            probe.close()
        out: dict[str, TopicData] = {}
        for topic, parts in topic_partitions.items():
            out[topic] = TopicData(
                topic=topic,
                partitions=list(parts),
                records={p: sorted(records[(topic, p)], key=lambda r: r.offset) for p in parts},
                end={p: end[(topic, p)] for p in parts},
                start={p: start[(topic, p)] for p in parts},
            )
        return out

    @staticmethod
    def _record(msg, catalog: SchemaCatalog | None, keep_value: bool = True) -> Record:
        ts_type, ts = msg.timestamp()
        rec = Record(
            topic=msg.topic(),
            partition=msg.partition(),
            offset=msg.offset(),
            key=msg.key(),
            value=msg.value(),
            timestamp_ms=ts if ts_type != 0 and ts >= 0 else None,
            headers={k: (v if v is not None else b"") for k, v in (msg.headers() or [])},
        )
        if catalog is not None:
            decoded = catalog.decode(rec.topic, rec.value)
            rec.schema_id, rec.fields, rec.error_class, rec.error = decoded.schema_id, decoded.fields, decoded.error_class, decoded.error
        if not keep_value:
            rec.value = None
        return rec


# --------------------------------------------------------------------------------------------- Iceberg

def sqlalchemy_uri(catalog_uri: str) -> str:
    """The SQLAlchemy URL of the catalog database: a SQLite file (path, ``jdbc:sqlite:<path>`` or
    ``sqlite:///<path>``) is opened read-only; other SQLAlchemy URLs are used as given."""
    uri = catalog_uri.strip()
    if uri.startswith("jdbc:sqlite:"):
        path = uri[len("jdbc:sqlite:"):]
    elif uri.startswith("sqlite:///"):
        path = uri[len("sqlite:///"):]
        if path.startswith("file:"):
            return uri
    elif "://" in uri:
        return uri
    else:
        path = uri
    file = Path(path).expanduser().resolve()
    if not file.is_file():
        raise Unreachable(f"The catalog database {file} does not exist: check --catalog-uri (or --data-dir)")
    return f"sqlite:///file:{file}?mode=ro&uri=true"


class IcebergSource:
    def __init__(self, catalog_uri: str, warehouse: str, s3_endpoint: str | None, access_key: str | None,
                 secret_key: str | None, region: str = "us-east-1", catalog_name: str = "lakehouse", namespace: str = "lakehouse"):
        self.catalog_uri = catalog_uri
        self.s3_endpoint = s3_endpoint
        self.namespace = namespace
        from pyiceberg.catalog.sql import SqlCatalog

        props = {"uri": sqlalchemy_uri(catalog_uri), "init_catalog_tables": "false", "warehouse": warehouse, "s3.region": region}
        if s3_endpoint:
            props["s3.endpoint"] = s3_endpoint
        if access_key:
            props["s3.access-key-id"] = access_key
        if secret_key:
            props["s3.secret-access-key"] = secret_key
        try:
            self.catalog = SqlCatalog(catalog_name, **props)
            self.tables = {ident[-1] for ident in self.catalog.list_tables(namespace)}
        except Exception as e:
            raise Unreachable(f"Cannot read the Iceberg catalog {catalog_uri}: {type(e).__name__}: {e}: check --catalog-uri and --catalog-name") from e

    def read(self, table: str) -> TableData:
        if table not in self.tables:
            raise Unreachable(f"Table {self.namespace}.{table} is not in the catalog {self.catalog_uri} (it has {sorted(self.tables)}): "
                              "check --catalog-uri, --catalog-name and --namespace")
        try:
            t = self.catalog.load_table(f"{self.namespace}.{table}")
            snapshot = t.current_snapshot()
            columns = [f.name for f in t.schema().fields]
            scan = t.scan()
            data_files = [task.file.file_path for task in scan.plan_files()] if snapshot is not None else []
            arrow = scan.to_arrow() if snapshot is not None else None
        except Exception as e:
            text = f"{type(e).__name__}: {e}"
            hint = "check --s3-endpoint and the S3 credentials (--s3-access-key/--s3-secret-key or LAKEHOUSE_S3_ACCESS_KEY/LAKEHOUSE_S3_SECRET_KEY)"
            raise Unreachable(f"Cannot read table {self.namespace}.{table} (S3 endpoint {self.s3_endpoint}): {text}: {hint}") from e
        rows = arrow.to_pylist() if arrow is not None else []
        return TableData(table=table, columns=columns, rows=rows, snapshot_id=snapshot.snapshot_id if snapshot else None,
                         data_files=data_files)


def sink_dlq_index(data: TopicData | None) -> dict[tuple[str, int], set[int]]:
    """Records the sink refused (Connect's dead letter queue, with its context headers) by their coordinates."""
    out: dict[tuple[str, int], set[int]] = {}
    if data is None:
        return out
    for rec in data.all():
        h = rec.headers
        try:
            topic = h["__connect.errors.topic"].decode()
            partition = int(h["__connect.errors.partition"].decode())
            offset = int(h["__connect.errors.offset"].decode())
        except (KeyError, ValueError):
            continue
        out.setdefault((topic, partition), set()).add(offset)
    return out


__all__ = ["KafkaSource", "IcebergSource", "Unreachable", "sink_dlq_index", "sqlalchemy_uri", "META_TIMESTAMP"]
