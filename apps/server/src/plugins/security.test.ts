import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "../test/harness";

let h: Harness;
beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada" });
});
afterAll(() => h.close());

describe("origin check", () => {
  it("refuses state-changing requests from another site or without an Origin", async () => {
    const cookie = await login(h, "ada@club.test");
    for (const headers of [{ origin: "https://evil.test" }, {}]) {
      const rest = await h.app.inject({
        method: "POST",
        url: "/update-user",
        payload: { name: "X" },
        headers: { ...headers, cookie },
      });
      expect(rest.statusCode).toBe(403);
      const trpc = await h.app.inject({
        method: "POST",
        url: "/trpc/auth.logout",
        payload: {},
        headers: { ...headers, cookie },
      });
      expect(trpc.statusCode).toBe(403);
    }
    // A cross-site form post (urlencoded) is refused before it is even parsed.
    const form = await h.app.inject({
      method: "POST",
      url: "/logout",
      headers: { origin: "https://evil.test", "content-type": "application/x-www-form-urlencoded", cookie },
      payload: "a=1",
    });
    expect(form.statusCode).toBe(403);
    expect((await h.app.inject({ url: "/auth-status", headers: { cookie } })).json().authenticated).toBe(true);
  });
});

describe("headers and the SPA", () => {
  it("sends a CSP and the usual hardening headers", async () => {
    const res = await h.app.inject({ url: "/about" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves index.html for page paths and a JSON 404 for unknown API paths", async () => {
    for (const url of ["/", "/about", "/no/such/page", "/login"]) {
      const res = await h.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
    }
    for (const url of ["/api/nope", "/trpc/nope.nothing"]) {
      const res = await h.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/(problem\+)?json/);
    }
    const post = await h.app.inject({ method: "POST", url: "/nope", headers: { origin: ORIGIN } });
    expect(post.statusCode).toBe(404);
  });

  it("answers health and readiness", async () => {
    expect((await h.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await h.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
  });
});

describe("tRPC errors", () => {
  it("turns invalid input into a 400 with field messages", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/trpc/auth.login",
      headers: { origin: ORIGIN },
      payload: { json: { email: "", password: "" } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json().error.json;
    expect(body.message).toBe("Email is required.");
    expect(body.data.fieldErrors.email).toContain("Email is required.");
    expect(JSON.stringify(body)).not.toContain("stack");
  });

  it("refuses members' procedures to visitors with 401", async () => {
    const res = await h.app.inject({ url: "/trpc/auth.me" });
    expect(res.statusCode).toBe(401);
  });

  it("bounds the batch size", async () => {
    const batch = (n: number) =>
      h.app.inject({
        method: "POST",
        url: `/trpc/${Array.from({ length: n }, () => "auth.logout").join(",")}?batch=1`,
        headers: { origin: ORIGIN },
        payload: Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}])),
      });
    expect((await batch(3)).statusCode).toBe(200);
    expect((await batch(21)).statusCode).toBe(400);
  });
});

describe("sign-in throttle", () => {
  it("answers 429 after 10 failures from one address, through REST and tRPC alike", async () => {
    const attempt = (url: string) =>
      h.app.inject({
        method: "POST",
        url,
        remoteAddress: "10.9.9.9",
        headers: { origin: ORIGIN },
        // tRPC inputs travel in the superjson envelope; the REST shim takes plain JSON.
        payload: url.startsWith("/trpc")
          ? { json: { email: "ada@club.test", password: "wrong-password" } }
          : { email: "ada@club.test", password: "wrong-password" },
      });
    for (let i = 0; i < 5; i++) expect((await attempt("/login")).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt("/trpc/auth.login")).statusCode).toBe(401);
    const limited = await attempt("/login");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many attempts/);
    expect((await attempt("/trpc/auth.login")).statusCode).toBe(429);
    // Other addresses and other routes are not affected.
    expect((await h.app.inject({ url: "/auth-status", remoteAddress: "10.9.9.9" })).statusCode).toBe(200);
  });
});
