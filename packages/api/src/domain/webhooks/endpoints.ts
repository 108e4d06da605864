import { randomBytes } from "node:crypto";
import { type Db, type Queryable, type WebhookEndpoint, webhookDeliveries, webhookEndpoints } from "@club/db";
import { and, count, desc, eq, lt, ne, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { WEBHOOK_PING, type WebhookEventType, type webhookInput } from "@club/shared";
import type { z } from "zod";
import { badRequest, conflict, notFound } from "../../errors";
import { type AuditActor, recordAudit } from "../audit/record";
import { webhookUrlProblem } from "./post";

export const WEBHOOK_NOT_FOUND = "No webhook with that id: it may have been removed.";
export const DELIVERY_NOT_FOUND = "No webhook message with that id.";

/** An endpoint as the Admin Panel and `club webhook list` show it (never its secret). */
export interface WebhookSummary {
  id: string;
  name: string;
  url: string;
  events: WebhookEventType[];
  createdAt: Date;
  /** Since when its messages fail after a day of tries; null while it answers. */
  failingSince: Date | null;
  /** Since when it is paused (its messages wait); null while it runs. */
  pausedAt: Date | null;
  /** By an admin, or by the club after three days of failures; null while it runs. */
  pausedBecause: "admin" | "failing" | null;
  /** Tries that failed one after another since the last that got through. */
  failedTries: number;
  /** Messages waiting to be delivered, and those that failed. */
  pending: number;
  failed: number;
}

/** Every endpoint, oldest first, with its waiting and failed messages counted. */
export async function listWebhooks(db: Queryable): Promise<WebhookSummary[]> {
  const counts = db
    .select({
      endpointId: webhookDeliveries.endpointId,
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`
        .mapWith(Number)
        .as("pending"),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(Number).as("failed"),
    })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.endpointId)
    .as("counts");
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      name: webhookEndpoints.name,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      createdAt: webhookEndpoints.createdAt,
      failingSince: webhookEndpoints.failingSince,
      pausedAt: webhookEndpoints.pausedAt,
      pausedBecause: webhookEndpoints.pausedBecause,
      failedTries: webhookEndpoints.failedTries,
      pending: counts.pending,
      failed: counts.failed,
    })
    .from(webhookEndpoints)
    .leftJoin(counts, eq(counts.endpointId, webhookEndpoints.id))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows.map((r) => ({
    ...r,
    events: r.events as WebhookEventType[],
    pausedBecause: pausedBecauseOf(r.pausedBecause),
    pending: r.pending ?? 0,
    failed: r.failed ?? 0,
  }));
}

/**
 * A new endpoint, with the secret its messages are signed with: shown once, in this answer. An
 * address the server would not post to is refused now, with the reason.
 */
export async function addWebhook(
  db: Db,
  input: z.output<typeof webhookInput>,
  options: { allowPrivate: boolean; createdBy: string | null; actor: AuditActor },
): Promise<{ webhook: WebhookSummary; secret: string }> {
  const problem = webhookUrlProblem(input.url, options.allowPrivate);
  if (problem) throw badRequest(problem);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ name: input.name, url: input.url, events: input.events, secret, createdBy: options.createdBy })
      .returning();
    if (!row) throw new Error("The webhook was not stored.");
    await recordAudit(tx, options.actor, {
      kind: "webhook.added",
      targetId: row.id,
      detail: { name: row.name, url: row.url, events: row.events },
    });
    return { webhook: summaryOf(row, { pending: 0, failed: 0 }), secret };
  });
}

function summaryOf(row: WebhookEndpoint, counted: { pending: number; failed: number }): WebhookSummary {
  const { id, name, url, events, createdAt, failingSince, pausedAt, failedTries } = row;
  return {
    id,
    name,
    url,
    events: events as WebhookEventType[],
    createdAt,
    failingSince,
    pausedAt,
    pausedBecause: pausedBecauseOf(row.pausedBecause),
    failedTries,
    ...counted,
  };
}

const pausedBecauseOf = (value: string | null) => (value === "admin" || value === "failing" ? value : null);

/** The endpoint's waiting and failed messages. */
async function countsOf(db: Queryable, endpointId: string) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(Number),
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}

/** How long the secret before a rotation keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/**
 * A new signing secret, shown once in this answer. For a day both sign each message (Standard
 * Webhooks allows several signatures in one header), so the receiver can move to the new one
 * without missing a message.
 */
export async function rotateWebhookSecret(
  db: Db,
  id: string,
  actor: AuditActor,
): Promise<{ webhook: WebhookSummary; secret: string; previousUntil: Date }> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before) throw notFound(WEBHOOK_NOT_FOUND);
    const previousUntil = new Date(Date.now() + SECRET_OVERLAP_MS);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: before.secret, previousSecretUntil: previousUntil })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(tx, actor, { kind: "webhook.changed", targetId: id, detail: { name: row.name, rotated: true } });
    return { webhook: summaryOf(row, await countsOf(tx, id)), secret, previousUntil };
  });
}

/**
 * An endpoint's name, address or events changed in place: its secret, its waiting messages and its
 * log stay (removing and adding it again lost them). An address the server would not post to is
 * refused with the reason, as when adding.
 */
export async function updateWebhook(
  db: Db,
  id: string,
  input: z.output<typeof webhookInput>,
  options: { allowPrivate: boolean; actor: AuditActor },
): Promise<WebhookSummary> {
  const problem = webhookUrlProblem(input.url, options.allowPrivate);
  if (problem) throw badRequest(problem);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before) throw notFound(WEBHOOK_NOT_FOUND);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ name: input.name, url: input.url, events: input.events })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(tx, options.actor, {
      kind: "webhook.changed",
      targetId: id,
      detail: {
        name: row.name,
        ...(before.name !== row.name ? { oldName: before.name } : {}),
        ...(before.url !== row.url ? { oldUrl: before.url, url: row.url } : {}),
        ...(before.events.join() !== row.events.join() ? { events: row.events } : {}),
      },
    });
    return summaryOf(row, await countsOf(tx, id));
  });
}

/**
 * Pauses an endpoint (its messages wait, in order, none posted) or resumes it (its waiting messages
 * go at once). Messages of new acts are still written while it is paused.
 */
export async function pauseWebhook(
  db: Db,
  jobs: JobSender,
  id: string,
  paused: boolean,
  actor: AuditActor,
): Promise<WebhookSummary> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set(
        paused
          ? {
              pausedAt: sql`coalesce(${webhookEndpoints.pausedAt}, now())`,
              pausedBecause: sql`coalesce(${webhookEndpoints.pausedBecause}, 'admin')`,
            }
          : // Resumed: its receiver gets three days again before the club would pause it.
            { pausedAt: null, pausedBecause: null, failedTries: 0, firstFailedAt: null },
      )
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(tx, actor, { kind: "webhook.changed", targetId: id, detail: { name: row.name, paused } });
    if (!paused) await jobs.sendKeyed("webhook.deliver", id, { endpointId: id }, { tx });
    return summaryOf(row, await countsOf(tx, id));
  });
}

/**
 * A test message to one endpoint, whatever events it listens for: queued behind its waiting
 * messages and signed as they are, so that its receiver (and whoever set it up) sees a real one
 * arrive and the log shows how it was answered. A paused endpoint would hold it: refused, saying so.
 */
export async function pingWebhook(db: Db, jobs: JobSender, endpointId: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, name: webhookEndpoints.name, pausedAt: webhookEndpoints.pausedAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) throw notFound(WEBHOOK_NOT_FOUND);
    if (endpoint.pausedAt) throw conflict("This webhook is paused: resume it to send a test message.");
    const payload = {
      type: WEBHOOK_PING,
      timestamp: new Date().toISOString(),
      data: { webhook_id: endpoint.id, name: endpoint.name },
    };
    await tx.insert(webhookDeliveries).values({ endpointId: endpoint.id, type: WEBHOOK_PING, payload });
    await jobs.sendKeyed("webhook.deliver", endpoint.id, { endpointId: endpoint.id }, { tx });
  });
}

/**
 * The endpoint's waiting messages due now, with a new round of tries each (after its receiver was
 * mended: messages go out in order, so one waiting its next try held back the rest for up to a day).
 * How many there are; none is no error.
 */
export async function retryWebhookNow(db: Db, jobs: JobSender, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ pausedAt: webhookEndpoints.pausedAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    if (!endpoint) throw notFound(WEBHOOK_NOT_FOUND);
    if (endpoint.pausedAt) throw conflict("This webhook is paused: resume it to post its waiting messages.");
    const due = await tx
      .update(webhookDeliveries)
      .set({ dueAt: sql`now()`, triesFrom: sql`now()` })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")))
      .returning({ id: webhookDeliveries.id });
    if (due.length > 0) await jobs.sendKeyed("webhook.deliver", id, { endpointId: id }, { tx });
    return due.length;
  });
}

/** An endpoint removed, with its messages and their log. */
export async function removeWebhook(db: Db, id: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(tx, actor, { kind: "webhook.removed", targetId: id, detail: { name: row.name, url: row.url } });
  });
}

export const DELIVERY_PAGE_MAX = 100;

/** One page of an endpoint's delivery log, newest first; `cursor` is the last page's `nextCursor`. */
export async function webhookDeliveryLog(db: Queryable, endpointId: string, page: { cursor?: number; limit: number }) {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw notFound(WEBHOOK_NOT_FOUND);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      seq: webhookDeliveries.seq,
      type: webhookDeliveries.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      dueAt: webhookDeliveries.dueAt,
      responseStatus: webhookDeliveries.responseStatus,
      lastError: webhookDeliveries.lastError,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        page.cursor !== undefined ? lt(webhookDeliveries.seq, page.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(({ seq: _seq, ...r }) => ({
    ...r,
    status: r.status as "pending" | "delivered" | "failed",
    type: r.type as WebhookEventType,
  }));
  const last = rows[page.limit - 1];
  return { items, nextCursor: rows.length > page.limit && last ? last.seq : null };
}

/** A delivered or failed message posted again: a new round of tries, from now. */
export async function redeliverWebhook(db: Db, jobs: JobSender, deliveryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", triesFrom: sql`now()`, dueAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.status, "pending")))
      .returning({ endpointId: webhookDeliveries.endpointId });
    if (!row) {
      const [waiting] = await tx
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      if (waiting?.n) throw conflict("This message is waiting to be delivered already.");
      throw notFound(DELIVERY_NOT_FOUND);
    }
    await jobs.sendKeyed("webhook.deliver", row.endpointId, { endpointId: row.endpointId }, { tx });
  });
}
