#!/bin/sh
# The embedded identity provider from the production build (decision 0068), for a deployment without an
# OpenID Connect provider of its own. NODE_ENV unset means production.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps dist/idp/server.mjs
