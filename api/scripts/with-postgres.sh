#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL 15 cluster:
#   bash scripts/with-postgres.sh vitest run
# The cluster lives in a temp dir owned by `postgres`, listens on 127.0.0.1:${PGPORT:-55432},
# and is stopped and deleted whatever the command's outcome.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PGPORT:-55432}
DATA_DIR=$(mktemp -d /tmp/api-pg-data.XXXXXX)
SOCKET_DIR=$(mktemp -d /tmp/api-pg-sock.XXXXXX)
chown postgres "$DATA_DIR" "$SOCKET_DIR"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then bash -c "$1"; else su postgres -s /bin/bash -c "$1"; fi
}

cleanup() {
  as_postgres "$PG_BIN/pg_ctl -D '$DATA_DIR' -m immediate -w stop" >/dev/null 2>&1 || true
  rm -rf "$DATA_DIR" "$SOCKET_DIR"
}
trap cleanup EXIT INT TERM

as_postgres "$PG_BIN/initdb -D '$DATA_DIR' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
# fsync off: a test cluster that dies is simply recreated.
as_postgres "$PG_BIN/pg_ctl -D '$DATA_DIR' -l '$DATA_DIR/server.log' -w start \
  -o \"-p $PORT -c listen_addresses=127.0.0.1 -k $SOCKET_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off\"" >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
