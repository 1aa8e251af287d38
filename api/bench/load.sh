#!/usr/bin/env bash
# pnpm bench:load: PostgreSQL from DATABASE_URL when set; otherwise a throw-away PostgreSQL 15 cluster
# (scripts/with-postgres.sh) on 127.0.0.1:${BENCH_PGPORT:-55439}, not the test suite's 55432.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DATABASE_URL:-}" ]; then
  exec tsx bench/load.ts
fi
PGPORT=${BENCH_PGPORT:-55439} exec bash scripts/with-postgres.sh tsx bench/load.ts
