# Gatehouse: the API and the console in one Node 24 process (docs/operations.md).
#   docker build -t gatehouse .
#   docker run -p 8080:8080 -v gatehouse-data:/data -e PUBLIC_URL=https://sso.example.com gatehouse

# 1. Build the console (Vite) and bundle the server (esbuild) with every dependency.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Run: production dependencies, the server bundle and its migrations, the built console.
FROM node:24-bookworm-slim AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY server/db/migrations ./server/db/migrations
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/console ./dist/console
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness; orchestrators should use GET /readyz for readiness (database and migrations).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop) shuts down gracefully: requests finish, the DATA_DIR lock is released.
STOPSIGNAL SIGTERM
# The young generation capped at 8 MB per half, two malloc arenas and a fixed trim threshold: about
# 180 MB less resident memory at the same CPU per request (docs/server-performance.md). Keep in
# step with package.json's start script.
ENV MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072
CMD ["node", "--max-semi-space-size=8", "dist/server/main.mjs"]
