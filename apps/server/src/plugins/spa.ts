import { readFileSync } from "node:fs";
import { join } from "node:path";
import { appRouter } from "@club/api";
import { SESSION_COOKIE } from "@club/auth";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { encodedBody } from "../answers/encodings";
import { noSuchEndpoint } from "../rest/problem";
import { loadPageRenderer, type PageRenderer, pageHtml, pageTimeZone, renderedPageTemplate } from "./page-render";
import { type ContextDeps, createContext } from "./trpc";

/** Paths that belong to the API: an unknown one answers JSON 404, never the SPA. */
const API_PREFIXES = ["/api/", "/trpc/", "/media/"];
const API_PATHS = new Set(["/api", "/trpc", "/auth-status", "/user-details", "/healthz", "/readyz", "/metrics"]);

export function isApiPath(path: string): boolean {
  return API_PATHS.has(path) || API_PREFIXES.some((p) => path.startsWith(p));
}

/** A file of the build (`/assets/…`, or a name with an extension such as `app.js.map`), never a page. */
const isAssetPath = (path: string) => path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path);

/**
 * The request brought a session cookie that names no live session (signed out elsewhere, a new
 * password, the account removed, or expired): a members' page then sends her to Login saying she
 * was signed out, as the browser does when a page already open finds it (web: session-ended.ts).
 * Reading it clears the cookie, so the message is said once.
 */
async function sessionEnded(request: FastifyRequest): Promise<boolean> {
  if (!request.cookies[SESSION_COOKIE]) return false;
  // A session that cannot be read (the database down) is not an ended one: the render itself then
  // answers 503 with its page, as without a cookie.
  const auth = await request.auth().catch(() => null);
  return auth !== null && auth.session === null;
}

/** The preview image's address made whole: link previews need an absolute URL. */
export const withPreviewOrigin = (html: string, appOrigin: string) =>
  html.replace('property="og:image" content="/', `property="og:image" content="${appOrigin}/`);

/**
 * Serves the built web app. Hashed assets are cached for a year. Any other GET of a page path gets
 * the page rendered on the server for this visitor (her first screen and its data in the HTML) when
 * the build has its renderer, else index.html, and the client router shows the right screen.
 */
export async function spaPlugin(
  app: FastifyInstance,
  { webDist, deps }: { webDist?: string | undefined; deps: ContextDeps },
): Promise<void> {
  if (!webDist) {
    app.setNotFoundHandler(noSuchEndpoint);
    return;
  }
  const template = withPreviewOrigin(readFileSync(join(webDist, "index.html"), "utf8"), deps.config.appOrigin);
  const rendered = renderedPageTemplate(template);
  const renderer = rendered ? await loadPageRenderer(webDist) : undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build's `.br` and `.gz` beside each file, for browsers that accept them.
    preCompressed: true,
    // Source maps stay with the people who run the club, and the server's renderer with the server.
    allowedPath: (path) => !path.endsWith(".map") && !path.startsWith("/ssr/"),
    setHeaders(reply, path) {
      reply.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if ((request.method !== "GET" && request.method !== "HEAD") || isApiPath(path) || isAssetPath(path)) {
      return noSuchEndpoint(request, reply);
    }
    return renderer && rendered ? renderPage(renderer, rendered, request, reply) : sendShell(request, reply);
  });

  // The pages go compressed here: no route sends them, so the compression plugin never sees them.
  function sendShell(request: FastifyRequest, reply: FastifyReply) {
    reply.code(200).type("text/html; charset=utf-8").header("Cache-Control", "no-cache");
    return reply.send(encodedBody(request, reply, template));
  }

  async function renderPage(renderer: PageRenderer, page: string, request: FastifyRequest, reply: FastifyReply) {
    try {
      const result = await renderer.render({
        url: request.url,
        router: appRouter,
        createContext: () => createContext(deps, request, reply),
        timeZone: pageTimeZone(request.cookies, deps.config.timeZone),
        sessionEnded: await sessionEnded(request),
      });
      // The page is made for this visitor: no shared cache keeps it.
      reply.header("Cache-Control", "private, no-cache").header("Vary", "Cookie");
      if (result.kind === "redirect") return reply.redirect(result.location, 302);
      reply.code(result.status).type("text/html; charset=utf-8");
      return reply.send(encodedBody(request, reply, pageHtml(page, result)));
    } catch (err) {
      // A page that cannot be rendered here still opens: the browser renders it as before.
      request.log.error({ err, url: request.url }, "page render failed; sending the client-rendered page");
      return sendShell(request, reply);
    }
  }
}
