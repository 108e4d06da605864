import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ApiContext, appRouter } from "@club/api";

/**
 * The web build's server renderer (apps/web/src/entry-server.tsx, built into `dist/ssr`): it runs
 * the page's loaders against the procedures with the request's own context and returns the first
 * screen's HTML with the query cache it was made from. The server imports the built file, so the
 * server package needs none of the web app's libraries.
 */
export type RenderResult =
  | { kind: "redirect"; location: string }
  | { kind: "page"; status: number; html: string; state: string; timeZone: string };

export interface PageRenderer {
  render(input: {
    url: string;
    router: typeof appRouter;
    createContext: () => Promise<ApiContext>;
    timeZone: string;
    /** The request came with a session cookie whose session has ended: Login says so. */
    sessionEnded?: boolean;
  }): Promise<RenderResult>;
}

/** Where the built page goes: the empty root element Vite leaves in index.html. */
const ROOT = '<div id="root"></div>';
/** The element the browser reads the query cache from (apps/web/src/lib/page-state.ts). */
const STATE_ID = "club-state";

const isRenderer = (mod: unknown): mod is PageRenderer =>
  typeof mod === "object" && mod !== null && "render" in mod && typeof mod.render === "function";

/** The build's renderer, or undefined when the web app was built without it (pages are then client-rendered). */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | undefined> {
  const file = join(webDist, "ssr", "entry-server.js");
  if (!existsSync(file)) return undefined;
  const mod: unknown = await import(pathToFileURL(file).href);
  return isRenderer(mod) ? mod : undefined;
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const IMPORT = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html for pages rendered here: the app's entry and its imports are left to `/start.js`,
 * which fetches them once the page is painted (the HTML is the first screen; the code only makes it
 * interactive). Undefined when the build's index.html has not the expected tags.
 */
export function renderedPageTemplate(template: string): string | undefined {
  const entry = ENTRY.exec(template)?.[1];
  if (!entry || !template.includes(ROOT)) return undefined;
  const imports = [...template.matchAll(IMPORT)].map((m) => m[1]);
  const start = `<script src="/start.js" defer data-entry="${entry}" data-imports="${imports.join(" ")}"></script>\n`;
  return template.replace(ENTRY, "").replace(IMPORT, "").replace("</head>", `    ${start}  </head>`);
}

/** The template with the rendered page in its root, and the cache and the zone it was rendered in beside it. */
export function pageHtml(template: string, page: { html: string; state: string; timeZone: string }): string {
  const at = template.indexOf(ROOT);
  const state = `<script type="application/json" id="${STATE_ID}" data-time-zone="${page.timeZone}">${page.state}</script>`;
  return `${template.slice(0, at)}<div id="root">${page.html}</div>${state}${template.slice(at + ROOT.length)}`;
}

/** The `tz` cookie the web app sets (apps/web/src/lib/time-zone.ts). */
const TIME_ZONE_COOKIE = "tz";

/**
 * The zone a page is rendered in: the one the member's browser said it is in, when it is a zone
 * this server knows, else the club's. Only zone names pass (they are written into the page).
 */
export function pageTimeZone(cookies: Record<string, string | undefined>, clubZone: string): string {
  const asked = cookies[TIME_ZONE_COOKIE];
  if (!asked || asked.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(asked)) return clubZone;
  try {
    new Intl.DateTimeFormat("en", { timeZone: asked });
    return asked;
  } catch {
    return clubZone;
  }
}
