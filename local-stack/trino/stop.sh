#!/usr/bin/env bash
# Stops the local Trino started by start.sh (the launcher's pid file is in $TRINO_DIR/data).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"
trino_check_installed
export JAVA_HOME="$TRINO_JAVA_HOME" PATH="$TRINO_JAVA_HOME/bin:$PATH"
"$TRINO_HOME/bin/launcher" --etc-dir="$TRINO_DIR/etc" --data-dir="$TRINO_DIR/data" stop
