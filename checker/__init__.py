"""Independent accounting checker of the lakehouse pipeline (Python; uses none of the project's Java code).

Reads the Kafka topics (read_committed) and the Iceberg tables and proves that every table equals its
topic row for row, and that every input record of ``orders`` and ``payments`` is accounted for exactly
once. See checker/README.md.
"""

__version__ = "1.0.0"
