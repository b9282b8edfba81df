#!/bin/sh
# One API instance from the production build (decision 0068). NODE_ENV unset means production: the
# process refuses to start without production's settings (README, "Running in production").
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps dist/api/server.mjs
