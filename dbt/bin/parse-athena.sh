#!/usr/bin/env bash
# Parses the project for the production target (Athena) without AWS: the profile needs its
# environment variables set, so dummy values stand in for any that are missing. Exit 0 = parses.
set -euo pipefail
dbt_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export DBT_PROFILES_DIR="$dbt_dir" DBT_SEND_ANONYMOUS_USAGE_STATS=false
export DBT_ATHENA_WORKGROUP="${DBT_ATHENA_WORKGROUP:-primary}"
export DBT_ATHENA_S3_STAGING_DIR="${DBT_ATHENA_S3_STAGING_DIR:-s3://example-bucket/athena-results/}"
export DBT_ATHENA_S3_DATA_DIR="${DBT_ATHENA_S3_DATA_DIR:-s3://example-bucket/warehouse/}"
export AWS_REGION="${AWS_REGION:-us-east-1}"
cd "$dbt_dir"
"$dbt_dir/../.venv/bin/dbt" parse --target athena --target-path target/athena --no-use-colors
