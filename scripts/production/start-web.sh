#!/bin/sh
# One web instance from the production build (decision 0068): the portal's server around Next.js's
# standalone output, which carries its own node_modules. NODE_ENV unset means production.
set -eu
cd "$(dirname "$0")/../../dist/web/apps/web"
# Tracing loads first so that it can hook http and pg; off without OTEL_EXPORTER_OTLP_ENDPOINT (0071).
exec node --import ../../../observability/web.mjs server.mjs
