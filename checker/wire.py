"""Confluent wire format (magic byte 0, 4-byte big-endian schema id, Avro binary) with the schemas frozen
in the repository's registry catalog (schemas/src/main/resources/registry/catalog.json)."""

from __future__ import annotations

import io
import json
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fastavro

DEFAULT_CATALOG = Path(__file__).resolve().parent.parent / "schemas" / "src" / "main" / "resources" / "registry" / "catalog.json"

# Error classes of the Streams app's dead letters that a decoder can tell on its own.
DESERIALIZATION = "DESERIALIZATION"
UNKNOWN_SCHEMA = "UNKNOWN_SCHEMA"


class CatalogError(Exception):
    """The schema catalog cannot be read."""


@dataclass(frozen=True)
class Decoded:
    """What a record's value decodes to: the fields, or why it does not decode."""

    schema_id: int | None
    fields: dict[str, Any] | None
    error_class: str | None = None
    error: str | None = None


class SchemaCatalog:
    """Schema ids -> parsed Avro schemas, and each subject's latest version (the contract, used as reader)."""

    def __init__(self, by_id: dict[int, Any], subject_of: dict[int, str], latest: dict[str, Any]):
        self._by_id = by_id
        self._subject_of = subject_of
        self._latest = latest

    @classmethod
    def load(cls, catalog_file: Path | str = DEFAULT_CATALOG) -> "SchemaCatalog":
        path = Path(catalog_file)
        try:
            catalog = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise CatalogError(f"Cannot read the schema catalog {path}: {e}") from e
        by_id: dict[int, Any] = {}
        subject_of: dict[int, str] = {}
        latest: dict[str, Any] = {}
        for subject, entry in catalog.get("subjects", {}).items():
            newest = None
            for version in entry.get("versions", []):
                schema_path = path.parent / version["schema"]
                try:
                    raw = json.loads(schema_path.read_text(encoding="utf-8"))
                    parsed = fastavro.parse_schema(raw, named_schemas={})
                except (OSError, ValueError, fastavro.schema.SchemaParseException) as e:
                    raise CatalogError(f"Cannot read schema {schema_path} (subject {subject}): {e}") from e
                sid = int(version["id"])
                by_id[sid] = parsed
                subject_of[sid] = subject
                if newest is None or version["version"] > newest[0]:
                    newest = (version["version"], parsed)
            if newest is not None:
                latest[subject] = newest[1]
        if not by_id:
            raise CatalogError(f"The schema catalog {path} has no schema")
        return cls(by_id, subject_of, latest)

    def ids(self) -> list[int]:
        return sorted(self._by_id)

    def subject(self, schema_id: int) -> str | None:
        return self._subject_of.get(schema_id)

    def decode(self, topic: str, value: bytes | None) -> Decoded:
        """Decodes a value of ``topic``, resolved to the latest contract of subject ``<topic>-value``
        (as the Streams app reads with the contract schema)."""
        if value is None:
            return Decoded(None, None, None, "null value (tombstone)")
        if len(value) < 5 or value[0] != 0:
            what = f"magic byte is 0x{value[0]:02x}" if value else "empty value"
            return Decoded(None, None, DESERIALIZATION, f"not the Confluent wire format: {what}")
        (schema_id,) = struct.unpack(">i", value[1:5])
        writer = self._by_id.get(schema_id)
        if writer is None:
            return Decoded(schema_id, None, UNKNOWN_SCHEMA, f"schema id {schema_id} is not in the catalog")
        reader = self._latest.get(f"{topic}-value")
        try:
            fields = fastavro.schemaless_reader(io.BytesIO(value[5:]), writer, reader)
        except Exception as e:  # fastavro raises EOFError, ValueError, SchemaResolutionError, ...
            return Decoded(schema_id, None, DESERIALIZATION, f"Avro does not decode with schema id {schema_id}: {type(e).__name__}: {e}")
        if not isinstance(fields, dict):
            return Decoded(schema_id, None, DESERIALIZATION, f"schema id {schema_id} is not a record schema")
        return Decoded(schema_id, fields)
