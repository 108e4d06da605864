import { webhookEndpoints } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "../test/harness";

// `Idempotency-Key` on tRPC's POSTs: a script that retries `webhooks.add` (its answer lost) gets the
// first answer again, and the club one endpoint, as on the REST creates (rest/idempotency.test.ts).
let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await startApp({ webhookAllowPrivate: true });
  await addUser(h, { email: "ada@club.test", name: "Ada", admin: true });
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
});
