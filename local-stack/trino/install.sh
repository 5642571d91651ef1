#!/usr/bin/env bash
# Installs Trino 476 (server core + Iceberg plugin + SQLite JDBC driver + CLI) from Maven Central
# into <repo>/tools/trino-476. Idempotent: does nothing when the install is complete.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=env.sh
source "$here/env.sh"

trino_check_java

if [[ -f "$TRINO_HOME/.installed" ]]; then
  echo "Trino $TRINO_VERSION already installed in $TRINO_HOME"
  exit 0
fi

download="$TRINO_TOOLS_DIR/download"
mkdir -p "$download"
copy() {
  # run outside the repo so Maven does not apply the goal to every module of the reactor
  (cd "$download" && mvn -B -q dependency:copy -Dartifact="$1" -DoutputDirectory="$download") \
    || { echo "Cannot download $1 from Maven Central: see the Maven output above" >&2; exit 1; }
}
echo "Downloading Trino $TRINO_VERSION from Maven Central (about 560 MB the first time)..."
copy "io.trino:trino-server-core:$TRINO_VERSION:tar.gz"
copy "io.trino:trino-iceberg:$TRINO_VERSION:zip"
copy "io.trino:trino-cli:$TRINO_VERSION:jar:executable"
copy "org.xerial:sqlite-jdbc:$SQLITE_JDBC_VERSION:jar"

rm -rf "$TRINO_HOME" "$TRINO_HOME.tmp"
mkdir -p "$TRINO_HOME.tmp/plugin"
tar -xzf "$download/trino-server-core-$TRINO_VERSION.tar.gz" -C "$TRINO_HOME.tmp" --strip-components=1
unzip -q "$download/trino-iceberg-$TRINO_VERSION.zip" -d "$TRINO_HOME.tmp/plugin"
iceberg_dir="$(find "$TRINO_HOME.tmp/plugin" -maxdepth 1 -type d -name 'trino-iceberg*' | head -1)"
[[ -n "$iceberg_dir" ]] && mv "$iceberg_dir" "$TRINO_HOME.tmp/plugin/iceberg"
# the Iceberg JDBC catalog loads the driver from the plugin's own class loader
cp "$download/sqlite-jdbc-$SQLITE_JDBC_VERSION.jar" "$TRINO_HOME.tmp/plugin/iceberg/"
cp "$download/trino-cli-$TRINO_VERSION-executable.jar" "$TRINO_HOME.tmp/trino-cli.jar"
rm -rf "$download"
touch "$TRINO_HOME.tmp/.installed"
mv "$TRINO_HOME.tmp" "$TRINO_HOME"
echo "Trino $TRINO_VERSION installed in $TRINO_HOME"
