#!/usr/bin/env bash
# Renders the IAM policy templates of deploy/iam/ for one account: every {{name}} placeholder is
# replaced by the value given as name=value; a placeholder left without a value is an error.
# Usage: deploy/render-iam.sh <out-dir> account_id=123456789012 region=eu-west-1 \
#          warehouse_bucket=acme-lakehouse warehouse_prefix=warehouse analytics_database=analytics \
#          analytics_prefix=analytics athena_workgroup=lakehouse results_bucket=acme-athena \
#          results_prefix=results
set -euo pipefail

templates="$(cd "$(dirname "${BASH_SOURCE[0]}")/iam" && pwd)"
[[ $# -ge 1 ]] || { echo "Cannot render the IAM policies: give the output folder first (see the usage in $0)" >&2; exit 2; }
out="$1"
shift

script=()
for pair in "$@"; do
  [[ "$pair" == *=* ]] || { echo "Cannot render the IAM policies: '$pair' is not name=value" >&2; exit 2; }
  name="${pair%%=*}"
  value="${pair#*=}"
  [[ "$name" =~ ^[a-z_]+$ ]] || { echo "Cannot render the IAM policies: '$name' is not a placeholder name ([a-z_]+)" >&2; exit 2; }
  [[ "$value" =~ ^[A-Za-z0-9._/-]+$ ]] || { echo "Cannot render the IAM policies: the value of $name ('$value') may only hold letters, digits and . _ / -" >&2; exit 2; }
  script+=(-e "s|{{$name}}|$value|g")
done

mkdir -p "$out"
status=0
for template in "$templates"/*.json; do
  target="$out/$(basename "$template")"
  if [[ ${#script[@]} -gt 0 ]]; then sed "${script[@]}" "$template" > "$target"; else cp "$template" "$target"; fi
  if missing="$(grep -o '{{[a-z_]*}}' "$target" | sort -u | tr '\n' ' ')" && [[ -n "$missing" ]]; then
    echo "Cannot render $(basename "$template"): no value for $missing(pass name=value for each)" >&2
    status=1
  fi
done
exit "$status"
