import { createHmac } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { SessionUser } from "@club/auth";
import { auditLog, rowsOf, webhookDeliveries, webhookEndpoints } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import type { WebhookEventType } from "@club/shared";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { deliverWebhooks, WEBHOOK_TRIES_MS } from "./domain/webhooks/deliver";
import { postWebhook, WEBHOOK_ANSWER_MAX_BYTES } from "./domain/webhooks/post";
import { type TestApi, testApi } from "./test/api";

// Webhooks: adding endpoints, and delivery (signed as Standard Webhooks says, in order, retried for
// a day) to a receiver started here. The address guard is in webhook-address.test.ts.

/** A receiver on this machine: answers each POST as `answers` says, in turn (the last one from then on). */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let received: Received[] = [];
let answers: { status: number; body?: string; headers?: Record<string, string> }[] = [];
let receiverUrl: string;

let api: TestApi;
let admin: SessionUser;
let ann: SessionUser;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer?.status === 0) return; // never answers
      res.writeHead(answer?.status ?? 204, answer?.headers).end(answer?.body ?? "");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  api = await testApi();
  admin = await api.member("ada@hooks.test", { admin: true, name: "Ada Admin" });
  ann = await api.member("ann@hooks.test", { name: "Ann", type: "Founding" });
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await api.close();
});
beforeEach(async () => {
  received = [];
  answers = [{ status: 204 }];
  await api.db.delete(webhookEndpoints);
});

/** An admin's caller on a server where webhooks may post to this machine (WEBHOOK_ALLOW_PRIVATE). */
const adminHere = () => {
  const ctx = api.contextFor(admin);
  return api.callerFor(admin, { config: { ...ctx.config, webhookAllowPrivate: true } });
};
const add = (events: WebhookEventType[], url = receiverUrl) => adminHere().webhooks.add({ name: "CRM", url, events });
const deliver = (endpointId: string, at = new Date()) =>
  deliverWebhooks({ db: api.db, jobs: api.jobs, allowPrivate: true, now: () => at }, endpointId);
const later = (ms: number) => new Date(Date.now() + ms);
const log = async (endpointId: string) => (await adminHere().webhooks.deliveries({ id: endpointId })).items;
const newEvent = (title: string) =>
  api.callerFor(ann).events.create({ title, description: "Tea and talk", event_date: "2031-05-06" });
const waitingJobs = async (endpointId: string) =>
  rowsOf(
    await api.db.execute(
      sql`select start_after from pgboss.job where name = 'webhook.deliver' and singleton_key = ${endpointId} and state = 'created'`,
    ),
    z.object({ start_after: z.coerce.date() }),
  );

describe("adding an endpoint", () => {
  it("shows its secret once, keeps it out of the list, and records who added it", async () => {
    const { webhook, secret } = await add(["event.created", "member.created"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({ name: "CRM", url: receiverUrl, events: ["event.created", "member.created"] });
    const list = await adminHere().webhooks.list();
    expect(list).toEqual([{ ...webhook, pending: 0, failed: 0 }]);
    expect(JSON.stringify(list)).not.toContain(secret);
    const [record] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "webhook.added"), eq(auditLog.targetId, webhook.id)));
    expect(record?.detail).toEqual({ name: "CRM", url: receiverUrl, events: ["event.created", "member.created"] });
    expect(JSON.stringify(record)).not.toContain(secret);
  });

  it("refuses an unknown event, naming it, and an address the server would not post to", async () => {
    // As a script in plain JavaScript can send it.
    await expect(add(["event.created", "event.exploded" as WebhookEventType])).rejects.toThrow(
      /Unknown event: event\.exploded\. The events are member\.created, /,
    );
    const onThisServer = api.callerFor(admin);
    await expect(
      onThisServer.webhooks.add({ name: "CRM", url: receiverUrl, events: ["event.created"] }),
    ).rejects.toThrow("The address must start with https:// (plain http:// only where WEBHOOK_ALLOW_PRIVATE is set).");
    await expect(
      onThisServer.webhooks.add({ name: "CRM", url: "https://192.168.0.10/hooks", events: ["event.created"] }),
    ).rejects.toThrow(/192\.168\.0\.10 is inside a private network/);
    // IPv4 inside IPv6: the same 400 and words, nothing stored.
    for (const [url, host, range] of [
      ["https://[::7f00:1]/hooks", "::7f00:1", "ipv4Compatible"],
      ["https://[100::1]/hooks", "100::1", "discard"],
      ["https://[64:ff9b::a00:1]/hooks", "64:ff9b::a00:1", "rfc6052"],
    ] as const) {
      await expect(onThisServer.webhooks.add({ name: "CRM", url, events: ["event.created"] })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: `The address ${host} is inside a private network (${range}); the club posts only to public addresses.`,
      });
    }
    expect(await api.db.select().from(webhookEndpoints)).toEqual([]);
  });
});

