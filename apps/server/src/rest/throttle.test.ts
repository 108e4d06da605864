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

describe("known devices and the account lockout", () => {
  const from = (i: number) => ({ "x-forwarded-for": `198.51.100.${i}` });
  /** The device cookie a successful sign-in sets (`club_device=…`), checked to be HttpOnly. */
  function deviceCookieOf(res: Awaited<ReturnType<typeof attempt>>): string {
    const header = res.headers["set-cookie"];
    const set = (Array.isArray(header) ? header : [header ?? ""]).find((c) => c.startsWith("club_device="));
    if (!set) throw new Error(`no device cookie in ${JSON.stringify(header)}`);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    return set.split(";")[0]!;
  }
  const signIn = async (app: Harness, email: string, password: string, i: number, device?: string) =>
    attempt(app, email, password, { ...from(i), ...(device ? { cookie: device } : {}) });
  const lockNotices = async (app: Harness, email: string) =>
    (await mailTo(app, email)).filter((m) => m.subject === "Someone is trying to sign in to your account");

  it("lets a device she signed in from before through a lockout; no other cookie helps", async () => {
    const app = await appWith({ trustProxy: 1 });
    const ada = deviceCookieOf(await signIn(app, "ada@club.test", "password1", 1));
    const bea = deviceCookieOf(await signIn(app, "bea@club.test", "password1", 2));

    // Someone guesses at Ada's account from many addresses, without her device cookie.
    for (let i = 10; i < 30; i++) expect((await signIn(app, "ada@club.test", "guess", i)).statusCode).toBe(401);
    for (let i = 30; i < 35; i++) expect((await signIn(app, "ada@club.test", "guess", i)).statusCode).toBe(429);
    expect((await signIn(app, "ada@club.test", "password1", 40)).statusCode).toBe(429);

    // Bea's device cookie is not Ada's, and a forged one is nobody's.
    expect((await signIn(app, "ada@club.test", "password1", 41, bea)).statusCode).toBe(429);
    const [nonce, signature] = ada.slice("club_device=".length).split(".");
    const forged = [
      `club_device=${nonce}x.${signature}`,
      `club_device=${nonce}.${signature![0] === "A" ? "B" : "A"}${signature!.slice(1)}`,
      "club_device=anything",
    ];
    for (const cookie of forged)
      expect((await signIn(app, "ada@club.test", "password1", 42, cookie)).statusCode).toBe(429);

    // Her own device signs in, from an address it never used.
    const known = await signIn(app, "ada@club.test", "password1", 43, ada);
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().user.name).toBe("Ada");

    // One notice for the lockout, not one per refused guess: it says her devices still work and how to reset.
    const notices = await lockNotices(app, "ada@club.test");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/devices you signed in from before still work/i);
    expect(notices[0]!.text).toContain(`${ORIGIN}/forgot-password`);
    expect(await lockNotices(app, "bea@club.test")).toHaveLength(0);
  });

  it("counts a known device's wrong passwords against that device, and locks an abused device cookie", async () => {
    const app = await appWith({ trustProxy: 1 });
    const stolen = deviceCookieOf(await signIn(app, "ada@club.test", "password1", 1));
    const laptop = deviceCookieOf(await signIn(app, "ada@club.test", "password1", 2));
    expect(laptop).not.toBe(stolen);

    // Ten wrong passwords with one device cookie lock that cookie, even with the right password.
    for (let i = 10; i < 20; i++) expect((await signIn(app, "ada@club.test", "guess", i, stolen)).statusCode).toBe(401);
    const refused = await signIn(app, "ada@club.test", "password1", 20, stolen);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many sign-in attempts from this device\./);

    // They did not count against the account: 19 wrong passwords from elsewhere still leave it open.
    for (let i = 30; i < 49; i++) expect((await signIn(app, "ada@club.test", "guess", i)).statusCode).toBe(401);
    expect((await signIn(app, "ada@club.test", "password1", 49)).statusCode).toBe(200);
    expect((await signIn(app, "ada@club.test", "guess", 50)).statusCode).toBe(401);
    expect((await signIn(app, "ada@club.test", "password1", 51)).statusCode).toBe(429);

    // With the account locked too, the used-up cookie stays refused; her other device still signs in.
    expect((await signIn(app, "ada@club.test", "password1", 52, stolen)).statusCode).toBe(429);
    expect((await signIn(app, "ada@club.test", "password1", 53, laptop)).statusCode).toBe(200);
  });

  it("lets the reset link through a lockout, and the reset ends the lockout", async () => {
    const app = await appWith({ trustProxy: 1 });
    for (let i = 10; i < 30; i++) expect((await signIn(app, "ada@club.test", "guess", i)).statusCode).toBe(401);
    expect((await signIn(app, "ada@club.test", "password1", 30)).statusCode).toBe(429);

    const asked = await app.app.inject({
      method: "POST",
      url: "/forgot-password",
      payload: { email: "ada@club.test" },
      headers: { origin: ORIGIN, ...from(31) },
    });
    expect(asked.statusCode).toBe(200);
    const resetMail = (await mailTo(app, "ada@club.test")).find((m) => m.subject === "Reset your password")!;
    const token = linkIn(resetMail.text, "/reset-password/").split("/").pop();
    const reset = await app.app.inject({
      method: "POST",
      url: "/reset-password",
      payload: { token, newPassword: "fresh-start" },
      headers: { origin: ORIGIN, ...from(32) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = await signIn(app, "ada@club.test", "fresh-start", 33);
    expect(after.statusCode).toBe(200);
    deviceCookieOf(after);
    expect(await lockNotices(app, "ada@club.test")).toHaveLength(1);
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
