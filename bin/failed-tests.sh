#!/usr/bin/env bash
# The failing tests of a build and their messages, read from the Surefire and Failsafe reports
# (<module>/target/*-reports/*.txt) under a directory. The test command prints them last, so the end
# of a long build's output, which is what a CI excerpt shows, names what failed and why.
# Usage: bin/failed-tests.sh [dir] [newer-than]   dir: default the repository; newer-than: a file,
#   only reports written after it count (a checkout keeps the reports of earlier builds)
set -euo pipefail

if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
dir=${1:-$(cd "$(dirname "$0")/.." && pwd)}
newer=${2:-}

# a failing test's line, then its message up to the first stack frame (at most 12 lines)
find "$dir" -maxdepth 5 -path '*/target/*-reports/*.txt' ${newer:+-newer "$newer"} | sort | while read -r report; do
  awk '
    / -- Time elapsed: .* <<< (FAILURE|ERROR)!$/ { printing = 1; shown = 0; print "  " $0; next }
    printing && (/^\tat / || shown >= 12) { printing = 0 }
    printing { print "      " $0; shown++ }
  ' "$report"
done
