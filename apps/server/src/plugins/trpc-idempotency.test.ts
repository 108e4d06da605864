import { RETRY_KEYS_PER_MEMBER, Throttle } from "@club/api";
import { webhookEndpoints } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "../test/harness";

// `Idempotency-Key` on tRPC's POSTs: a script that retries `webhooks.add` (its answer lost) gets the
// first answer again, and the club one endpoint, as on the REST creates (rest/idempotency.test.ts).
let h: Harness;
let admin: string;
let adminId: string;
const throttle = new Throttle();

beforeAll(async () => {
  h = await startApp({ webhookAllowPrivate: true }, undefined, { throttle });
  adminId = (await addUser(h, { email: "ada@club.test", name: "Ada", admin: true })).id;
  admin = await login(h, "ada@club.test");
});
afterAll(() => h.close());

const hook = (name: string) => ({ name, url: "http://127.0.0.1:9/hook", events: ["event.created"] });

/** POST /trpc/PATH as @club/client sends it, with a key (or none). */
const post = (path: string, body: unknown, key?: string) =>
  h.app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    payload: JSON.stringify(body),
    headers: {
      origin: ORIGIN,
      cookie: admin,
      "content-type": "application/json",
      ...(key === undefined ? {} : { "idempotency-key": key }),
    },
  });

const endpointsNamed = async (name: string) =>
  (await h.db.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.name, name)))
    .length;

describe("Idempotency-Key on tRPC's POSTs", () => {
  it("answers a retried mutation with the first answer, and makes one endpoint", async () => {
    const first = await post("webhooks.add", { json: hook("CRM") }, "hook-1");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const retry = await post("webhooks.add", { json: hook("CRM") }, "hook-1");
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    // The same answer, its secret included: the script that lost the first one can use it.
    expect(retry.body).toBe(first.body);
    expect(retry.json().result.data.json.secret).toMatch(/^whsec_/);
    expect(await endpointsNamed("CRM")).toBe(1);
    // Without a key, each request is its own, as before.
    expect((await post("webhooks.add", { json: hook("CRM") })).statusCode).toBe(200);
    expect(await endpointsNamed("CRM")).toBe(2);
  });

  it("keeps a batch's answer whole, and refuses the key with another body in tRPC's own shape", async () => {
    const batch = { 0: { json: hook("Batch A") }, 1: { json: hook("Batch B") } };
    const first = await post("webhooks.add,webhooks.add?batch=1", batch, "hook-2");
    expect(first.statusCode).toBe(200);
    const retry = await post("webhooks.add,webhooks.add?batch=1", batch, "hook-2");
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body).toBe(first.body);
    expect(await endpointsNamed("Batch A")).toBe(1);
    // What a tRPC client reads: an error per call of the batch, with its code and status.
    const other = await post("webhooks.add,webhooks.add?batch=1", { ...batch, 1: { json: hook("Batch C") } }, "hook-2");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(
      [0, 1].map(() => ({
        error: {
          json: expect.objectContaining({
            message: "This Idempotency-Key was sent with a different request. Use a new key for a new request.",
            data: expect.objectContaining({ code: "UNPROCESSABLE_CONTENT", httpStatus: 422 }),
          }),
        },
      })),
    );
    expect(await endpointsNamed("Batch C")).toBe(0);
  });

  it("gives the key back when the mutation is refused, so the corrected retry is made", async () => {
    const refused = await post("webhooks.add", { json: { ...hook("Fixed"), url: "" } }, "hook-3");
    expect(refused.statusCode).toBe(400);
    const corrected = await post("webhooks.add", { json: hook("Fixed") }, "hook-3");
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers["idempotent-replayed"]).toBeUndefined();
    expect(await endpointsNamed("Fixed")).toBe(1);
  });

  it("refuses a key that is not one, as tRPC refuses", async () => {
    const bad = await post("webhooks.add", { json: hook("Bad key") }, "x".repeat(256));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.json.message).toBe(
      "An Idempotency-Key is one header of 1 to 255 visible ASCII characters, such as a UUID.",
    );
    expect(await endpointsNamed("Bad key")).toBe(0);
  });

  it("counts a member's keys an hour, and refuses past them before anything is kept or made", async () => {
    // Her allowance all but used up (the tests above used a few keys of it).
    await throttle.take([RETRY_KEYS_PER_MEMBER, adminId, RETRY_KEYS_PER_MEMBER.max - 10]);
    let last = await post("webhooks.add", { json: hook("Counted") }, "count-0");
    for (let i = 1; last.statusCode === 200 && i < 20; i++)
      last = await post("webhooks.add", { json: hook("Counted") }, `count-${i}`);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    expect(last.json().error.json.message).toBe(RETRY_KEYS_PER_MEMBER.message);
    const made = await endpointsNamed("Counted");
    // Without a key she is not held by it.
    expect((await post("webhooks.add", { json: hook("Counted") })).statusCode).toBe(200);
    expect(await endpointsNamed("Counted")).toBe(made + 1);
  });
});
