"""Command line: lakehouse-check [options]; exit 0 = nothing lost, duplicated or unaccounted; 1 = a problem
(named on stdout); 2 = bad usage or a dependency that did not answer (the message names the setting)."""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from checker.rules import Rules, parse_duration_ms

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

DESCRIPTION = """\
Independent accounting check of the lakehouse pipeline (no project Java code involved). It reads the
Kafka topics (read_committed, every partition from its start to its end; Confluent wire format decoded
with fastavro and the schemas of schemas/.../registry/catalog.json) and the Iceberg tables (pyiceberg
SqlCatalog on the JDBC catalog's database, data over S3), and proves:

  1. every table equals its topic row for row: the (partition, offset) of its rows (sink metadata
     columns) are exactly the topic's committed records, none twice, each row's values equal to the
     record's fields;
  2. every input record of orders and payments is accounted for exactly once, per input partition:
     enriched, dead-lettered (per error class), a dropped duplicate, or (payments) counted in the
     payments-by-outcome-1m windows / late-events, checked window by window; revenue windows,
     order-payments and UNKNOWN_ORDER dead letters against the records they name.

Give either --data-dir (a running local stack's data folder: everything is derived from its files)
or the explicit settings; explicit settings override what --data-dir derives."""

EPILOG = """\
exit codes:
  0  nothing lost, duplicated, changed or unaccounted (and, unless --live, nothing still in flight; with --strict, no warning)
  1  a problem: the report names the table / topic, partition, offsets and key of the first ones
  2  bad usage, or a dependency (Kafka, the catalog database, S3) did not answer: the message names the setting

examples:
  .venv/bin/python -m checker --data-dir .local
  .venv/bin/python -m checker --bootstrap-servers 127.0.0.1:19092 --catalog-uri .local/catalog/iceberg.db \\
      --warehouse s3://lakehouse/warehouse --s3-endpoint http://127.0.0.1:19000 \\
      --s3-access-key lakehouse --s3-secret-key "$SECRET" --json"""


class UsageError(Exception):
    pass


