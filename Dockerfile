# syntax=docker/dockerfile:1
# The portal's production image (decision 0068; docs/operations.md, "Running in production"). One image,
# one process per container, chosen by the command (deploy/compose.yaml, deploy/kubernetes/):
# scripts/production/start-api.sh (the default), start-worker.sh (decision 0126), start-web.sh,
# start-idp.sh, or migrate.sh, the step run once before a deploy's instances start;
# and scripts/production/portal-admin.sh <command>, the operator's command (decision 0097), in a one-off
# container (`docker run --rm … vet-portal sh scripts/production/portal-admin.sh help`).
# Its build and install steps are the scripts `npm run smoke:production` runs in CI, where no container
# engine is installed: build.sh, install.sh.

# The base image by digest, never a tag that moves (decision 0138). The zeros are a placeholder that no
# registry holds, so a build fails until the release step puts the digest in (docs/operations.md, "The
# container and the reference deployment"): `docker buildx imagetools inspect node:24-slim` prints it.
ARG NODE_IMAGE=node:24-slim@sha256:0000000000000000000000000000000000000000000000000000000000000000

FROM ${NODE_IMAGE} AS build
WORKDIR /portal
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN sh scripts/production/build.sh

FROM ${NODE_IMAGE} AS runtime
WORKDIR /portal
ENV NEXT_TELEMETRY_DISABLED=1 \
    API_HOST=0.0.0.0 \
    IDP_HOST=0.0.0.0
# NODE_ENV is left unset, which the apps take as production (they refuse to start without its settings).
COPY --from=build /portal/dist/manifests/ ./
COPY scripts/production/ ./scripts/production/
RUN --mount=type=cache,target=/root/.npm sh scripts/production/install.sh
COPY --from=build /portal/dist/ ./dist/
# Next.js may write its cache beside the build; nothing else is written at run time.
RUN mkdir -p dist/web/apps/web/.next/cache && chown node:node dist/web/apps/web/.next/cache
USER node
EXPOSE 3000 4000 4100
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "scripts/production/healthcheck.mjs"]
CMD ["sh", "scripts/production/start-api.sh"]
