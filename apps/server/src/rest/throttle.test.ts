import { ConfigError, loadEnv } from "@club/api";
import { afterEach, describe, expect, it } from "vitest";
import type { AppConfig } from "../config";
import { addUser, type Harness, linkIn, mailTo, ORIGIN, startApp } from "../test/harness";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function appWith(overrides: Partial<AppConfig> = {}) {
  h = await startApp(overrides);
  await addUser(h, { email: "ada@club.test", name: "Ada" });
  await addUser(h, { email: "bea@club.test", name: "Bea" });
  return h;
}

const attempt = (app: Harness, email: string, password: string, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: "POST",
    url: "/login",
    payload: { email, password },
    headers: { origin: ORIGIN, ...headers },
  });

describe("sign-in throttling", () => {
  it("checks at most 10 of 40 simultaneous wrong passwords from one address; the rest wait", async () => {
    const app = await appWith();
    const answers = await Promise.all(Array.from({ length: 40 }, () => attempt(app, "ada@club.test", "wrong-guess")));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^Too many attempts\. Please wait \d+ minute\(s\)/);
  });

  it("does not let a forged X-Forwarded-For start the count afresh", async () => {
    const app = await appWith();
    const codes = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await attempt(app, "ada@club.test", "wrong", { "x-forwarded-for": `10.9.8.${i}` })).statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it("does not count successful sign-ins", async () => {
    const app = await appWith();
    for (let i = 0; i < 15; i++) expect((await attempt(app, "ada@club.test", "password1")).statusCode).toBe(200);
  });

  it("throttles an account guessed at from many addresses, until its owner resets her password", async () => {
    // Behind one proxy, each guess seems to come from its own address.
    const app = await appWith({ trustProxy: 1 });
    const from = (i: number) => ({ "x-forwarded-for": `203.0.113.${i}` });
    for (let i = 0; i < 20; i++) expect((await attempt(app, "ada@club.test", "guess", from(i))).statusCode).toBe(401);
    const locked = await attempt(app, "ada@club.test", "password1", from(99));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/reset your password to sign in now/);
    // Another account, and the same addresses, are not affected.
    expect((await attempt(app, "bea@club.test", "password1", from(1))).statusCode).toBe(200);

    await app.app.inject({
      method: "POST",
      url: "/forgot-password",
      payload: { email: "ada@club.test" },
      headers: { origin: ORIGIN },
    });
    const token = linkIn((await mailTo(app, "ada@club.test")).at(-1)!.text, "/reset-password/")
      .split("/")
      .pop();
    const reset = await app.app.inject({
      method: "POST",
      url: "/reset-password",
      payload: { token, newPassword: "fresh-start" },
      headers: { origin: ORIGIN },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt(app, "ada@club.test", "fresh-start", from(100))).statusCode).toBe(200);
  });

  it("throttles guessed reset and registration tokens per address", async () => {
    const app = await appWith();
    const codes = [];
    for (let i = 0; i < 22; i++) {
      const res = await app.app.inject({
        method: i % 2 ? "POST" : "GET",
        url: i % 2 ? "/reset-password" : `/api/register/validate-token/guess${i}`,
        payload: i % 2 ? { token: `guess${i}`, newPassword: "whatever1" } : undefined,
        headers: { origin: ORIGIN },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 400 || c === 404)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });
});

describe("TRUST_PROXY", () => {
  it("is off by default, takes a hop count or addresses, and refuses to trust every client", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
      "loopback",
    ]);
    expect(() => loadEnv({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must not trust every client/);
    expect(() => loadEnv({ TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
  });
});
