"""Cross-check of the Java serde with confluent-kafka's AvroSerializer/AvroDeserializer.

Run by ConfluentPythonInteropTest: python confluent_interop.py <registry-url> <cases.json> <results.json>

For each case (topic, writer schema file, value as JSON, bytes the Java serializer wrote) it writes
the bytes confluent-kafka's serializer produces for the same value and what confluent-kafka's
deserializer reads from the Java bytes, both through the Confluent REST API at <registry-url>.
Values travel as JSON: decimals as strings, timestamp-millis as epoch milliseconds, bytes as hex.
"""
import datetime
import decimal
import json
import sys

from confluent_kafka.schema_registry import SchemaRegistryClient
from confluent_kafka.schema_registry.avro import AvroDeserializer, AvroSerializer
from confluent_kafka.serialization import MessageField, SerializationContext

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def non_null(field_type):
    if isinstance(field_type, list):
        return next(t for t in field_type if t != "null")
    return field_type


def logical(field_type):
    return field_type.get("logicalType") if isinstance(field_type, dict) else None


def from_json(schema, value):
    """JSON value -> what fastavro writes: Decimal, aware datetime, bytes."""
    if value is None:
        return None
    schema = non_null(schema)
    kind = logical(schema)
    if kind == "decimal":
        return decimal.Decimal(value)
    if kind == "timestamp-millis":
        return EPOCH + datetime.timedelta(milliseconds=value)
    if isinstance(schema, dict) and schema.get("type") == "record":
        return {f["name"]: from_json(f["type"], value[f["name"]]) for f in schema["fields"]}
    if schema == "bytes" or (isinstance(schema, dict) and schema.get("type") == "bytes"):
        return bytes.fromhex(value)
    return value


def to_json(schema, value):
    """What fastavro reads -> JSON value, the inverse of from_json."""
    if value is None:
        return None
    schema = non_null(schema)
    kind = logical(schema)
    if kind == "decimal":
        return str(value)
    if kind == "timestamp-millis":
        delta = value - EPOCH
        return (delta.days * 86_400_000) + (delta.seconds * 1000) + (delta.microseconds // 1000)
    if isinstance(schema, dict) and schema.get("type") == "record":
        return {f["name"]: to_json(f["type"], value[f["name"]]) for f in schema["fields"]}
    if isinstance(value, bytes):
        return value.hex()
    return value


def main(registry_url, cases_path, results_path):
    client = SchemaRegistryClient({"url": registry_url})
    deserializer = AvroDeserializer(client)
    with open(cases_path, encoding="utf-8") as f:
        cases = json.load(f)
    results = []
    for case in cases:
        with open(case["schema_file"], encoding="utf-8") as f:
            schema_str = f.read()
        schema = json.loads(schema_str)
        context = SerializationContext(case["topic"], MessageField.VALUE)
        serializer = AvroSerializer(client, schema_str, conf={"auto.register.schemas": True})
        python_bytes = serializer(from_json(schema, case["value"]), context)
        read_from_java = deserializer(bytes.fromhex(case["java_hex"]), context)
        results.append({
            "topic": case["topic"],
            "variant": case["variant"],
            "python_hex": python_bytes.hex(),
            "read_from_java": to_json(schema, read_from_java),
        })
    with open(results_path, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    print(f"confluent_interop: {len(results)} cases")


if __name__ == "__main__":
    main(*sys.argv[1:4])
