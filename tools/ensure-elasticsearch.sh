#!/usr/bin/env bash
# Makes sure an Elasticsearch node for the search store's tests is up on
# 127.0.0.1:${ELASTICSEARCH_PORT:-9200} (transport on ${ELASTICSEARCH_TRANSPORT_PORT:-9300}):
# Elasticsearch 8.19 embedded in a small launcher of ours (tools/rigs/elasticsearch/*.java) with
# the Netty 4 HTTP/transport plugin, single-node discovery, no security. The jars come from Maven
# Central (org.elasticsearch:elasticsearch and org.elasticsearch.plugin:transport-netty4, pinned in
# tools/rigs/elasticsearch/pom.xml), cached by Maven's local repository and copied once into
# ${TROVE_CACHE_DIR:-~/.cache/trove}. The distribution's modules are not on Central: no
# analysis-common (english/stemmer filters), no reindex (_delete_by_query), no Painless. Each start
# gets a fresh data folder, removed when the node stops (SIGTERM). When RIG_PID_FILE is set, the
# pid of a node this script started is appended to that file. Idempotent; called by
# tools/ensure-servers.sh.
set -euo pipefail

RIG="$(cd "$(dirname "$0")/rigs/elasticsearch" && pwd)"
VERSION=$(sed -n 's:.*<elasticsearch.version>\(.*\)</elasticsearch.version>.*:\1:p' "$RIG/pom.xml")
PORT=${ELASTICSEARCH_PORT:-9200}
TRANSPORT_PORT=${ELASTICSEARCH_TRANSPORT_PORT:-9300}
CACHE=${TROVE_CACHE_DIR:-$HOME/.cache/trove}
HOME_DIR="$CACHE/elasticsearch-$VERSION"
LIB="$HOME_DIR/lib"
CLASSES="$HOME_DIR/classes"
LOG="$CACHE/elasticsearch-$PORT.log"

up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if up "$PORT"; then
  echo "Elasticsearch: up on $PORT"
  exit 0
fi

# Elasticsearch 8.19's jars target Java 17: prefer the machine's 17.
# shellcheck source=rigs/java-rig.sh
source "$(dirname "$0")/rigs/java-rig.sh"
rig_java Elasticsearch
mkdir -p "$CACHE"
rig_build "Elasticsearch $VERSION" "$RIG" "$LIB" "$CLASSES" ElasticsearchRig

echo "Elasticsearch: starting $VERSION on $PORT (transport $TRANSPORT_PORT)"
DATA=$(mktemp -d "${TMPDIR:-/tmp}/trove-elasticsearch-$PORT.XXXXXX")
# A test rig: a small heap is plenty for the tests' indices, and the serial collector keeps the
# process lean on a 2-core machine.
nohup "$JAVA_BIN" -Xms256m -Xmx512m -XX:+UseSerialGC -cp "$CLASSES:$LIB/*" \
  ElasticsearchRig "$PORT" "$TRANSPORT_PORT" "$DATA" >"$LOG" 2>&1 &
PID=$!
if [[ -n "${RIG_PID_FILE:-}" ]]; then echo "$PID" >>"$RIG_PID_FILE"; fi
rig_wait Elasticsearch "$PID" "$LOG" "elasticsearch-rig ready" "$DATA"
