# Production image. The build stage builds the workspace and gathers what runs: the server's bundle
# with its production dependencies only (pnpm deploy, which copies the server's `files`: its built
# dist/, no sources), the built web app, and the `club` CLI: its
# bundle (in its `files`, so deployed with it) and the database's packages, which are its
# dependencies in the workspace (left out of its packed manifest only, by .pnpmfile.cjs), so the
# image's `club` runs the database commands too.
FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @club/server... --filter @club/web --filter @club/cli build \
 && pnpm --filter @club/server deploy --prod --legacy /out/server \
 && cp -r apps/web/dist /out/web \
 && pnpm --filter @club/cli deploy --prod --legacy /out/cli

# The runtime: Node, ffmpeg (video conversion, posters and metadata removal) and tini, which passes SIGTERM to
# the server (it finishes requests in flight, then stops) and reaps child processes (ffmpeg).
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir /data && chown node:node /data
COPY --from=build --chown=root:root /out /app
# `club …` on the PATH, for `docker run --rm IMAGE club seed --file …` and `docker exec`.
RUN printf '#!/bin/sh\nexec node /app/cli/dist/club.js "$@"\n' > /usr/local/bin/club \
 && chmod 755 /usr/local/bin/club
# The image's own `node` user (uid 1000), never root; it owns only the data directory.
USER node
WORKDIR /app
# Two malloc arenas instead of eight per core: the server's threads (libuv, V8's helpers, libvips)
# each kept freed memory in an arena of its own (about 60 MB of idle RSS; see
# docs/decisions/issue-37-one-compiled-copy-of-postgres-and-two.md).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data WEB_DIST=/app/web MALLOC_ARENA_MAX=2
VOLUME /data
EXPOSE 3000
# Asks the port the server listens on (PORT, 3000 unless the container is given another).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# On SIGTERM the server finishes requests and uploads in flight for SHUTDOWN_GRACE_SECONDS (25),
# longer than the 10 s `docker stop` waits by default: give it 30 s (`stop_grace_period: 30s` in
# docker-compose.yml, `docker run --stop-timeout 30`, `docker stop -t 30`).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
# A young generation of 8 MB semi-spaces instead of Node's 16: 20-35 MB less idle, as fast under
# load (docs/decisions/issue-37-later-still-a-young-generation-of-8-mb.md). `pnpm start` runs the server the same way.
CMD ["node", "--max-semi-space-size=8", "/app/server/dist/main.js"]
