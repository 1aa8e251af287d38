#!/usr/bin/env bash
# pnpm bench:products: PostgreSQL from DATABASE_URL when set; otherwise a throw-away PostgreSQL 15 cluster
# (scripts/with-postgres.sh) on 127.0.0.1:${BENCH_PGPORT:-55440}, neither the test suite's 55432 nor
# bench:folders' 55439, so they can all run at once. No cluster at all when BENCH_DRIVERS leaves PostgreSQL out.
set -euo pipefail
cd "$(dirname "$0")/.."
drivers=",${BENCH_DRIVERS:-postgres,pglite},"
if [ -n "${DATABASE_URL:-}" ] || [[ "$drivers" != *",postgres,"* ]]; then
  exec tsx bench/products.ts
fi
PGPORT=${BENCH_PGPORT:-55440} exec bash scripts/with-postgres.sh tsx bench/products.ts
