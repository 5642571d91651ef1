#!/usr/bin/env bash
# The project's container images, built with podman on a machine without a registry:
#   bin/images.sh bases                  podman ready, the base images built and cached (once per machine)
#   bin/images.sh build [component...]   bases, then lakehouse/<component>:dev from the modules' target/
#                                        (every component when none is named; ./lakehouse images runs this)
#   bin/images.sh list                   the components, one a line
# Each Dockerfile (compose/images/<component>/Dockerfile) takes its base as the build argument BASE,
# whose default is the public image a user with a registry pulls. Here no registry is reachable, so
# the bases come from Debian packages (debootstrap, then podman import): lakehouse/base-jre17 and
# lakehouse/base-python, tagged with a hash of their recipe. podman's storage is the machine's cache:
# the first run costs about two minutes per base, later runs find them. compose/README.md explains.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly EXIT_FAILED=1 EXIT_INVALID=2 EXIT_UNREACHABLE=3
readonly COMPONENTS=(streams-app connect connect-config maintenance-job dbt generator)
readonly SUITE=bookworm
# base name, then the Debian packages in it (curl: the images' health checks; what the public bases have)
readonly -A BASE_PACKAGES=(
  [jre17]="openjdk-17-jre-headless,ca-certificates,curl"
  [python]="python3,python3-venv,ca-certificates"
)
readonly -A BASE_OF_COMPONENT=(
  [streams-app]=jre17 [connect]=jre17 [connect-config]=jre17 [maintenance-job]=jre17 [generator]=jre17 [dbt]=python
)

die() { # die <exit code> <message>
  local code=$1
  shift
  echo "$*" >&2
  exit "$code"
}

cache_dir() {
  echo "${LAKEHOUSE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lakehouse}"
}

# apt packages when a tool is missing: CI starts from a clean machine, and these are Debian's
install_packages() { # install_packages <package>...
  [[ $(id -u) -eq 0 ]] && command -v apt-get > /dev/null 2>&1 \
    || die "$EXIT_UNREACHABLE" "Cannot build container images: $* missing. Install them (Debian/Ubuntu: sudo apt-get \
install -y $*) and run again; podman needs root on these machines."
  echo "Installing $* (apt-get)..."
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" > /dev/null; then
    apt-get update -q > /dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" > /dev/null \
      || die "$EXIT_UNREACHABLE" "Cannot install $* with apt-get: see its output above"
  fi
}

