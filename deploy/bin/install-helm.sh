#!/usr/bin/env bash
# Installs helm (HELM_VERSION below) with `go install`: once per machine, into its cache
# (bin/cache.sh), with <repo>/tools/helm-<version> a link to it. Prints the helm binary's path.
# Idempotent: only links when the machine's cache has it. Building needs Go 1.24+ on PATH.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../../bin/cache.sh
source "$repo/bin/cache.sh"

HELM_VERSION=v3.21.4
# the Kubernetes version helm assumes offline (lint, template): its k8s.io modules' (v0.36 -> 1.36),
# set as helm's own Makefile does; a plain go install would leave 1.20
K8S_MAJOR=1 K8S_MINOR=36

install_helm() { # install_helm <dir>
  command -v go > /dev/null 2>&1 || { echo "Cannot install helm $HELM_VERSION: go is not on PATH; install Go 1.24+ \
(https://go.dev/doc/install, or Debian: apt-get install golang) and run again" >&2; return 3; }
  echo "Building helm $HELM_VERSION with go install (a few minutes the first time on this machine)..." >&2
  mkdir -p "$1/bin"
  # a module cache of its own, so the build neither depends on nor fills the user's GOPATH
  GOBIN="$1/bin" GOMODCACHE="$1/gomodcache" GOFLAGS=-modcacherw CGO_ENABLED=0 \
    go install -trimpath -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION \
      -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=$K8S_MAJOR -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$K8S_MINOR \
      -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=$K8S_MAJOR -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=$K8S_MINOR" \
      "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" >&2 \
    || { echo "Cannot build helm $HELM_VERSION: see the go output above" >&2; return 1; }
  rm -rf "$1/gomodcache"
}

cache_link "$repo/tools/helm-$HELM_VERSION" "k8s$K8S_MAJOR.$K8S_MINOR" install_helm >&2
echo "$repo/tools/helm-$HELM_VERSION/bin/helm"
