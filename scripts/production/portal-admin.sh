#!/bin/sh
# The operator's command from the production build (decision 0097): `sh scripts/production/portal-admin.sh
# <command> [arguments]`, e.g. migrate, import <directory>, endpoints list, invite <client_ref>; `help` lists
# them. It stays in the folder it was typed in, so a relative path (an export to import) means from there.
# NODE_ENV unset means production; give it the app role's DATABASE_URL (the migrating role's to migrate).
set -eu
exec node --enable-source-maps "$(dirname "$0")/../../dist/operator/operator.mjs" "$@"