require_tools() {
  local missing=() tool
  for tool in podman runc debootstrap; do
    command -v "$tool" > /dev/null 2>&1 || missing+=("$tool")
  done
  [[ ${#missing[@]} -eq 0 ]] || install_packages "${missing[@]}"
  command -v flock > /dev/null 2>&1 || die "$EXIT_UNREACHABLE" "Cannot build container images: flock (util-linux) is not on PATH"
}

base_tag() { # base_tag <base>: the image name of a base, keyed by its recipe
  local key
  key="$(echo "$SUITE ${BASE_PACKAGES[$1]} v1" | sha256sum | cut -c1-12)"
  echo "localhost/lakehouse/base-$1:$SUITE-$key"
}

debian_mirror() { # the machine's Debian mirror (deb822 or one-line sources), else the public one
  local uri
  uri="$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2> /dev/null | head -1)"
  [[ -n "$uri" ]] || uri="$(sed -n 's/^deb \(http[^ ]*debian\) .*/\1/p' /etc/apt/sources.list 2> /dev/null | head -1)"
  echo "${uri:-http://deb.debian.org/debian}"
}

build_base() { # build_base <base> <tag>: debootstrap a root file system of the base's packages, import it
  local rootfs started=$SECONDS
  rootfs="$(mktemp -d "$(cache_dir)/base-$1.XXXXXX")"
  echo "Building the base image $2 from Debian packages (${BASE_PACKAGES[$1]}; about two minutes, once per machine)..."
  if ! debootstrap --variant=minbase --include="${BASE_PACKAGES[$1]}" "$SUITE" "$rootfs" "$(debian_mirror)" \
    > "$rootfs.log" 2>&1; then
    tail -n 20 "$rootfs.log" >&2
    rm -rf "$rootfs"
    die "$EXIT_FAILED" "Cannot build the base image $2: debootstrap failed (last lines above, all in $rootfs.log)"
  fi
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --quiet --change "ENV LANG=C.UTF-8" - "$2" > /dev/null
  rm -rf "$rootfs" "$rootfs.log"
  echo "Built $2 in $((SECONDS - started)) s"
}

# the base of one name, built unless podman has it; two builds at once: one builds, the other waits
ensure_base() { # ensure_base <base>
  local tag old
  tag="$(base_tag "$1")"
  mkdir -p "$(cache_dir)"
  (
    flock 9
    if ! podman image exists "$tag"; then
      build_base "$1" "$tag"
      # the bases of older recipes: images built on them keep their layers
      for old in $(podman images --format '{{.Repository}}:{{.Tag}}' "localhost/lakehouse/base-$1"); do
        [[ "$old" == "$tag" ]] || podman untag "$old" > /dev/null 2>&1 || true
      done
    fi
  ) 9> "$(cache_dir)/container-base-$1.lock"
}

# podman's defaults fail in this sandbox: its nofile/nproc limits exceed the hard limits ("setrlimit"),
# and crun refuses the hybrid cgroup v1 layout; a machine whose containers run as is stays untouched
ensure_podman_runs() {
  local probe conf=/etc/containers/containers.conf.d/lakehouse.conf
  probe="$(base_tag jre17)"
  podman run --rm --network host "$probe" true > /dev/null 2>&1 && return
  echo "podman cannot run a container with its defaults here; writing $conf (runc, cgroupfs, the caller's ulimits)"
  mkdir -p "$(dirname "$conf")"
  cat > "$conf" << 'EOF'
# written by the lakehouse's bin/images.sh: podman's defaults fail on these machines
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
EOF
  local output
  output="$(podman run --rm --network host "$probe" true 2>&1)" \
    || die "$EXIT_UNREACHABLE" "Cannot run a container with podman, even with $conf: $output"
}

cmd_bases() {
  require_tools
  local base pids=() pid failed=0
  # side by side: each mostly waits on the mirror
  for base in "${!BASE_PACKAGES[@]}"; do
    ensure_base "$base" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || failed=$?
  done
  [[ $failed -eq 0 ]] || exit "$failed"
  ensure_podman_runs
}

ca_bundle() {
  echo "${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}"
}

dockerfile_of() { # dockerfile_of <component>
  echo "$repo/compose/images/$1/Dockerfile"
}

build_image() { # build_image <component>
  local name="lakehouse/$1:dev" dockerfile previous current started=$SECONDS log
  dockerfile="$(dockerfile_of "$1")"
  log="$(mktemp -t "lakehouse-image-$1.XXXXXX")"
  previous="$(podman image inspect --format '{{.Id}}' "$name" 2> /dev/null || true)"
  # docker format: the OCI format has no HEALTHCHECK, and podman drops it from an OCI image
  local options=(--format docker --network host --layers --file "$dockerfile" --ignorefile "$dockerfile.dockerignore"
    --build-arg "BASE=$(base_tag "${BASE_OF_COMPONENT[$1]}")" --tag "$name")
  # the CAs this machine trusts, for a build step that downloads (pip) behind a TLS-inspecting proxy
  [[ -f "$(ca_bundle)" ]] && options+=(--secret "id=ca-bundle,src=$(ca_bundle)")
  if ! podman build "${options[@]}" "$repo" > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    die "$EXIT_FAILED" "Cannot build $name: podman build failed (last lines above, all in $log)"
  fi
  rm -f "$log"
  current="$(podman image inspect --format '{{.Id}}' "$name")"
  # the image this tag named before, and its build cache layers, unless a container still uses them
  if [[ -n "$previous" && "$previous" != "$current" ]]; then
    podman rmi "$previous" > /dev/null 2>&1 || true
  fi
  echo "Built $name in $((SECONDS - started)) s"
}

cmd_build() {
  local components=("$@") component
  case "${1:-}" in -h | --help) usage; return ;; esac
  [[ ${#components[@]} -gt 0 ]] || components=("${COMPONENTS[@]}")
  for component in "${components[@]}"; do
    [[ -n "${BASE_OF_COMPONENT[$component]:-}" ]] \
      || die "$EXIT_INVALID" "Cannot build the image of $component: no such component (one of: ${COMPONENTS[*]})"
  done
  cmd_bases
  for component in "${components[@]}"; do
    # one build of an image at a time on the machine (the tag and its previous image are shared)
    (
      flock 9
      build_image "$component"
    ) 9> "$(cache_dir)/container-image-$component.lock"
  done
}

usage() {
  sed -n '2,11s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

case "${1:-}" in
  bases) cmd_bases ;;
  build) shift; cmd_build "$@" ;;
  list) printf '%s\n' "${COMPONENTS[@]}" ;;
  -h | --help | help) usage ;;
  *)
    usage >&2
    die "$EXIT_INVALID" "Cannot run $0 ${1:-}: name a command (bases, build, list)"
    ;;
esac
