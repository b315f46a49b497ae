#!/usr/bin/env bash
# Makes sure the servers the integration and end-to-end tests use are up on this machine:
# PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres) and NATS with JetStream on :4222,
# then S3Mock (:9090), Neo4j (:7687) and Elasticsearch (:9200) from their own scripts.
# Starts them when down, installs NATS from Debian when missing. Idempotent. When RIG_PID_FILE is
# set, the pid of every server started here is appended to it (tools/run-full.mjs stops them).
set -euo pipefail

up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 50); do up "$1" && return 0; sleep 0.2; done
  return 1
}

if up 5432; then
  echo "PostgreSQL: up"
else
  echo "PostgreSQL: down, starting"
  version="$(ls /etc/postgresql | head -n 1)"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  wait_port 5432 || { echo "PostgreSQL did not start"; exit 1; }
  pidfile="/var/run/postgresql/$version-main.pid"
  if [[ -n "${RIG_PID_FILE:-}" && -f "$pidfile" ]]; then head -n 1 "$pidfile" >>"$RIG_PID_FILE"; fi
fi

if up 4222; then
  echo "NATS: up"
else
  if [[ ! -x /usr/sbin/nats-server ]]; then
    echo "NATS: not installed, installing nats-server"
    apt-get update -qq && apt-get install -y -qq nats-server
  fi
  echo "NATS: down, starting with JetStream"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --make-pidfile --pidfile /var/run/trove-nats.pid \
    --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server
  wait_port 4222 || { echo "NATS did not start"; exit 1; }
  if [[ -n "${RIG_PID_FILE:-}" ]]; then cat /var/run/trove-nats.pid >>"$RIG_PID_FILE"; fi
fi

# S3 for the MinIO blob-store adapter's tests (Java, from Maven Central).
bash "$(dirname "$0")/ensure-s3mock.sh"

# Neo4j for the graph store's Neo4j adapter tests (Java, from Maven Central).
bash "$(dirname "$0")/ensure-neo4j.sh"

# Elasticsearch for the search store's Elasticsearch adapter tests (Java, from Maven Central).
bash "$(dirname "$0")/ensure-elasticsearch.sh"
