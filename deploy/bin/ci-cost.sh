#!/usr/bin/env bash
# What the deployment's checks add to ./lakehouse test once their tools are installed on the machine:
# the tools step of the test command's first stage (helm, checkov's venv, node) and `mvn verify` of the
# deploy module (the chart's and the CDK stack's checks), wall and CPU seconds, beside the same
# `mvn verify` without the tests in the same run: the baseline, Maven's and the compiler's own cost. Run it from a built checkout (./lakehouse setup) with its env
# (MAVEN_OPTS); it prints `<figure>: <number>` lines. Not part of ./lakehouse test.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"

measure() { # measure <name> <command...>: prints "<name> wall seconds: W" and "<name> cpu seconds: C"
  local name=$1 started ended usage
  shift
  usage="$(mktemp)"
  started=$(date +%s%N)
  /usr/bin/time -f '%U %S' -o "$usage" "$@" > /dev/null 2>&1 || { echo "Cannot measure $name: '$*' failed" >&2; exit 1; }
  ended=$(date +%s%N)
  awk -v name="$name" -v ns=$((ended - started)) '{ printf "%s wall seconds: %.1f\n%s cpu seconds: %.1f\n", name, ns / 1e9, name, $1 + $2 }' "$usage"
  rm -f "$usage"
}

measure "deploy tools step (installed)" bash -c "deploy/bin/install-helm.sh && bin/cached-venv.sh .venv-checkov deploy/requirements-checkov.txt && node --version"
measure "deploy module verify" env CI=true mvn -B -q -pl deploy verify
measure "baseline: deploy module verify without its tests" env CI=true mvn -B -q -pl deploy verify -DskipTests
