# The machine's cache of installed tools (sourced, not run): what setup and test install once per
# machine (Python venvs, Trino) lives in ${LAKEHOUSE_CACHE_DIR:-${XDG_CACHE_HOME:-~/.cache}/lakehouse},
# and each checkout links to it, so a fresh clone (CI's) reuses an earlier clone's install.

# cache_link <link> <key> <install function>: makes <link> a symbolic link to the cached directory
# <name>-<key> (name: <link>'s, without a leading dot), first running "<install function> <dir>"
# when no complete one is there. The key names what was installed (versions, a hash of pins), so
# a change installs anew. Two checkouts at once: one installs, the other waits for it. A directory
# of the same name that no checkout linked for 30 days is removed.
cache_link() {
  local link=$1 key=$2 install=$3 cache name dir stale
  cache="${LAKEHOUSE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lakehouse}"
  command -v flock > /dev/null 2>&1 || { echo "Cannot install into $cache: flock (util-linux) is not on PATH" >&2; return 3; }
  name="$(basename "$link")"
  name="${name#.}"
  dir="$cache/$name-$key"
  mkdir -p "$cache"
  # no || after it: errexit must stay on inside, so a failed step stops the install before
  # .installed marks it complete (the next run starts that directory again)
  (
    set -e
    flock 9
    if [[ ! -f "$dir/.installed" ]]; then
      rm -rf "$dir"
      "$install" "$dir"
      touch "$dir/.installed"
    fi
    touch "$dir/.used"
  ) 9> "$dir.lock"

  for stale in "$cache/$name"-*; do
    [[ -d "$stale" && "$stale" != "$dir" && -n "$(find "$stale/.used" -mtime +30 2> /dev/null)" ]] || continue
    # its lock, so never one another checkout is installing or linking right now
    (flock -n 9 && rm -rf "$stale" "$stale.lock") 9> "$stale.lock" || true
  done

  if [[ -d "$link" && ! -L "$link" ]]; then
    echo "Replacing $link (installed in place, before the machine's cache) with a link to $dir"
    rm -rf "$link"
  fi
  mkdir -p "$(dirname "$link")"
  ln -sfn "$dir" "$link"
}
