import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Paths that belong to the API: an unknown one answers JSON 404, never the SPA. */
const API_PREFIXES = ["/api/", "/trpc/", "/media/"];
const API_PATHS = new Set(["/api", "/trpc", "/auth-status", "/user-details", "/healthz", "/readyz", "/metrics"]);

export function isApiPath(path: string): boolean {
  return API_PATHS.has(path) || API_PREFIXES.some((p) => path.startsWith(p));
}

/** A file of the build (`/assets/…`, or a name with an extension such as `app.js.map`), never a page. */
const isAssetPath = (path: string) => path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path);

function jsonNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send({ error: `No such endpoint: ${request.method} ${request.url.split("?")[0]}`, message: "Not found" });
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is always revalidated.
 * Any other GET of a page path gets index.html and the client router shows the right screen
 * (including the not-found page).
 */
export async function spaPlugin(app: FastifyInstance, { webDist }: { webDist?: string | undefined }): Promise<void> {
  if (!webDist) {
    app.setNotFoundHandler(jsonNotFound);
    return;
  }
  const indexHtml = readFileSync(join(webDist, "index.html"));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build's `.br` and `.gz` beside each file, for browsers that accept them.
    preCompressed: true,
    // Source maps stay with the people who run the club: never served.
    allowedPath: (path) => !path.endsWith(".map"),
    setHeaders(reply, path) {
      reply.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if ((request.method !== "GET" && request.method !== "HEAD") || isApiPath(path) || isAssetPath(path)) {
      return jsonNotFound(request, reply);
    }
    return reply.code(200).type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(indexHtml);
  });
}
