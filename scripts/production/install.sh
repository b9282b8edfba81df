#!/bin/sh
# The production install (decision 0068): the dependencies of dist/ and nothing for development, from the
# manifests and lockfile that build.sh puts in dist/manifests/ (copied to the folder's root first). The
# Dockerfile's runtime stage and scripts/production-smoke.ts run it; extra arguments go to npm ci.
set -eu
cd "$(dirname "$0")/../.."
exec npm ci --omit=dev --ignore-scripts --no-audit --no-fund "$@"
