import { createHmac } from "node:crypto";
import { auditLog, webhookDeliveries, webhookEndpoints } from "@club/db";
import { and, eq } from "@club/db/orm";
import type { WebhookEventType } from "@club/shared";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { WEBHOOK_TRIES_MS } from "./domain/webhooks/deliver";
import { postWebhook, WEBHOOK_ANSWER_MAX_BYTES } from "./domain/webhooks/post";
import { applicationWith } from "./test/application";
import { insertMediaRow } from "./test/media-row";
import { webhookKit } from "./test/webhook-kit";

// Webhooks: adding endpoints, and delivery (signed as Standard Webhooks says, in order, retried for
// a day) to a receiver started here. The address guard is in webhook-address.test.ts; an admin's
// controls (retry now, pause, rotate, edit) in webhook-operations.test.ts.

const { kit, adminHere, add, deliver, later, log, newEvent, waitingJobs } = webhookKit();

describe("adding an endpoint", () => {
  it("shows its secret once, keeps it out of the list, and records who added it", async () => {
    const { webhook, secret } = await add(["event.created", "member.created"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({ name: "CRM", url: kit.url, events: ["event.created", "member.created"] });
    const list = await adminHere().webhooks.list();
    expect(list).toEqual([{ ...webhook, pending: 0, failed: 0 }]);
    expect(JSON.stringify(list)).not.toContain(secret);
    const [record] = await kit.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "webhook.added"), eq(auditLog.targetId, webhook.id)));
    expect(record?.detail).toEqual({ name: "CRM", url: kit.url, events: ["event.created", "member.created"] });
    expect(JSON.stringify(record)).not.toContain(secret);
  });

  it("refuses an unknown event, naming it, and an address the server would not post to", async () => {
    // As a script in plain JavaScript can send it.
    await expect(add(["event.created", "event.exploded" as WebhookEventType])).rejects.toThrow(
      /Unknown event: event\.exploded\. The events are member\.created, /,
    );
    const onThisServer = kit.api.callerFor(kit.admin);
    await expect(onThisServer.webhooks.add({ name: "CRM", url: kit.url, events: ["event.created"] })).rejects.toThrow(
      "The address must start with https:// (plain http:// only where WEBHOOK_ALLOW_PRIVATE is set).",
    );
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
    expect(await kit.api.db.select().from(webhookEndpoints)).toEqual([]);
  });
});