describe("delivery", () => {
  it("posts the act signed as Standard Webhooks says, written with the act and its job", async () => {
    const { webhook, secret } = await add(["event.created"]);
    const event = await newEvent("Spring Salon");
    // Written with the act: the message and its endpoint's job wait before any delivery.
    const [waiting] = await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, webhook.id));
    expect(waiting).toMatchObject({ type: "event.created", status: "pending", attempts: 0 });
    expect(await waitingJobs(webhook.id)).toHaveLength(1);

    await deliver(webhook.id);
    expect(received).toHaveLength(1);
    const [post] = received;
    if (!post) throw new Error("nothing posted");
    const headers = post.headers as Record<string, string>;
    // The package's own verification, and the specification's HMAC computed here.
    const payload = new Webhook(secret).verify(post.body, headers) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("event.created");
    expect(payload.data).toMatchObject({
      id: event.id,
      title: "Spring Salon",
      date: "2031-05-06",
      url: `http://club.test/events/${event.slug}`,
      createdBy: ann.id,
    });
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const signed = `${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${post.body}`;
    expect(headers["webhook-signature"]).toBe(`v1,${createHmac("sha256", key).update(signed).digest("base64")}`);
    expect(headers["webhook-id"]).toBe(waiting?.id);
    expect(headers["content-type"]).toBe("application/json");
    expect(() => new Webhook(`whsec_${Buffer.alloc(24).toString("base64")}`).verify(post.body, headers)).toThrow();

    expect(await log(webhook.id)).toEqual([
      expect.objectContaining({ type: "event.created", status: "delivered", attempts: 1, responseStatus: 204 }),
    ]);
  });

  it("writes nothing when the act is undone, and nothing for acts an endpoint did not ask for", async () => {
    const { webhook } = await add(["event.created"]);
    await newEvent("Taken");
    const before = await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, webhook.id));
    // The same slug again: the insert is refused, and the message with it.
    const ann$ = api.callerFor(ann);
    await expect(
      ann$.events.create({ title: "Taken", slug: "taken", description: "x", event_date: "2031-05-06" }),
    ).rejects.toThrow(/exists already/);
    await ann$.events.create({ title: "Draft", description: "x", event_date: "2031-05-06", draft: true });
    const after = await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, webhook.id));
    expect(after).toHaveLength(before.length);
  });

  it("retries with backoff against a receiver that fails twice, and keeps each try in the log", async () => {
    const { webhook, secret } = await add(["event.created"]);
    answers = [{ status: 500, body: "down for maintenance" }, { status: 503 }, { status: 200 }];
    await newEvent("Book Circle");
    await deliver(webhook.id);
    let [row] = await log(webhook.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(row?.lastError).toBe("The endpoint answered 500: down for maintenance");
    // The next try waits for its time: a job at it, and nothing posted before.
    const [job] = await waitingJobs(webhook.id);
    expect(job?.start_after.getTime()).toBe(row?.dueAt.getTime());
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(WEBHOOK_TRIES_MS[1]! - 1000);
    await deliver(webhook.id);
    expect(received).toHaveLength(1);

    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[1]!));
    [row] = await log(webhook.id);
    expect(row).toMatchObject({ status: "pending", attempts: 2, responseStatus: 503 });
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(WEBHOOK_TRIES_MS[2]! - 1000);

    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[2]!));
    [row] = await log(webhook.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 200, lastError: null });
    // The same message each time: one id, each try signed afresh.
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    for (const r of received)
      expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
  });

  it("keeps an endpoint's order: a message being retried holds back those after it", async () => {
    const { webhook } = await add(["event.created"]);
    answers = [{ status: 500 }, { status: 204 }];
    await newEvent("First");
    await newEvent("Second");
    await deliver(webhook.id);
    expect(received.map((r) => JSON.parse(r.body).data.title)).toEqual(["First"]);
    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[1]!));
    expect(received.map((r) => JSON.parse(r.body).data.title)).toEqual(["First", "First", "Second"]);
  });

  it("gives up after a day, marks the endpoint failing, then tries each message once until one gets through", async () => {
    const { webhook } = await add(["event.created"]);
    answers = [{ status: 500 }];
    await newEvent("Doomed");
    for (const offset of WEBHOOK_TRIES_MS) await deliver(webhook.id, later(offset));
    const [failed] = await log(webhook.id);
    expect(failed).toMatchObject({ status: "failed", attempts: WEBHOOK_TRIES_MS.length });
    const [endpoint] = await adminHere().webhooks.list();
    expect(endpoint).toMatchObject({ failed: 1, pending: 0 });
    expect(endpoint?.failingSince).toBeInstanceOf(Date);

    // Failing: the next message gets one try.
    await newEvent("Also doomed");
    await deliver(webhook.id, later(WEBHOOK_TRIES_MS.at(-1)!));
    expect((await log(webhook.id))[0]).toMatchObject({ status: "failed", attempts: 1 });

    // The receiver is back: "Redeliver" posts it again, and the endpoint is well again.
    answers = [{ status: 204 }];
    await adminHere().webhooks.redeliver({ id: failed!.id });
    await expect(adminHere().webhooks.redeliver({ id: failed!.id })).rejects.toThrow(/waiting to be delivered already/);
    await deliver(webhook.id, later(WEBHOOK_TRIES_MS.at(-1)!));
    const redelivered = (await log(webhook.id)).find((d) => d.id === failed!.id);
    expect(redelivered).toMatchObject({ status: "delivered", attempts: WEBHOOK_TRIES_MS.length + 1 });
    expect((await adminHere().webhooks.list())[0]?.failingSince).toBeNull();
  });

  it("follows no redirect, and reads at most 64 KB of an answer", async () => {
    const { webhook } = await add(["event.created"]);
    answers = [{ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }];
    await newEvent("Moved");
    await deliver(webhook.id);
    expect((await log(webhook.id))[0]).toMatchObject({
      status: "pending",
      responseStatus: 302,
      lastError: "Redirected to http://169.254.169.254/latest/meta-data/; webhooks do not follow redirects.",
    });
    expect(received).toHaveLength(1);

    const big = "x".repeat(WEBHOOK_ANSWER_MAX_BYTES * 16);
    answers = [{ status: 200, body: big }];
    const answer = await postWebhook({ url: receiverUrl, headers: {}, body: "{}", allowPrivate: true });
    expect(answer.ok).toBe(true);
    answers = [{ status: 500, body: big }];
    const refused = await postWebhook({ url: receiverUrl, headers: {}, body: "{}", allowPrivate: true });
    expect(refused).toMatchObject({ ok: false, status: 500 });
    expect(refused.ok || refused.error.length < 400).toBe(true);
  });

  it("gives up on an endpoint that does not answer in time", async () => {
    answers = [{ status: 0 }];
    const started = Date.now();
    const answer = await postWebhook({ url: receiverUrl, headers: {}, body: "{}", allowPrivate: true, timeoutMs: 300 });
    expect(answer).toEqual({ ok: false, status: null, error: "No answer within 0.3 seconds." });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("what each act tells", () => {
  it("tells joining, leaving, comments, members and applications to the endpoints that asked", async () => {
    const { webhook } = await add([
      "event.participant.joined",
      "event.participant.left",
      "comment.created",
      "member.created",
      "member.deleted",
    ]);
    // An admin's event, which Ann joins (its host goes from the start: nothing to tell).
    const event = await adminHere().events.create({ title: "Walk", event_date: "2031-05-06" });
    const ann$ = api.callerFor(ann);
    await ann$.events.join({ id: event.id });
    await ann$.comments.create({ commentableId: event.id, content: "See you there" });
    await ann$.events.leave({ id: event.id });
    const made = await adminHere().users.create({ email: "bea@hooks.test", name: "Bea", password: "password1" });
    await adminHere().users.delete({ userId: made.id });
    const messages = await api.db
      .select({ type: webhookDeliveries.type, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id))
      .orderBy(webhookDeliveries.seq);
    expect(messages.map((m) => [m.type, m.payload.data])).toEqual([
      ["event.participant.joined", { eventId: event.id, userId: ann.id, guests: 0 }],
      [
        "comment.created",
        { id: expect.any(String), commentableId: event.id, authorId: ann.id, content: "See you there" },
      ],
      ["event.participant.left", { eventId: event.id, userId: ann.id, guests: 0 }],
      ["member.created", { id: made.id, name: "Bea", email: "bea@hooks.test", type: "Standard", admin: false }],
      ["member.deleted", { id: made.id, email: "bea@hooks.test", by: "admin" }],
    ]);
  });
});

describe("an operator's controls", () => {
  it("retries now: a message waiting its next try, and those behind it, go at once once the receiver is mended", async () => {
    const { webhook } = await add(["event.created"]);
    answers = [{ status: 500 }, { status: 204 }];
    await newEvent("First");
    await newEvent("Second");
    await deliver(webhook.id);
    // Held back for its next try: five seconds, then minutes, then hours.
    expect((await log(webhook.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
    const now = await adminHere().webhooks.retryNow({ id: webhook.id });
    expect(now).toEqual({ waiting: 2, message: "2 waiting messages are being posted now." });
    // Its job is moved to now, and the messages are due now, each with a new round of tries.
    const [job] = await waitingJobs(webhook.id);
    expect(job!.start_after.getTime()).toBeLessThanOrEqual(Date.now());
    await deliver(webhook.id);
    expect((await log(webhook.id)).map((r) => r.status)).toEqual(["delivered", "delivered"]);
    expect(received.map((r) => JSON.parse(r.body).data.title)).toEqual(["First", "First", "Second"]);
    expect(await adminHere().webhooks.retryNow({ id: webhook.id })).toMatchObject({ waiting: 0 });
  });

  it("pauses: its messages wait, in order, and go when it is resumed; retrying a paused one says to resume", async () => {
    const { webhook } = await add(["event.created"]);
    const paused = await adminHere().webhooks.pause({ id: webhook.id, paused: true });
    expect(paused.pausedAt).toBeInstanceOf(Date);
    await newEvent("While paused");
    await deliver(webhook.id);
    expect(received).toHaveLength(0);
    expect((await adminHere().webhooks.list())[0]).toMatchObject({ pending: 1, pausedAt: paused.pausedAt });
    await expect(adminHere().webhooks.retryNow({ id: webhook.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This webhook is paused: resume it to post its waiting messages.",
    });
    const resumed = await adminHere().webhooks.pause({ id: webhook.id, paused: false });
    expect(resumed.pausedAt).toBeNull();
    expect(await waitingJobs(webhook.id)).toHaveLength(1);
    await deliver(webhook.id);
    expect(received.map((r) => JSON.parse(r.body).data.title)).toEqual(["While paused"]);
    const kinds = await api.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.kind, "webhook.changed"), eq(auditLog.targetId, webhook.id)));
    expect(kinds.map((k) => k.detail.paused)).toEqual([true, false]);
  });

  it("rotates its secret: for a day both sign each message, then only the new one", async () => {
    const { webhook, secret: old } = await add(["event.created"]);
    const rotated = await adminHere().webhooks.rotateSecret({ id: webhook.id });
    expect(rotated.secret).toMatch(/^whsec_\S{32}$/);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previousUntil.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await newEvent("During the overlap");
    await deliver(webhook.id);
    const [during] = received;
    // Two signatures in one header (Standard Webhooks): a receiver on either secret accepts it.
    expect(String(during?.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [old, rotated.secret])
      expect(() =>
        new Webhook(secret).verify(during?.body ?? "", during?.headers as Record<string, string>),
      ).not.toThrow();

    await newEvent("The day after");
    const dayAfter = later(25 * 3_600_000);
    await deliver(webhook.id, dayAfter);
    const after = received[1];
    expect(String(after?.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    // Checked as a receiver would at that time (the timestamp is the day after's).
    const at = (secret: string) => () => {
      const hook = new Webhook(secret);
      const headers = after?.headers as Record<string, string>;
      const signed = hook.sign(headers["webhook-id"] ?? "", dayAfter, after?.body ?? "");
      if (signed !== headers["webhook-signature"]) throw new Error("not signed with this secret");
    };
    expect(at(rotated.secret)).not.toThrow();
    expect(at(old)).toThrow();
    const [record] = await api.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.kind, "webhook.changed"), eq(auditLog.targetId, webhook.id)));
    expect(record?.detail).toEqual({ name: "CRM", rotated: true });
  });

  it("edits in place: the secret, waiting messages and log stay; a bad address is refused as when adding", async () => {
    const { webhook, secret } = await add(["event.created"]);
    answers = [{ status: 500 }, { status: 204 }];
    await newEvent("Before the move");
    await deliver(webhook.id);
    const moved = `${receiverUrl}/v2`;
    const edited = await adminHere().webhooks.update({
      id: webhook.id,
      name: "CRM v2",
      url: moved,
      events: ["event.created", "member.created"],
    });
    expect(edited).toMatchObject({ name: "CRM v2", url: moved, pending: 1, pausedAt: null });
    await adminHere().webhooks.retryNow({ id: webhook.id });
    await deliver(webhook.id);
    const last = received.at(-1);
    expect(last?.body).toContain("Before the move");
    expect(() => new Webhook(secret).verify(last?.body ?? "", last?.headers as Record<string, string>)).not.toThrow();
    await expect(
      adminHere().webhooks.update({
        id: webhook.id,
        name: "CRM",
        url: "ftp://crm.example.com",
        events: ["event.created"],
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      adminHere().webhooks.update({
        id: "00000000-0000-4000-8000-000000000000",
        name: "CRM",
        url: receiverUrl,
        events: ["event.created"],
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