@dataclass
class Settings:
    bootstrap_servers: str | None = None
    catalog_uri: str | None = None
    warehouse: str = "s3://lakehouse/warehouse"
    s3_endpoint: str | None = None
    s3_access_key: str | None = None
    s3_secret_key: str | None = None
    s3_region: str = "us-east-1"
    catalog_name: str = "lakehouse"
    namespace: str = "lakehouse"
    streams_application_id: str = "lakehouse-streams"
    sink_dlq_topic: str = "lakehouse-iceberg-sink-dlq"
    schema_catalog: str | None = None
    kafka_properties: dict[str, str] = field(default_factory=dict)
    kafka_timeout_s: float = 60.0
    settle_timeout_s: float = 120.0
    live: bool = False
    strict: bool = False
    as_json: bool = False
    details: int = 10
    rules: Rules = field(default_factory=Rules)
    sources: dict[str, str] = field(default_factory=dict)  # setting -> where its value came from


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="lakehouse-check", description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_argument_group("where the pipeline is")
    g.add_argument("--data-dir", help="data folder of a running local stack (./lakehouse up): derives every setting below from "
                   "run/services.ready, catalog/iceberg.db, config/s3-credentials.properties and config/streams-app.properties")
    g.add_argument("--bootstrap-servers", help="Kafka bootstrap servers (env KAFKA_BOOTSTRAP_SERVERS)")
    g.add_argument("--kafka-property", action="append", default=[], metavar="KEY=VALUE",
                   help="extra Kafka client property (security.protocol, sasl.*, ssl.*), repeatable")
    g.add_argument("--catalog-uri", help="the Iceberg JDBC catalog's database: a SQLite file (path, jdbc:sqlite:<path> or sqlite:///<path>, "
                   "opened read-only) or a SQLAlchemy URL")
    g.add_argument("--catalog-name", help="catalog name in the JDBC catalog tables (default lakehouse)")
    g.add_argument("--namespace", help="namespace of the tables (default lakehouse)")
    g.add_argument("--warehouse", help="warehouse location (default s3://lakehouse/warehouse)")
    g.add_argument("--s3-endpoint", help="S3 endpoint, path-style (e.g. http://127.0.0.1:19000)")
    g.add_argument("--s3-access-key", help="S3 access key (env LAKEHOUSE_S3_ACCESS_KEY or AWS_ACCESS_KEY_ID)")
    g.add_argument("--s3-secret-key", help="S3 secret key (env LAKEHOUSE_S3_SECRET_KEY or AWS_SECRET_ACCESS_KEY; prefer the environment)")
    g.add_argument("--s3-region", help="S3 region (default us-east-1)")
    g.add_argument("--streams-application-id", help="the Streams app's application.id = its consumer group (default lakehouse-streams); "
                   "its committed offsets tell which input records were processed")
    g.add_argument("--sink-dlq-topic", help="the sink's dead letter queue topic, read when it exists (default lakehouse-iceberg-sink-dlq)")
    g.add_argument("--schema-catalog", help="registry catalog.json (default: the repository's schemas/src/main/resources/registry/catalog.json)")
    r = p.add_argument_group("the Streams app's settings (defaults = its defaults; --data-dir or --streams-config read them)")
    r.add_argument("--streams-config", help="the Streams app's properties file: reads window.grace, dedup.window, payment-join.window, "
                   "event-time.horizon, event-time.max-future-skew, validation.* and streams.application.id")
    r.add_argument("--window-grace", help="window grace (default 2m)")
    r.add_argument("--dedup-window", help="dedup window (default 10m)")
    r.add_argument("--payment-join-window", help="payment join window (default 30m)")
    r.add_argument("--event-time-horizon", help="event-time horizon (default 7d)")
    r.add_argument("--max-future-skew", help="event-time max future skew (default 5m)")
    r.add_argument("--currencies", help="accepted currencies, comma-separated (default EUR,GBP,USD)")
    r.add_argument("--order-statuses", help="accepted order statuses (default CANCELLED,FULFILLED,PLACED)")
    r.add_argument("--payment-outcomes", help="accepted payment outcomes (default DECLINED,FAILED,SUCCEEDED)")
    r.add_argument("--max-amount", help="largest accepted amount (default 1000000.00)")
    o = p.add_argument_group("how to check and report")
    o.add_argument("--settle-timeout", help="keep re-checking while records are still in flight (not landed, not processed) "
                   "or a problem could be one, for at most this long (default 120s; 0 = check once)")
    o.add_argument("--live", action="store_true", help="a running pipeline: records not landed or not processed yet are reported, not failures")
    o.add_argument("--strict", action="store_true", help="every warning is a problem (exit 1): a dead letter or an acceptance the documented "
                   "rules do not confirm, a lateness they do not confirm, an event_id admitted again after the dedup window, a window's "
                   "event_time, a dead letter's headers or topic")
    o.add_argument("--kafka-timeout", help="how long reading the topics may take (default 60s)")
    o.add_argument("--json", action="store_true", help="print the report as JSON")
    o.add_argument("--details", type=int, help="how many problems and warnings to list (default 10)")
    p.add_argument("--version", action="version", version="lakehouse-check 1.0.0")
    return p


