import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, startApp } from "../test/harness";

// One shape for every refusal of a JSON REST URL: problem details (RFC 9457) as
// application/problem+json, with tRPC's code and the request's id, whoever refused (a procedure,
// the access module, Fastify, the origin check, the media files, a URL that does not exist).

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The answer as problem details, checked for the members every refusal carries. */
function problemIn(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ type: "about:blank", status, code, requestId: res.headers["x-request-id"] });
  expect(typeof body.title).toBe("string");
  expect(body.detail.length).toBeGreaterThan(0);
  // The spec's client reads `error` or `message`: the same words as `detail`.
  expect(body.error).toBe(body.detail);
  expect(body.message).toBe(body.detail);
  return body;
}

describe("REST refusals are problem details", () => {
  it("an invalid field names the field, as a procedure's refusal does", async () => {
    h = await startApp();
    await addUser(h, { email: "ada@club.test", name: "Ada" });
    const ada = await login(h, "ada@club.test");
    const res = await request(h, "POST", "/api/events", { title: 42 }, ada);
    const body = problemIn(res, 400, "BAD_REQUEST");
    expect(body.title).toBe("Bad Request");
    expect(Object.keys(body.fieldErrors)).toContain("title");
  });

  it("not signed in, an unknown URL, a foreign origin, a file that is not there", async () => {
    h = await startApp();
    await addUser(h, { email: "ada@club.test", name: "Ada" });
    const ada = await login(h, "ada@club.test");

    expect(problemIn(await request(h, "GET", "/api/events"), 401, "UNAUTHORIZED").title).toBe("Unauthorized");
    expect(problemIn(await request(h, "GET", "/api/no-such-thing", undefined, ada), 404, "NOT_FOUND").detail).toBe(
      "No such endpoint: GET /api/no-such-thing",
    );
    const foreign = await h.app.inject({
      method: "POST",
      url: "/api/events",
      payload: { title: "Tea" },
      headers: { origin: "https://elsewhere.test", cookie: ada },
    });
    expect(problemIn(foreign, 403, "FORBIDDEN").detail).toContain("did not come from the club's own site");
    const file = await request(h, "GET", "/media/photos/none.jpg", undefined, ada);
    problemIn(file, 404, "NOT_FOUND");
  });

  it("a body too large for the route is refused in words, with Fastify's own code replaced", async () => {
    h = await startApp();
    const res = await h.app.inject({
      method: "POST",
      url: "/login",
      payload: JSON.stringify({ email: "a@club.test", password: "x".repeat(2 * 1024 * 1024) }),
      headers: { origin: ORIGIN, "content-type": "application/json" },
    });
    expect(problemIn(res, 413, "PAYLOAD_TOO_LARGE").detail).toBe("The request is too large.");
  });

  it("a refusal to wait carries the seconds in the body and in Retry-After", async () => {
    h = await startApp();
    await addUser(h, { email: "ada@club.test", name: "Ada" });
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      res = await request(h, "POST", "/login", { email: "ada@club.test", password: "wrong" });
    }
    if (!res) throw new Error("no answer");
    const body = problemIn(res, 429, "TOO_MANY_REQUESTS");
    expect(body.retryAfterSeconds).toBe(Number(res.headers["retry-after"]));
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("a route of plain-text answers refuses in plain text, a body it cannot read included", async () => {
    h = await startApp();
    const res = await h.app.inject({
      method: "POST",
      url: "/forgot-password",
      payload: "{not json",
      headers: { origin: ORIGIN, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/^\{/);
  });
});
