#!/bin/sh
# One API instance from the production build (decision 0068). NODE_ENV unset means production: the
# process refuses to start without production's settings (docs/operations.md, "What production requires").
set -eu
cd "$(dirname "$0")/../.."
# Tracing loads first so that it can hook pg; it stays off without OTEL_EXPORTER_OTLP_ENDPOINT (0071).
exec node --enable-source-maps --import ./dist/observability/api.mjs dist/api/server.mjs
