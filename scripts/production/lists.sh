#!/bin/sh
# The reference lists' step (decision 0096): loads species, breeds, colours, insurers, salutations and
# cancellation reasons into DATABASE_URL's database, then exits. Run it after the migrate step at each
# deploy (as the app role is enough); a second run with the same lists changes nothing. --dry-run says
# what it would change.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps dist/lists/lists.mjs "$@"
