#!/usr/bin/env bash
# Makes sure a Neo4j server for the graph store's tests is up on 127.0.0.1:${NEO4J_PORT:-7687}:
# Neo4j 5.26 LTS Community, embedded in a small launcher of ours (tools/rigs/neo4j/Neo4jRig.java)
# with its Bolt connector, no auth, no TLS. The jars come from Maven Central (org.neo4j:neo4j and
# org.neo4j:neo4j-bolt, pinned in tools/rigs/neo4j/pom.xml), cached by Maven's local repository and
# copied once into ${TROVE_CACHE_DIR:-~/.cache/trove}. Each start gets a fresh data folder, removed
# when the server stops. When RIG_PID_FILE is set, the pid of a server this script started is
# appended to that file. Idempotent; called by tools/ensure-servers.sh.
set -euo pipefail

RIG="$(cd "$(dirname "$0")/rigs/neo4j" && pwd)"
VERSION=$(sed -n 's:.*<neo4j.version>\(.*\)</neo4j.version>.*:\1:p' "$RIG/pom.xml")
PORT=${NEO4J_PORT:-7687}
CACHE=${TROVE_CACHE_DIR:-$HOME/.cache/trove}
HOME_DIR="$CACHE/neo4j-$VERSION"
LIB="$HOME_DIR/lib"
CLASSES="$HOME_DIR/classes"
LOG="$CACHE/neo4j-$PORT.log"

up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if up "$PORT"; then
  echo "Neo4j: up on $PORT"
  exit 0
fi

# Neo4j 5.26 runs on Java 17 or 21 (2025.x and later need 21): prefer the machine's 17.
# shellcheck source=rigs/java-rig.sh
source "$(dirname "$0")/rigs/java-rig.sh"
rig_java Neo4j
mkdir -p "$CACHE"
rig_build "Neo4j $VERSION" "$RIG" "$LIB" "$CLASSES" Neo4jRig

echo "Neo4j: starting $VERSION on $PORT"
DATA=$(mktemp -d "${TMPDIR:-/tmp}/trove-neo4j-$PORT.XXXXXX")
# A test rig: a small heap is plenty for the tests' graphs, and the serial collector keeps the
# process lean on a 2-core machine.
nohup "$JAVA_BIN" -Xms128m -Xmx512m -XX:+UseSerialGC -cp "$CLASSES:$LIB/*" \
  Neo4jRig "$PORT" "$DATA" >"$LOG" 2>&1 &
PID=$!
if [[ -n "${RIG_PID_FILE:-}" ]]; then echo "$PID" >>"$RIG_PID_FILE"; fi
rig_wait Neo4j "$PID" "$LOG" "neo4j-rig ready" "$DATA"
