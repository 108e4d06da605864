import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { ADMIN } from "../demo";
import { clubUrl, signIn } from "./club";

/**
 * What an outsider meets first, from the server as `pnpm start` runs it with the built web app:
 * the checks a load balancer makes, the API's document, a page, a REST call and a tRPC call. Each
 * broke once with every other test green, because the others ran a server without the web build.
 */
describe("the server as pnpm start runs it", () => {
  it("is ready, and says so at /readyz and /healthz", async () => {
    expect((await fetch(`${clubUrl()}/readyz`)).status).toBe(200);
    expect((await fetch(`${clubUrl()}/healthz`)).status).toBe(200);
  });

  it("serves its OpenAPI document, valid, beside the web app's files, which it does not list", async () => {
    const res = await fetch(`${clubUrl()}/api/openapi.json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as { paths: Record<string, unknown> };
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(Object.keys(document.paths)).toContain("/api/events");
    expect(Object.keys(document.paths).filter((p) => /assets|\.(br|gz|map|js|html)$/.test(p))).toEqual([]);
  });

  it("renders a page on the server, with the web app's own files, compressed for browsers", async () => {
    const page = await fetch(`${clubUrl()}/login`, { headers: { "accept-encoding": "br, gzip" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    // The screen itself, rendered here, not an empty shell for the browser to fill.
    expect(html).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
    expect(html).toMatch(/<input[^>]+type="password"/);
    const script = /<script[^>]+data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${clubUrl()}${script}`, { headers: { "accept-encoding": "br" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${clubUrl()}${script}.map`)).status).toBe(404);
  });

  it("answers a REST call and a tRPC call of a signed-in member", async () => {
    const cookie = await signIn();
    const details = await fetch(`${clubUrl()}/user-details`, { headers: { cookie } });
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ email: ADMIN.email, name: ADMIN.name });
    const events = await fetch(`${clubUrl()}/api/events`, { headers: { cookie } });
    expect(events.status).toBe(200);
    expect((await events.json()).length).toBeGreaterThan(0);

    const status = await fetch(`${clubUrl()}/trpc/auth.status`, { headers: { cookie } });
    expect(status.status).toBe(200);
    const answer = (await status.json()) as { result: { data: { json: unknown } } };
    expect(answer.result.data.json).toMatchObject({ authenticated: true, user: { name: ADMIN.name, admin: true } });
  });
});
