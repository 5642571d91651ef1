#!/usr/bin/env bash
# Installs Trino 476 (server core + Iceberg plugin + SQLite JDBC driver + CLI) from Maven Central:
# once per machine, into its cache (bin/cache.sh), with <repo>/tools/trino-476 a link to it.
# Idempotent: does nothing when the link points at a complete install.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"
# shellcheck source=../../bin/cache.sh
source "$repo_root/bin/cache.sh"

trino_check_java

if [[ -f "$TRINO_HOME/.installed" ]]; then
  echo "Trino $TRINO_VERSION already installed in $TRINO_HOME"
  exit 0
fi

install_trino() { # install_trino <dir>
  local home=$1 download=$1/download iceberg_dir
  mkdir -p "$download"
  copy() {
    # run outside the repo so Maven does not apply the goal to every module of the reactor
    (cd "$download" && mvn -B -q dependency:copy -Dartifact="$1" -DoutputDirectory="$download") \
      || { echo "Cannot download $1 from Maven Central: see the Maven output above" >&2; return 1; }
  }
  echo "Downloading Trino $TRINO_VERSION from Maven Central (about 560 MB the first time)..."
  copy "io.trino:trino-server-core:$TRINO_VERSION:tar.gz"
  copy "io.trino:trino-iceberg:$TRINO_VERSION:zip"
  copy "io.trino:trino-cli:$TRINO_VERSION:jar:executable"
  copy "org.xerial:sqlite-jdbc:$SQLITE_JDBC_VERSION:jar"

  mkdir -p "$home/plugin"
  tar -xzf "$download/trino-server-core-$TRINO_VERSION.tar.gz" -C "$home" --strip-components=1
  unzip -q "$download/trino-iceberg-$TRINO_VERSION.zip" -d "$home/plugin"
  iceberg_dir="$(find "$home/plugin" -maxdepth 1 -type d -name 'trino-iceberg*' | head -1)"
  [[ -n "$iceberg_dir" ]] && mv "$iceberg_dir" "$home/plugin/iceberg"
  # the Iceberg JDBC catalog loads the driver from the plugin's own class loader
  cp "$download/sqlite-jdbc-$SQLITE_JDBC_VERSION.jar" "$home/plugin/iceberg/"
  cp "$download/trino-cli-$TRINO_VERSION-executable.jar" "$home/trino-cli.jar"
  rm -rf "$download"
}

cache_link "$TRINO_HOME" "sqlite-$SQLITE_JDBC_VERSION" install_trino
echo "Trino $TRINO_VERSION installed in $TRINO_HOME (-> $(readlink "$TRINO_HOME"))"
