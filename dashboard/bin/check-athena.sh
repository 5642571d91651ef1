#!/usr/bin/env bash
# The production dashboard's dry run (no AWS needed): the same assets pointed at Athena, checked the
# way an import checks them, in a throwaway metadata database. Run by ./lakehouse test.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DASHBOARD_HOME="$(mktemp -d "${TMPDIR:-/tmp}/dashboard-check.XXXXXX")"
trap 'rm -rf "$DASHBOARD_HOME"' EXIT
# deploy/README.md's example workgroup and results location, as dashboard/README.md uses them
export DASHBOARD_HOME ATHENA_WORK_GROUP="${ATHENA_WORK_GROUP:-lakehouse}" \
  ATHENA_S3_STAGING_DIR="${ATHENA_S3_STAGING_DIR:-s3://acme-athena-results/results/}"
# shellcheck source=env.sh
source "$here/env.sh"
dashboard_check_installed
dashboard_provision --target athena --check
tail -n 1 "$DASHBOARD_HOME/provision.log"
