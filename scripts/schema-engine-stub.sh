#!/bin/sh
# Prisma's native schema engine cannot be downloaded on this network. `prisma generate` only needs
# PRISMA_SCHEMA_ENGINE_BINARY to name an executable; migrations go through scripts/db-migrate.ts,
# which drives Prisma's WASM schema engine instead.
echo "The native Prisma schema engine is not available here: use npm run db:migrate / db:check / db:create-migration." >&2
exit 1
