# syntax=docker/dockerfile:1
# Bayon's production image (docs/operations.md, "Docker"). Not built in CI, which has no container
# engine: apps/api/src/lib/operations-guide.test.ts checks what this file states.

# Build stage: every dependency, then the web app (apps/web/dist).
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci
COPY . .
RUN npm run build

# Run stage: production dependencies (tsx runs the server's TypeScript, decision 003), the
# server's and the contract's code, the built web app; as the image's unprivileged node user.
FROM node:20.20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/var/lib/bayon
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --omit=dev && npm cache clean --force
COPY packages/contract/src packages/contract/src
COPY apps/api/src apps/api/src
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/bayon && chown node:node /var/lib/bayon
USER node
# Uploads without S3_*, and the embedded database without DATABASE_URL.
VOLUME /var/lib/bayon
EXPOSE 8080
# Ready: migrated, the database answers, not draining. No curl in the slim image: node asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# node itself, not npm: npm would take the SIGTERM and leave the server running (issue 30).
CMD ["node", "apps/api/src/serve.mjs"]
