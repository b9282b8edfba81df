#!/bin/sh
# One worker process from the production build (decision 0126): the API's build with PORTAL_ROLE=worker,
# which runs the background work (the e-mail and SMS queue, reminders, retention, the connectors, the
# practice events' dispatcher, earlier times' minute job) and serves no request: its API_PORT answers
# /healthz and /readyz only. It drains on SIGTERM: the job in hand finishes, no new one is taken.
set -eu
cd "$(dirname "$0")/../.."
export PORTAL_ROLE=worker
# Tracing loads first so that it can hook pg; it stays off without OTEL_EXPORTER_OTLP_ENDPOINT (0071).
exec node --enable-source-maps --import ./dist/observability/api.mjs dist/api/server.mjs
