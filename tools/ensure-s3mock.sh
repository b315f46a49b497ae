#!/usr/bin/env bash
# Makes sure an S3 server for the MinIO blob-store tests is up on 127.0.0.1:${S3MOCK_PORT:-9090}:
# Adobe's S3Mock (Maven Central, runnable jar, Java 17), pinned and checksum-verified, kept in
# ${TROVE_CACHE_DIR:-~/.cache/trove}. When RIG_PID_FILE is set, the pid of a server this script
# started is appended to that file. Idempotent; called by tools/ensure-servers.sh.
set -euo pipefail

VERSION=5.2.0
SHA1=d12f48e947ef83868671e5010f488a64ac4a23b8
PORT=${S3MOCK_PORT:-9090}
CACHE=${TROVE_CACHE_DIR:-$HOME/.cache/trove}
JAR="$CACHE/s3mock-$VERSION-exec.jar"
URL="https://repo1.maven.org/maven2/com/adobe/testing/s3mock/$VERSION/s3mock-$VERSION-exec.jar"

up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if up "$PORT"; then
  echo "S3Mock: up on $PORT"
  exit 0
fi

mkdir -p "$CACHE"
if [[ ! -f "$JAR" ]] || ! echo "$SHA1  $JAR" | sha1sum -c --status; then
  echo "S3Mock: downloading $VERSION"
  curl -sSfL -o "$JAR.part" "$URL"
  echo "$SHA1  $JAR.part" | sha1sum -c --status || { echo "S3Mock: checksum mismatch"; rm -f "$JAR.part"; exit 1; }
  mv "$JAR.part" "$JAR"
fi
if ! command -v java >/dev/null; then
  echo "S3Mock: java not found, installing a JRE 17"
  apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless
fi

echo "S3Mock: starting on $PORT"
mkdir -p "$CACHE/s3mock-data"
# http.port is the plain-HTTP connector; server.port (HTTPS) must differ from it.
nohup java -Xmx256m -jar "$JAR" --http.port="$PORT" --server.port=$((PORT + 101)) \
  --com.adobe.testing.s3mock.store.root="$CACHE/s3mock-data" \
  --com.adobe.testing.s3mock.store.retainFilesOnExit=false >"$CACHE/s3mock.log" 2>&1 &
PID=$!
if [[ -n "${RIG_PID_FILE:-}" ]]; then echo "$PID" >>"$RIG_PID_FILE"; fi
for _ in $(seq 1 120); do
  if up "$PORT"; then echo "S3Mock: up on $PORT (pid $PID)"; exit 0; fi
  sleep 0.5
done
echo "S3Mock did not start; see $CACHE/s3mock.log"
exit 1
