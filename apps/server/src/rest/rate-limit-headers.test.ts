import { afterEach, describe, expect, it } from "vitest";
import { addUser, type Harness, ORIGIN, startApp } from "../test/harness";

// Throttled routes tell a caller her quotas before she runs out (RateLimit-Policy and RateLimit,
// the IETF draft "RateLimit header fields for HTTP"), and a 429 says when to come back (Retry-After).

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function app() {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada" });
  return h;
}

const signIn = (app: Harness, password: string) =>
  app.app.inject({
    method: "POST",
    url: "/login",
    payload: { email: "ada@club.test", password },
    headers: { origin: ORIGIN },
  });

/** `"name";r=…;t=…` of one rule in a RateLimit header. */
function quota(header: unknown, rule: string): { left: number; seconds: number } {
  const item = String(header)
    .split(", ")
    .find((i) => i.startsWith(`"${rule}";`));
  const match = item?.match(/;r=(\d+);t=(\d+)$/);
  if (!match) throw new Error(`no quota of ${rule} in ${String(header)}`);
  return { left: Number(match[1]), seconds: Number(match[2]) };
}

describe("RateLimit headers", () => {
  it("count a wrong password down per address, then refuse with none left and Retry-After", async () => {
    const h = await app();
    const first = await signIn(h, "wrong");
    expect(first.statusCode).toBe(401);
    // The account's own count is someone else's business: only the address's is told.
    expect(first.headers["ratelimit-policy"]).toBe('"login-ip";q=10;w=600');
    expect(quota(first.headers.ratelimit, "login-ip")).toEqual({ left: 9, seconds: expect.any(Number) });
    expect(quota(first.headers.ratelimit, "login-ip").seconds).toBeGreaterThan(590);
    expect(quota(first.headers.ratelimit, "login-ip").seconds).toBeLessThanOrEqual(600);
    expect(String(first.headers.ratelimit)).not.toContain("login-account");

    for (let i = 0; i < 9; i++) await signIn(h, "wrong");
    const refused = await signIn(h, "wrong");
    expect(refused.statusCode).toBe(429);
    expect(quota(refused.headers.ratelimit, "login-ip").left).toBe(0);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(quota(refused.headers.ratelimit, "login-ip").seconds).toBe(retryAfter);
  });

  it("give back the attempt of a right password", async () => {
    const h = await app();
    await signIn(h, "wrong");
    const right = await signIn(h, "password1");
    expect(right.statusCode).toBe(200);
    // The wrong one still counts; the right one does not.
    expect(quota(right.headers.ratelimit, "login-ip").left).toBe(9);
  });

  it("come with tRPC's answers as with REST's, and not with routes that count nothing", async () => {
    const h = await app();
    const rest = await h.app.inject({
      method: "POST",
      url: "/api/validate-code",
      payload: { code: "NOT-A-CODE-AT-ALL" },
      headers: { origin: ORIGIN },
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers["ratelimit-policy"]).toBe('"code-ip";q=10;w=3600');
    expect(quota(rest.headers.ratelimit, "code-ip").left).toBe(9);

    const trpc = await h.app.inject({
      method: "POST",
      url: "/trpc/invitationCodes.validate",
      payload: { json: { code: "NOT-A-CODE-EITHER" } },
      headers: { origin: ORIGIN, "content-type": "application/json" },
    });
    expect(trpc.statusCode).toBe(200);
    expect(quota(trpc.headers.ratelimit, "code-ip").left).toBe(8);

    const plain = await h.app.inject({ method: "GET", url: "/auth-status" });
    expect(plain.headers["ratelimit-policy"]).toBeUndefined();
    expect(plain.headers.ratelimit).toBeUndefined();
  });

  it("tell a password-reset request's count per address, not per e-mail typed", async () => {
    const h = await app();
    const res = await h.app.inject({
      method: "POST",
      url: "/forgot-password",
      payload: { email: "ada@club.test" },
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["ratelimit-policy"]).toBe('"reset-ip";q=10;w=3600');
    expect(quota(res.headers.ratelimit, "reset-ip").left).toBe(9);
  });
});
