#!/usr/bin/env bash
# Chromium and its WebDriver from the system's packages (Debian: chromium, chromium-driver), for the
# dashboard's browser test (e2e-tests LocalStackIT); nothing downloads a browser build at run time.
# Installs them with apt-get when it may (root, or password-less sudo); otherwise says how, and exits 0:
# the test is then skipped on a developer's machine (with CI=true it fails and names what is missing).
#   dashboard/bin/install-browser.sh [--required]   --required (./lakehouse test): exit 3 when Chromium
#                                                   is missing and cannot be installed from here
set -euo pipefail
required=false
case "${1:-}" in
  --required) required=true ;;
  "") ;;
  -h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "Cannot run install-browser.sh: unknown option $1 (--required or none)" >&2; exit 2 ;;
esac
if command -v chromium > /dev/null 2>&1 && command -v chromedriver > /dev/null 2>&1; then
  echo "Chromium already installed: $(command -v chromium), $(command -v chromedriver)"
  exit 0
fi
sudo=()
if [[ "$(id -u)" -ne 0 ]]; then
  if sudo -n true 2> /dev/null; then sudo=(sudo -n); else sudo=(unavailable); fi
fi
if ! command -v apt-get > /dev/null 2>&1 || [[ "${sudo[*]}" == unavailable ]]; then
  echo "Chromium is not installed and cannot be installed from here (needs apt-get as root): install the packages" >&2
  if [[ "$required" == true ]]; then
    echo "chromium and chromium-driver (or set -De2e.chromium and -De2e.chromedriver): the tests need them (LocalStackIT's dashboard check)" >&2
    exit 3
  fi
  echo "chromium and chromium-driver (or set -De2e.chromium and -De2e.chromedriver); the browser test is skipped until then" >&2
  exit 0
fi
echo "Installing Chromium and its driver (apt-get install chromium chromium-driver)..."
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver > /dev/null \
  || { echo "Cannot install Chromium with apt-get: see its output above (apt-get update first?)" >&2; exit 1; }
echo "Chromium installed: $(command -v chromium), $(command -v chromedriver)"
