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
JAVA_BIN=java
for home in /usr/lib/jvm/java-17-openjdk-*; do
  [[ -x "$home/bin/javac" ]] && JAVA_BIN="$home/bin/java" && break
done
if ! command -v javac >/dev/null && [[ "$JAVA_BIN" == java ]]; then
  echo "Elasticsearch: no JDK found, installing OpenJDK 17"
  apt-get update -qq && apt-get install -y -qq openjdk-17-jdk-headless
fi
JAVAC_BIN="$(dirname "$(command -v "$JAVA_BIN")")/javac"
if ! command -v mvn >/dev/null; then
  echo "Elasticsearch: mvn not found, installing Maven"
  apt-get update -qq && apt-get install -y -qq maven
fi

mkdir -p "$CACHE"
if [[ ! -f "$LIB/.complete" ]]; then
  echo "Elasticsearch: resolving $VERSION from Maven"
  rm -rf "$LIB"
  mvn -q -B -Dstyle.color=never -f "$RIG/pom.xml" dependency:copy-dependencies -DoutputDirectory="$LIB"
  touch "$LIB/.complete"
fi
MARK="$CLASSES/ElasticsearchRig.class"
if [[ ! -f "$MARK" ]] || [[ -n "$(find "$RIG" -name '*.java' -newer "$MARK")" ]]; then
  rm -rf "$CLASSES"
  mkdir -p "$CLASSES"
  "$JAVAC_BIN" --release 17 -d "$CLASSES" -cp "$LIB/*" "$RIG"/*.java
fi

echo "Elasticsearch: starting $VERSION on $PORT (transport $TRANSPORT_PORT)"
DATA=$(mktemp -d "${TMPDIR:-/tmp}/trove-elasticsearch-$PORT.XXXXXX")
# A test rig: a small heap is plenty for the tests' indices, and the serial collector keeps the
# process lean on a 2-core machine.
nohup "$JAVA_BIN" -Xms256m -Xmx512m -XX:+UseSerialGC -cp "$CLASSES:$LIB/*" \
  ElasticsearchRig "$PORT" "$TRANSPORT_PORT" "$DATA" >"$LOG" 2>&1 &
PID=$!
if [[ -n "${RIG_PID_FILE:-}" ]]; then echo "$PID" >>"$RIG_PID_FILE"; fi
# A cold start takes ~6 s on an idle machine, far longer on a loaded one.
for _ in $(seq 1 600); do
  if grep -q '^elasticsearch-rig ready' "$LOG"; then
    echo "Elasticsearch: $(grep '^elasticsearch-rig ready' "$LOG") (pid $PID, data $DATA)"
    exit 0
  fi
  kill -0 "$PID" 2>/dev/null || break
  sleep 0.5
done
echo "Elasticsearch did not start; see $LOG"
tail -n 20 "$LOG" || true
exit 1
