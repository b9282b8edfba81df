#!/bin/sh
# The production build (decision 0068), exactly as the Dockerfile's build stage and
# scripts/production-smoke.ts run it: `npm run build`. Needs the development dependencies (npm ci).
#   dist/api/server.mjs, dist/idp/server.mjs, dist/migrate/migrate.mjs  the servers, bundled (esbuild)
#   dist/operator/operator.mjs                                           the operator's command (0097)
#   dist/migrations/                                                     the SQL they apply
#   dist/web/                    Next.js's standalone output: apps/web/server.mjs and its node_modules,
#                                and the metrics module it loads (bundled like the servers)
#   dist/manifests/              package.json files and the lockfile, for the production install
set -eu
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1

rm -rf dist
# next build (output: 'standalone'), then the compile hints on the browser's chunks (decision 0045).
npm run build -w @vet/web

# The web: the traced server files and node_modules, with the portal's own server in place of Next.js's
# server.js, and the browser's files, which the standalone output leaves out.
mkdir -p dist
cp -R apps/web/.next/standalone dist/web
rm -f dist/web/apps/web/server.js
cp apps/web/server.mjs dist/web/apps/web/server.mjs
cp -R apps/web/.next/static dist/web/apps/web/.next/static
if [ -d apps/web/public ]; then cp -R apps/web/public dist/web/apps/web/public; fi

# The servers, and the metrics module the web's server.mjs loads when METRICS_PORT is set (decision 0072),
# bundled with the @vet/contracts code it uses; prom-client comes from the production install beside dist/.
npx tsx scripts/production/bundle-servers.ts

# What the production install needs (install.sh): the root's and every workspace's manifest, the lockfile.
mkdir -p dist/manifests
cp package.json package-lock.json .npmrc dist/manifests/
for manifest in apps/*/package.json packages/*/package.json; do
  mkdir -p "dist/manifests/$(dirname "$manifest")"
  cp "$manifest" "dist/manifests/$manifest"
done
echo "build: dist/ holds the API, the identity provider, the migrate step, the operator's command and the web"
