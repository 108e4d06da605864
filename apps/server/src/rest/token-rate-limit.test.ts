import { API_TOKEN_CALLS, Throttle } from "@club/api";
import { createApiToken } from "@club/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentAnswers } from "../test/document-answers";
import { addUser, type Harness, login, ORIGIN, startApp } from "../test/harness";

// A token's calls are counted (API_TOKEN_CALLS), told in RateLimit headers, and refused past the
// allowance with 429 and Retry-After, before the call does anything.

let h: Harness;
const throttle = new Throttle();
let ada: { token: string; id: string };
let bea: { token: string; id: string };
let adaCookie: string;

beforeAll(async () => {
  h = await startApp({}, undefined, { throttle });
  const adaId = (await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" })).id;
  const beaId = (await addUser(h, { email: "bea@club.test", name: "Bea" })).id;
  ada = await createApiToken(h.db.db, { userId: adaId, name: "CI", scope: "admin" });
  bea = await createApiToken(h.db.db, { userId: beaId, name: "CI", scope: "read" });
  adaCookie = await login(h, "ada@club.test");
});
afterAll(() => h.close());

const withToken = (token: string, url: string, method: "GET" | "POST" = "GET", payload?: object) =>
  h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

const trpcGet = (path: string, input: unknown = undefined) =>
  `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** `"api-token";r=…;t=…` of the RateLimit header. */
function left(header: unknown): number {
  const match = String(header).match(/"api-token";r=(\d+);t=(\d+)/);
  if (!match) throw new Error(`no api-token quota in ${String(header)}`);
  return Number(match[1]);
}

describe("calls made with an API token", () => {
  it("tell the token's allowance in RateLimit headers, REST and tRPC alike, a batch counting each call", async () => {
    const rest = await withToken(bea.token, "/api/events");
    expect(rest.statusCode).toBe(200);
    expect(rest.headers["ratelimit-policy"]).toContain(`"api-token";q=${API_TOKEN_CALLS.max};w=60`);
    const before = left(rest.headers.ratelimit);
    expect(before).toBeLessThan(API_TOKEN_CALLS.max);

    const one = await withToken(bea.token, trpcGet("events.list", {}));
    expect(one.statusCode).toBe(200);
    expect(left(one.headers.ratelimit)).toBe(before - 1);
    const batch = await withToken(
      bea.token,
      `/trpc/events.list,events.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} }, 1: { json: { upcoming: true } } }))}`,
    );
    expect(batch.statusCode).toBe(200);
    expect(left(batch.headers.ratelimit)).toBe(before - 3);
  });

  it("are refused past the allowance with 429, Retry-After and words, before the call does anything", async () => {
    // All but one of the minute's calls, as a loop that ran away would have used them.
    await throttle.take([API_TOKEN_CALLS, ada.id, API_TOKEN_CALLS.max - 1]);
    const last = await withToken(ada.token, "/api/events", "POST", { title: "The last one" });
    expect(last.statusCode).toBe(200);
    expect(left(last.headers.ratelimit)).toBe(0);

    const refused = await withToken(ada.token, "/api/events", "POST", { title: "One too many" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.json().message).toBe(API_TOKEN_CALLS.message);
    const titles = (await withToken(bea.token, "/api/events")).json().map((e: { title: string }) => e.title);
    expect(titles).toContain("The last one");
    expect(titles).not.toContain("One too many");

    // Through tRPC: the same refusal, with when to try again in the error's data.
    const viaTrpc = await withToken(ada.token, trpcGet("events.list", {}));
    expect(viaTrpc.statusCode).toBe(429);
    expect(viaTrpc.headers["retry-after"]).toBeDefined();
    const error = viaTrpc.json().error.json;
    expect(error.data).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfterSeconds: expect.any(Number) });
    // The refusal is the one the API's document describes, field for field.
    const documented = documentAnswers((await h.app.inject({ url: "/api/openapi.json" })).json());
    expect(documented.check("GET", "/trpc/events.list", 429, viaTrpc.json())).toBeUndefined();

    // Her browser's session is not the token: it is not counted, nor refused.
    const session = await h.app.inject({ url: "/api/events", headers: { cookie: adaCookie, origin: ORIGIN } });
    expect(session.statusCode).toBe(200);
    expect(session.headers.ratelimit).toBeUndefined();
    // Another token has its own allowance.
    expect((await withToken(bea.token, "/api/events")).statusCode).toBe(200);
  });
});
