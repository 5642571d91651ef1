#!/usr/bin/env bash
# cached-venv.sh <venv path> <requirements file>...: makes <venv path> a Python venv with these
# requirement files installed: a link into the machine's cache (bin/cache.sh), keyed by a hash of
# the files and the Python version, so pip runs once per machine for the same pins.
set -euo pipefail
# shellcheck source=cache.sh
source "$(dirname "${BASH_SOURCE[0]}")/cache.sh"

[[ $# -ge 2 ]] || { echo "Usage: $0 <venv path> <requirements file>..." >&2; exit 2; }
link=$1
shift
requirements=("$@")
command -v python3 > /dev/null 2>&1 || { echo "Cannot create $link: python3 is not on PATH" >&2; exit 3; }

install_venv() { # install_venv <dir>
  echo "Installing ${requirements[*]} into $1 (a few minutes the first time on this machine)..."
  python3 -m venv "$1" || { echo "Cannot create the Python environment $1: install the venv module \
(Debian/Ubuntu: sudo apt-get install python3-venv) and run again." >&2; return 3; }
  local file
  for file in "${requirements[@]}"; do
    "$1/bin/pip" install --disable-pip-version-check -q -r "$file" \
      || { echo "Cannot install the packages of $file into $1: see the pip output above" >&2; return 1; }
  done
}

cache_link "$link" "$({ python3 -VV; cat "${requirements[@]}"; } | sha256sum | cut -c1-16)" install_venv
echo "$link -> $(readlink "$link")"