describe("delivery", () => {
  it("posts the act signed as Standard Webhooks says, written with the act and its job", async () => {
    const { webhook, secret } = await add(["event.created"]);
    const event = await newEvent("Spring Salon");
    // Written with the act: the message and its endpoint's job wait before any delivery.
    const [waiting] = await kit.api.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id));
    expect(waiting).toMatchObject({ type: "event.created", status: "pending", attempts: 0 });
    expect(await waitingJobs(webhook.id)).toHaveLength(1);

    await deliver(webhook.id);
    expect(kit.received).toHaveLength(1);
    const [post] = kit.received;
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
      createdBy: kit.ann.id,
      seriesId: null,
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
    const before = await kit.api.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id));
    // The same slug again: the insert is refused, and the message with it.
    const ann$ = kit.api.callerFor(kit.ann);
    await expect(
      ann$.events.create({ title: "Taken", slug: "taken", description: "x", event_date: "2031-05-06" }),
    ).rejects.toThrow(/exists already/);
    await ann$.events.create({ title: "Draft", description: "x", event_date: "2031-05-06", draft: true });
    const after = await kit.api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, webhook.id));
    expect(after).toHaveLength(before.length);
  });

  it("retries with backoff against a receiver that fails twice, and keeps each try in the log", async () => {
    const { webhook, secret } = await add(["event.created"]);
    kit.answers = [{ status: 500, body: "down for maintenance" }, { status: 503 }, { status: 200 }];
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
    expect(kit.received).toHaveLength(1);

    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[1]!));
    [row] = await log(webhook.id);
    expect(row).toMatchObject({ status: "pending", attempts: 2, responseStatus: 503 });
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(WEBHOOK_TRIES_MS[2]! - 1000);

    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[2]!));
    [row] = await log(webhook.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 200, lastError: null });
    // The same message each time: one id, each try signed afresh.
    expect(kit.received).toHaveLength(3);
    expect(new Set(kit.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    for (const r of kit.received)
      expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
  });

  it("keeps an endpoint's order: a message being retried holds back those after it", async () => {
    const { webhook } = await add(["event.created"]);
    kit.answers = [{ status: 500 }, { status: 204 }];
    await newEvent("First");
    await newEvent("Second");
    await deliver(webhook.id);
    expect(kit.received.map((r) => JSON.parse(r.body).data.title)).toEqual(["First"]);
    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[1]!));
    expect(kit.received.map((r) => JSON.parse(r.body).data.title)).toEqual(["First", "First", "Second"]);
  });

  it("gives up after a day, marks the endpoint failing, then tries each message once until one gets through", async () => {
    const { webhook } = await add(["event.created"]);
    kit.answers = [{ status: 500 }];
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
    kit.answers = [{ status: 204 }];
    await adminHere().webhooks.redeliver({ id: failed!.id });
    await expect(adminHere().webhooks.redeliver({ id: failed!.id })).rejects.toThrow(/waiting to be delivered already/);
    await deliver(webhook.id, later(WEBHOOK_TRIES_MS.at(-1)!));
    const redelivered = (await log(webhook.id)).find((d) => d.id === failed!.id);
    expect(redelivered).toMatchObject({ status: "delivered", attempts: WEBHOOK_TRIES_MS.length + 1 });
    expect((await adminHere().webhooks.list())[0]?.failingSince).toBeNull();
  });

  it("follows no redirect, and reads at most 64 KB of an answer", async () => {
    const { webhook } = await add(["event.created"]);
    kit.answers = [{ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }];
    await newEvent("Moved");
    await deliver(webhook.id);
    expect((await log(webhook.id))[0]).toMatchObject({
      status: "pending",
      responseStatus: 302,
      lastError: "Redirected to http://169.254.169.254/latest/meta-data/; webhooks do not follow redirects.",
    });
    expect(kit.received).toHaveLength(1);

    const big = "x".repeat(WEBHOOK_ANSWER_MAX_BYTES * 16);
    kit.answers = [{ status: 200, body: big }];
    const answer = await postWebhook({ url: kit.url, headers: {}, body: "{}", allowPrivate: true });
    expect(answer.ok).toBe(true);
    kit.answers = [{ status: 500, body: big }];
    const refused = await postWebhook({ url: kit.url, headers: {}, body: "{}", allowPrivate: true });
    expect(refused).toMatchObject({ ok: false, status: 500 });
    expect(refused.ok || refused.error.length < 400).toBe(true);
  });

  it("gives up on an endpoint that does not answer in time", async () => {
    kit.answers = [{ status: 0 }];
    const started = Date.now();
    const answer = await postWebhook({ url: kit.url, headers: {}, body: "{}", allowPrivate: true, timeoutMs: 300 });
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
    const ann$ = kit.api.callerFor(kit.ann);
    await ann$.events.join({ id: event.id });
    await ann$.comments.create({ commentableId: event.id, content: "See you there" });
    await ann$.events.leave({ id: event.id });
    const made = await adminHere().users.create({ email: "bea@hooks.test", name: "Bea", password: "password1" });
    await adminHere().users.delete({ userId: made.id });
    const messages = await kit.api.db
      .select({ type: webhookDeliveries.type, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id))
      .orderBy(webhookDeliveries.seq);
    expect(messages.map((m) => [m.type, m.payload.data])).toEqual([
      ["event.participant.joined", { eventId: event.id, userId: kit.ann.id, guests: 0 }],
      [
        "comment.created",
        {
          id: expect.any(String),
          commentableId: event.id,
          commentableType: "event",
          authorId: kit.ann.id,
          content: "See you there",
        },
      ],
      ["event.participant.left", { eventId: event.id, userId: kit.ann.id, guests: 0 }],
      ["member.created", { id: made.id, name: "Bea", email: "bea@hooks.test", type: "Standard", admin: false }],
      ["member.deleted", { id: made.id, email: "bea@hooks.test", by: "admin" }],
    ]);
  });

  it("tells applications decided, comments on an event or a photo, and what was deleted, naming who did it", async () => {
    const { webhook } = await add([
      "application.accepted",
      "application.rejected",
      "comment.created",
      "comment.deleted",
      "media.deleted",
    ]);
    const apply = async (email: string, name: string) => {
      const code = await adminHere().invitationCodes.create({ maxUses: 1 });
      return kit.api.callerFor(null).applications.submit(applicationWith(code.code, { name, email }));
    };
    const dora = await apply("dora@hooks.test", "Dora");
    const eve = await apply("eve@hooks.test", "Eve");
    await adminHere().applications.setStatus({ id: dora.id, accepted: true });
    await adminHere().applications.setStatus({ id: eve.id, accepted: false });
    const event = await adminHere().events.create({ title: "Walk", event_date: "2031-05-06" });
    const ann$ = kit.api.callerFor(kit.ann);
    const comment = await ann$.comments.create({ commentableId: event.id, content: "Oops" });
    await adminHere().comments.delete({ id: comment.id });
    const photo = await insertMediaRow(kit.api.db, { uploadedBy: kit.ann.id, associatedEventId: event.id });
    const onPhoto = await ann$.comments.create({ commentableId: photo, content: "Blurry" });
    await ann$.comments.delete({ id: onPhoto.id });
    await ann$.media.delete({ media: [photo] });
    const messages = await kit.api.db
      .select({ type: webhookDeliveries.type, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id))
      .orderBy(webhookDeliveries.seq);
    const decided = (id: string, name: string, email: string) => ({
      id,
      name,
      email,
      membershipType: "Standard",
      decidedBy: kit.admin.id,
    });
    expect(messages.map((m) => [m.type, m.payload.data])).toEqual([
      ["application.accepted", decided(dora.id, "Dora", "dora@hooks.test")],
      ["application.rejected", decided(eve.id, "Eve", "eve@hooks.test")],
      [
        "comment.created",
        { id: comment.id, commentableId: event.id, commentableType: "event", authorId: kit.ann.id, content: "Oops" },
      ],
      [
        "comment.deleted",
        { id: comment.id, commentableId: event.id, commentableType: "event", deletedBy: kit.admin.id },
      ],
      [
        "comment.created",
        { id: onPhoto.id, commentableId: photo, commentableType: "media", authorId: kit.ann.id, content: "Blurry" },
      ],
      ["comment.deleted", { id: onPhoto.id, commentableId: photo, commentableType: "media", deletedBy: kit.ann.id }],
      ["media.deleted", { id: photo, eventId: event.id, uploadedBy: kit.ann.id, deletedBy: kit.ann.id }],
    ]);
  });

  it("tells an event edited, with what each changed field of the message was", async () => {
    const { webhook } = await add(["event.updated"]);
    // An edit sends the whole form, as the event's page does.
    const form = { title: "Supper", event_date: "2031-05-06", city: "Boston", start_time: "18:00" };
    const event = await adminHere().events.create(form);
    const later = { ...form, title: "Late supper", city: "Salem", start_time: "20:00" };
    await adminHere().events.update({ id: event.id, ...later });
    await adminHere().events.update({ id: event.id, ...later, description: "Bring a friend." });
    const messages = await kit.api.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id))
      .orderBy(webhookDeliveries.seq);
    expect(messages.map((m) => m.payload.data)).toEqual([
      expect.objectContaining({
        id: event.id,
        title: "Late supper",
        city: "Salem",
        startTime: "20:00",
        previous: { title: "Supper", city: "Boston", startTime: "18:00" },
      }),
      // Only its description changed, which the message does not carry.
      expect.objectContaining({ id: event.id, title: "Late supper", previous: {} }),
    ]);
  });

  it("tells a member changed, with what each changed field was; nothing when nothing changed", async () => {
    const { webhook } = await add(["member.updated"]);
    const cara = await adminHere().users.create({ email: "cara@hooks.test", name: "Cara", password: "password1" });
    await adminHere().users.update({ userId: cara.id, name: "Cara Lane", type: "Founding" });
    await adminHere().users.update({ userId: cara.id, name: "Cara Lane" });
    await adminHere().users.setPrivilege({ userId: cara.id, type: "Travel Host" });
    await kit.api.callerFor(kit.ann).auth.updateUser({ name: "Ann Marsh" });
    const messages = await kit.api.db
      .select({ type: webhookDeliveries.type, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id))
      .orderBy(webhookDeliveries.seq);
    const cara$ = { id: cara.id, email: "cara@hooks.test", admin: false };
    expect(messages.map((m) => m.payload.data)).toEqual([
      { ...cara$, name: "Cara Lane", type: "Founding", previous: { name: "Cara", type: "Standard" } },
      { ...cara$, name: "Cara Lane", type: "Travel Host", previous: { type: "Founding" } },
      {
        id: kit.ann.id,
        name: "Ann Marsh",
        email: "ann@hooks.test",
        type: "Founding",
        admin: false,
        previous: { name: "Ann" },
      },
    ]);
    await kit.api.callerFor(kit.ann).auth.updateUser({ name: "Ann" });
  });
});
