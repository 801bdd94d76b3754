# syntax=docker/dockerfile:1
# Outflank: a multi-stage build. The runtime image holds the compiled JavaScript and the
# production dependencies only, and runs as the unprivileged `node` user. Node 24, the newer of
# the two supported LTS lines (22 and 24, docs/decisions.md).

# --- build: compile TypeScript to dist/ -------------------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime ---------------------------------------------------------------------------
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The master games the opening pages and the explorer read (data/README.md).
COPY --from=build /app/data ./data
# DATA_DIR (./.data) is only written without DATABASE_URL (embedded PostgreSQL); keep it writable.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/cli.js", "serve"]
