import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, startApp } from "../test/harness";
import { pageHtml, pageTimeZone, renderedPageTemplate } from "./page-render";

// index.html as Vite writes it: the entry as a module script and its imports as modulepreloads.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>The Club</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/router-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("the page template", () => {
  it("leaves the app's scripts to start.js, with the entry and its imports, and keeps the styles", () => {
    const page = renderedPageTemplate(TEMPLATE);
    expect(page).toBeDefined();
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain("modulepreload");
    expect(page).toContain(
      '<script src="/start.js" defer data-entry="/assets/index-abc.js" data-imports="/assets/react-def.js /assets/router-ghi.js"></script>',
    );
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">');
  });

  it("is not made from an index.html without the entry or the root element", () => {
    expect(renderedPageTemplate("<!doctype html><div id=root></div>")).toBeUndefined();
    expect(renderedPageTemplate(TEMPLATE.replace('<div id="root"></div>', ""))).toBeUndefined();
  });

  it("puts the page in the root and the cache in a JSON script beside it", () => {
    const html = pageHtml(TEMPLATE, { html: "<h1>Events</h1>", state: '{"json":1}', timeZone: "Europe/Paris" });
    expect(html).toContain(
      '<div id="root"><h1>Events</h1></div><script type="application/json" id="club-state" data-time-zone="Europe/Paris">{"json":1}</script>',
    );
  });

  it("renders in the zone the browser named when it is a real zone, else in the club's", () => {
    expect(pageTimeZone({ tz: "Asia/Tokyo" }, "America/New_York")).toBe("Asia/Tokyo");
    expect(pageTimeZone({ tz: "UTC" }, "America/New_York")).toBe("UTC");
    expect(pageTimeZone({}, "America/New_York")).toBe("America/New_York");
    expect(pageTimeZone({ tz: "Mars/Olympus_Mons" }, "America/New_York")).toBe("America/New_York");
    expect(pageTimeZone({ tz: '"><script>alert(1)</script>' }, "America/New_York")).toBe("America/New_York");
    expect(pageTimeZone({ tz: "A".repeat(100) }, "America/New_York")).toBe("America/New_York");
  });
});

// A stand-in for the web build's renderer: what it is given, and each kind of answer it can give.
const RENDERER = `
export async function render({ url, router, createContext, timeZone }) {
  if (url.startsWith("/broken")) throw new Error("render failed");
  const ctx = await createContext();
  if (url.startsWith("/members-only") && !ctx.user) return { kind: "redirect", location: "/login?redirect=%2Fmembers-only" };
  const caller = router.createCaller(ctx);
  const status = await caller.auth.status();
  const who = status.authenticated ? status.user.name : "a visitor";
  const html = "<p>Hello " + who + " at " + url + "</p>" + (url.startsWith("/long") ? "<p>A long page.</p>".repeat(200) : "");
  return { kind: "page", status: url.startsWith("/nowhere") ? 404 : 200, html, state: "{}", timeZone };
}`;

let h: Harness;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "club-ssr-"));
  mkdirSync(join(webDist, "ssr"));
  writeFileSync(join(webDist, "index.html"), TEMPLATE);
  writeFileSync(join(webDist, "start.js"), "// starts the app");
  writeFileSync(join(webDist, "ssr", "entry-server.js"), RENDERER);
  h = await startApp({ webDist });
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
});
afterAll(async () => {
  await h.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("pages rendered on the server", () => {
  it("renders a page for the visitor who asks, with her session, and keeps it out of shared caches", async () => {
    const visitor = await h.app.inject({ url: "/calendar?q=tea" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers["content-type"]).toContain("text/html");
    expect(visitor.body).toContain('<div id="root"><p>Hello a visitor at /calendar?q=tea</p></div>');
    expect(visitor.body).toContain('<script src="/start.js" defer');
    expect(visitor.headers["cache-control"]).toBe("private, no-cache");
    expect(visitor.headers.vary).toContain("Cookie");

    expect(visitor.body).toContain('data-time-zone="America/New_York"');

    const cookie = await login(h, "ada@club.test");
    const member = await h.app.inject({ url: "/calendar", headers: { cookie: `${cookie}; tz=Europe%2FParis` } });
    expect(member.body).toContain("<p>Hello Ada at /calendar</p>");
    expect(member.body).toContain('data-time-zone="Europe/Paris"');
  });

  it("goes compressed to a browser that accepts it, as the JSON answers do", async () => {
    // A rendered page is no route of the server's (the pages are its not-found handler), so the
    // compression plugin, which works route by route, never saw them: a gallery page went out as
    // 187 KB of HTML to a phone.
    const url = "/long";
    const plain = await h.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await h.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Cookie/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await h.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("answers a guard's redirect with a 302, and the router's status as it is", async () => {
    const away = await h.app.inject({ url: "/members-only" });
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe("/login?redirect=%2Fmembers-only");
    expect((await h.app.inject({ url: "/nowhere" })).statusCode).toBe(404);
  });

  it("sends the client-rendered page when rendering fails, so the page still opens", async () => {
    const res = await h.app.inject({ url: "/broken" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEMPLATE);
  });

  it("never serves the renderer's files, and serves start.js", async () => {
    expect((await h.app.inject({ url: "/ssr/entry-server.js" })).statusCode).toBe(404);
    const start = await h.app.inject({ url: "/start.js" });
    expect(start.statusCode).toBe(200);
    expect(start.body).toBe("// starts the app");
  });
});
