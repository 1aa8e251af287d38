#!/usr/bin/env bash
# pnpm bench:ledger: PostgreSQL from DATABASE_URL when set; otherwise a throw-away PostgreSQL 15 cluster
# (scripts/with-postgres.sh) on 127.0.0.1:${BENCH_PGPORT:-55441}. No cluster when BENCH_DRIVERS leaves PostgreSQL out.
set -euo pipefail
cd "$(dirname "$0")/.."
drivers=",${BENCH_DRIVERS:-postgres,pglite},"
if [ -n "${DATABASE_URL:-}" ] || [[ "$drivers" != *",postgres,"* ]]; then
  exec tsx bench/ledger.ts
fi
PGPORT=${BENCH_PGPORT:-55441} exec bash scripts/with-postgres.sh tsx bench/ledger.ts
