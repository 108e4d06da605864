import { type Queryable, users, type WebhookEndpoint, webhookEndpoints } from "@club/db";
import { eq, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, webhookTroubleMail } from "@club/mail";
import { recordAudit } from "../audit/record";
import { notify } from "../notifications/notify";

/**
 * A receiver that stays down: the admins are told at the fifth try in a row that fails (about two
 * hours after the first, by the tries' schedule: at once, 5 seconds, 5 and 30 minutes, 2 hours),
 * and the club pauses the endpoint once its tries have failed for three days. Paused, its messages
 * wait in order, none posted, until an admin resumes it; nobody is told of each failure.
 */
export const WEBHOOK_TELL_AFTER_TRIES = 5;
export const WEBHOOK_PAUSE_AFTER_MS = 3 * 24 * 3_600_000;

export interface TroubleDeps {
  jobs: JobSender;
  /** For the mail's link to the endpoint's page, and its dates in the club's time zone. */
  appOrigin: string;
  timeZone: string;
}

/**
 * Counts a failed try on the endpoint (in the transaction that records it), and tells the admins or
 * pauses it when that is due. Returns whether the endpoint is now paused.
 */
export async function countFailedTry(
  tx: Queryable,
  deps: TroubleDeps,
  endpoint: Pick<WebhookEndpoint, "id">,
  at: Date,
  lastError: string | null,
): Promise<boolean> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      failedTries: sql`${webhookEndpoints.failedTries} + 1`,
      firstFailedAt: sql`coalesce(${webhookEndpoints.firstFailedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  if (!row?.firstFailedAt) return false;
  const trouble = { row, tries: row.failedTries, since: row.firstFailedAt, lastError };
  if (at.getTime() - row.firstFailedAt.getTime() >= WEBHOOK_PAUSE_AFTER_MS && !row.pausedAt) {
    await tx
      .update(webhookEndpoints)
      .set({ pausedAt: at, pausedBecause: "failing" })
      .where(eq(webhookEndpoints.id, row.id));
    await recordAudit(
      tx,
      { id: null, email: null, ip: null },
      { kind: "webhook.changed", targetId: row.id, detail: { name: row.name, paused: true, because: "failing" } },
    );
    await tellAdmins(tx, deps, { ...trouble, state: "paused" });
    return true;
  }
  if (row.failedTries === WEBHOOK_TELL_AFTER_TRIES) await tellAdmins(tx, deps, { ...trouble, state: "failing" });
  return false;
}

/** A try got through: the count of failures starts again. */
export async function clearFailedTries(tx: Queryable, endpointId: string): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ failedTries: 0, firstFailedAt: null, failingSince: null })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** The bell (one unread row per admin and endpoint, which reads as the endpoint is now) and a mail. */
async function tellAdmins(
  tx: Queryable,
  deps: TroubleDeps,
  trouble: { row: WebhookEndpoint; state: "failing" | "paused"; tries: number; since: Date; lastError: string | null },
): Promise<void> {
  const admins = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.admin, true));
  await notify(tx, { kind: "webhook", recipients: admins.map((a) => a.id), actorId: null, subjectId: trouble.row.id });
  const since = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: deps.timeZone,
    timeZoneName: "short",
  }).format(trouble.since);
  const details = {
    name: trouble.row.name,
    url: trouble.row.url,
    state: trouble.state,
    tries: trouble.tries,
    since,
    lastError: trouble.lastError,
    pageUrl: `${deps.appOrigin}/webhooks/${trouble.row.id}`,
  };
  await enqueueMail(
    tx,
    deps.jobs,
    admins.map((a) => ({ to: a.email, ...webhookTroubleMail(a.name, details) })),
  );
}