def _properties(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line[0] in "#!":
            continue
        for sep in ("=", ":"):
            if sep in line:
                k, v = line.split(sep, 1)
                out[k.strip()] = v.strip()
                break
    return out


def _apply_streams_config(s: Settings, path: Path) -> None:
    if not path.is_file():
        raise UsageError(f"Cannot read --streams-config {path}: no such file")
    props = _properties(path)
    changes = {}
    for key, name in Rules.PROPERTY_KEYS.items():
        if key in props:
            try:
                changes[name] = Rules.convert(name, props[key])
            except (ValueError, ArithmeticError) as e:
                raise UsageError(f"Cannot use {key}={props[key]} from {path}: {e}") from e
    s.rules = replace(s.rules, **changes)
    if "streams.application.id" in props:
        s.streams_application_id = props["streams.application.id"]


def resolve(argv: list[str] | None = None, env: dict[str, str] | None = None) -> Settings:
    env = os.environ if env is None else env
    args = _parser().parse_args(argv)
    s = Settings()
    if args.data_dir:
        data = Path(args.data_dir).expanduser().resolve()
        if not data.is_dir():
            raise UsageError(f"Cannot use --data-dir {data}: no such folder")
        ready = data / "run" / "services.ready"
        if ready.is_file():
            props = _properties(ready)
            s.bootstrap_servers = props.get("bootstrap.servers")
            s.s3_endpoint = props.get("s3.endpoint")
        elif not (args.bootstrap_servers and args.s3_endpoint):
            raise UsageError(f"The local stack at --data-dir {data} is not running (no run/services.ready): start it with ./lakehouse up, "
                             "or give --bootstrap-servers and --s3-endpoint")
        s.catalog_uri = str(data / "catalog" / "iceberg.db")
        creds = data / "config" / "s3-credentials.properties"
        if creds.is_file():
            c = _properties(creds)
            s.s3_access_key, s.s3_secret_key = c.get("access-key-id"), c.get("secret-access-key")
        streams = data / "config" / "streams-app.properties"
        if streams.is_file():
            _apply_streams_config(s, streams)
    if args.streams_config:
        _apply_streams_config(s, Path(args.streams_config).expanduser())
    s.bootstrap_servers = args.bootstrap_servers or s.bootstrap_servers or env.get("KAFKA_BOOTSTRAP_SERVERS")
    s.catalog_uri = args.catalog_uri or s.catalog_uri
    s.s3_endpoint = args.s3_endpoint or s.s3_endpoint
    s.s3_access_key = args.s3_access_key or env.get("LAKEHOUSE_S3_ACCESS_KEY") or s.s3_access_key or env.get("AWS_ACCESS_KEY_ID")
    s.s3_secret_key = args.s3_secret_key or env.get("LAKEHOUSE_S3_SECRET_KEY") or s.s3_secret_key or env.get("AWS_SECRET_ACCESS_KEY")
    for name in ("warehouse", "s3_region", "catalog_name", "namespace", "streams_application_id", "sink_dlq_topic", "schema_catalog"):
        if getattr(args, name):
            setattr(s, name, getattr(args, name))
    for item in args.kafka_property:
        if "=" not in item:
            raise UsageError(f"Cannot use --kafka-property {item}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        s.kafka_properties[k.strip()] = v
    if not s.bootstrap_servers:
        raise UsageError("No Kafka to read: give --bootstrap-servers (or --data-dir of a running local stack)")
    if not s.catalog_uri:
        raise UsageError("No Iceberg catalog to read: give --catalog-uri (or --data-dir of a local stack)")
    if not s.s3_endpoint and not s.s3_access_key:
        raise UsageError("No object store: give --s3-endpoint and the S3 credentials (or --data-dir of a running local stack)")
    changes: dict[str, Any] = {}
    for opt, name in (("window_grace", "grace_ms"), ("dedup_window", "dedup_ms"), ("payment_join_window", "join_window_ms"),
                      ("event_time_horizon", "horizon_ms"), ("max_future_skew", "max_future_skew_ms"), ("currencies", "currencies"),
                      ("order_statuses", "order_statuses"), ("payment_outcomes", "payment_outcomes"), ("max_amount", "max_amount")):
        raw = getattr(args, opt)
        if raw is not None:
            try:
                changes[name] = Rules.convert(name, raw)
            except (ValueError, ArithmeticError) as e:
                raise UsageError(f"Cannot use --{opt.replace('_', '-')} {raw}: {e}") from e
    s.rules = replace(s.rules, **changes)
    for opt, attr in (("settle_timeout", "settle_timeout_s"), ("kafka_timeout", "kafka_timeout_s")):
        raw = getattr(args, opt)
        if raw is not None:
            try:
                setattr(s, attr, parse_duration_ms(raw) / 1000)
            except ValueError as e:
                raise UsageError(f"Cannot use --{opt.replace('_', '-')} {raw}: {e}") from e
    if s.kafka_timeout_s <= 0:
        raise UsageError("Cannot use --kafka-timeout 0: expected a duration above 0")
    if args.details is not None:
        if args.details < 0:
            raise UsageError(f"Cannot use --details {args.details}: expected 0 or more")
        s.details = args.details
    s.live, s.strict, s.as_json = args.live, args.strict, args.json
    return s


def main(argv: list[str] | None = None) -> int:
    try:
        settings = resolve(argv)
    except UsageError as e:
        print(f"lakehouse-check: {e}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as e:  # argparse: --help (0) or a bad option (2)
        return int(e.code or 0)
    from checker.run import check
    from checker.sources import Unreachable
    from checker.wire import CatalogError

    started = time.monotonic()
    try:
        result = check(settings, progress=lambda m: print(f"lakehouse-check: {m}", file=sys.stderr))
    except (Unreachable, CatalogError) as e:
        print(f"lakehouse-check: {e}", file=sys.stderr)
        return EXIT_USAGE
    result.seconds = round(time.monotonic() - started, 1)
    result.peak_memory_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # Linux: KiB
    from checker.report import render_json, render_text

    if settings.as_json:
        print(json.dumps(render_json(result, settings), indent=2, sort_keys=False))
    else:
        print(render_text(result, settings))
    return EXIT_OK if result.ok else EXIT_FAILED
