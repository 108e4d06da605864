import { type Db, type WebhookDelivery, type WebhookEndpoint, webhookDeliveries, webhookEndpoints } from "@club/db";
import { and, asc, eq, isNull, lt, or, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { Webhook } from "standardwebhooks";
import { clearFailedTries, countFailedTry, type TroubleDeps } from "./failing";
import { postWebhook, type WebhookAnswer } from "./post";

/**
 * When each try of a message is due, from the start of its round of tries: at once, then after 5
 * seconds, 5 and 30 minutes, 2, 5 and 10 hours, and a day. After the last, the message has failed
 * and its endpoint is marked failing; a failing endpoint's messages get one try each, until one
 * gets through.
 */
export const WEBHOOK_TRIES_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000];

/** How long a server holds an endpoint while it posts one message (longer than a try's timeout). */
const LEASE_MS = 60_000;

export interface WebhookDeliveryDeps extends TroubleDeps {
  db: Db;
  jobs: JobSender;
  allowPrivate: boolean;
  /** The clock the tries are due by (a test walks it through a day of tries). */
  now?: () => Date;
}

/**
 * Posts an endpoint's messages that are due, oldest first, one at a time, each waiting for the one
 * before it (order is kept per endpoint: a message being retried holds back those after it). One
 * server at a time holds an endpoint (a lease on its row, not a transaction: a slow endpoint must
 * not hold the database); a server that finds it held leaves the work to the holder, which looks
 * again for due messages after letting it go.
 */
export async function deliverWebhooks(deps: WebhookDeliveryDeps, endpointId: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  for (;;) {
    const endpoint = await lease(deps.db, endpointId, now());
    if (!endpoint) return await retryAfterLease(deps, endpointId);
    try {
      await postDue(deps, endpoint, now);
    } finally {
      await deps.db.update(webhookEndpoints).set({ leasedUntil: null }).where(eq(webhookEndpoints.id, endpointId));
    }
    // A message written while the lease was held: its job found the endpoint held and left it here.
    const head = await nextPending(deps.db, endpointId);
    if (!head || head.dueAt > now()) return;
  }
}

const pendingOf = (endpointId: string) =>
  and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending"));

/** The endpoint's oldest message still to deliver: the next to post, whatever comes after it. */
async function nextPending(db: Db, endpointId: string): Promise<WebhookDelivery | undefined> {
  const [next] = await db
    .select()
    .from(webhookDeliveries)
    .where(pendingOf(endpointId))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  return next;
}

async function lease(db: Db, endpointId: string, at: Date): Promise<WebhookEndpoint | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ leasedUntil: new Date(at.getTime() + LEASE_MS) })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        // A paused endpoint is not taken: its messages wait until it is resumed (which sends a job).
        isNull(webhookEndpoints.pausedAt),
        or(isNull(webhookEndpoints.leasedUntil), lt(webhookEndpoints.leasedUntil, at)),
      ),
    )
    .returning();
  return row;
}

/**
 * The endpoint is held (or gone). Held by a server that stopped mid-post, nobody would look again:
 * a job waits for the lease's end. It finds nothing to do when the holder finished the work.
 */
async function retryAfterLease(deps: WebhookDeliveryDeps, endpointId: string): Promise<void> {
  const [held] = await deps.db
    .select({ until: webhookEndpoints.leasedUntil })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!held?.until) return;
  const until = held.until;
  await deps.db.transaction((tx) =>
    deps.jobs.sendKeyed("webhook.deliver", endpointId, { endpointId }, { tx, startAfter: until }),
  );
}

