# syntax=docker/dockerfile:1
# One image for every role (ROLE=all|api|relay|projector). Build: docker build -t drinks .
ARG NODE_IMAGE=node:20-bookworm-slim

# Workspace manifests only, so dependency layers are cached until a manifest changes.
FROM ${NODE_IMAGE} AS manifests
# Toolchain for native addons (better-sqlite3) when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY services/package.json services/
COPY web/package.json web/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY contracts/ contracts/
COPY projections/ projections/
COPY services/ services/
COPY web/ web/
RUN npm run build

# Production dependencies of the server only (no web libraries, no dev tools).
FROM manifests AS prod-deps
RUN npm ci --omit=dev --workspace=@drinks/services --include-workspace-root=false --no-audit --no-fund \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY services/package.json services/
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/projections/dist projections/dist
COPY --from=build /app/services/dist services/dist
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "services/dist/main.js"]
