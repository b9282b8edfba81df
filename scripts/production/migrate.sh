#!/bin/sh
# The migrate step (decision 0068): brings DATABASE_URL's database up to date, then exits. Run it once per
# deploy, before the new instances start; they do not migrate unless MIGRATE_ON_START=true.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps dist/migrate/migrate.mjs