async function postDue(deps: WebhookDeliveryDeps, endpoint: WebhookEndpoint, now: () => Date): Promise<void> {
  const signer = new Webhook(endpoint.secret);
  // After a rotation the old secret signs too, until its day is over: the receiver checks either.
  const previous = endpoint.previousSecret ? new Webhook(endpoint.previousSecret) : undefined;
  const signatures = (id: string, at: Date, body: string) =>
    previous && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at
      ? `${signer.sign(id, at, body)} ${previous.sign(id, at, body)}`
      : signer.sign(id, at, body);
  for (;;) {
    const next = await nextPending(deps.db, endpoint.id);
    if (!next) return;
    if (next.dueAt > now()) {
      const dueAt = next.dueAt;
      await deps.db.transaction((tx) =>
        deps.jobs.sendKeyed("webhook.deliver", endpoint.id, { endpointId: endpoint.id }, { tx, startAfter: dueAt }),
      );
      return;
    }
    await deps.db
      .update(webhookEndpoints)
      .set({ leasedUntil: new Date(now().getTime() + LEASE_MS) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const sentAt = now();
    const body = JSON.stringify(next.payload);
    const answer = await postWebhook({
      url: endpoint.url,
      body,
      allowPrivate: deps.allowPrivate,
      headers: {
        "content-type": "application/json",
        "user-agent": "club-webhooks",
        "webhook-id": next.id,
        "webhook-timestamp": Math.floor(sentAt.getTime() / 1000).toString(),
        "webhook-signature": signatures(next.id, sentAt, body),
      },
    });
    const after = await record(deps, endpoint, next, answer, sentAt);
    // Paused by the club after days of failures: the rest wait for an admin to resume it.
    if (after.paused) return;
    endpoint.failingSince = after.failingSince;
    endpoint.failedTries = after.failedTries;
  }
}

/**
 * Writes a try's outcome to the log, and counts it on the endpoint (a failure in a row, or the count
 * cleared); returns the endpoint's state after it.
 */
async function record(
  deps: WebhookDeliveryDeps,
  endpoint: WebhookEndpoint,
  delivery: WebhookDelivery,
  answer: WebhookAnswer,
  at: Date,
): Promise<{ failingSince: Date | null; failedTries: number; paused: boolean }> {
  const attempts = delivery.attempts + 1;
  const tried = { attempts, lastAttemptAt: at, responseStatus: answer.status };
  if (answer.ok) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ ...tried, status: "delivered", lastError: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (endpoint.failingSince || endpoint.failedTries > 0) await clearFailedTries(tx, endpoint.id);
    });
    return { failingSince: null, failedTries: 0, paused: false };
  }
  const offset = WEBHOOK_TRIES_MS[attempts];
  // A message with tries left waits for its next; after its last it has failed, and so is the endpoint.
  const retried = offset !== undefined && !endpoint.failingSince;
  const failingSince = retried ? endpoint.failingSince : (endpoint.failingSince ?? at);
  const paused = await deps.db.transaction(async (tx) => {
    if (retried) {
      const dueAt = new Date(Math.max(delivery.triesFrom.getTime() + offset, at.getTime()));
      await tx
        .update(webhookDeliveries)
        .set({ ...tried, lastError: answer.error, dueAt })
        .where(eq(webhookDeliveries.id, delivery.id));
    } else {
      await tx
        .update(webhookDeliveries)
        .set({ ...tried, status: "failed", lastError: answer.error })
        .where(eq(webhookDeliveries.id, delivery.id));
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, endpoint.id));
    }
    return countFailedTry(tx, deps, endpoint, at, answer.error);
  });
  return { failingSince, failedTries: endpoint.failedTries + 1, paused };
}

/**
 * At a server's start: each endpoint with messages waiting gets its job (one that has it already
 * keeps one, moved to now). A server that stopped mid-post left its messages with no job to come.
 */
export async function queueWaitingWebhooks(db: Db, jobs: JobSender): Promise<void> {
  const waiting = await db
    .selectDistinct({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, "pending"));
  for (const { endpointId } of waiting) {
    await db.transaction((tx) => jobs.sendKeyed("webhook.deliver", endpointId, { endpointId }, { tx }));
  }
}
