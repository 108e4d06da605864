import { type Db, type MailAttachment, mailOutbox, type OutboxMessage, type Queryable } from "@club/db";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { htmlToText } from "./html-to-text";

export interface NewMail {
  to: string;
  subject: string;
  html: string;
  /** Plain-text part; derived from the HTML when absent. */
  text?: string;
  attachments?: MailAttachment[];
}

/**
 * Queues messages. Pass the transaction of the change that causes the mail, so the mail
 * exists exactly when the change does.
 */
export async function enqueueMail(db: Queryable, mails: NewMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((m) => ({
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text ?? htmlToText(m.html),
        attachments: m.attachments ?? [],
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Every outbox time is the database's clock: a message's first due time is the database's
 * `now()` (the column default), and comparing it with this process's clock would leave a message
 * written in the same millisecond, or by a server whose clock runs behind, waiting a round.
 */
const dbNow = sql`now()`;
const dbNowPlus = (ms: number) => sql`now() + ${Math.round(ms)}::integer * interval '1 millisecond'`;

const CLAIM_MS = 5 * 60 * 1000;

/**
 * Claims up to `limit` due messages for one worker. `FOR UPDATE SKIP LOCKED` lets several
 * server instances share the outbox without sending a message twice; the claim (locked_until)
 * expires, so a message held by a worker that died is picked up again later.
 */
export async function claimDueMail(db: Db, limit: number): Promise<OutboxMessage[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, dbNow),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, dbNow)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ lockedUntil: dbNowPlus(CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markDelivered(db: Db, id: string, status: "sent" | "captured"): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status, sentAt: dbNow, lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export const MAX_ATTEMPTS = 8;

/** Exponential backoff: 30 s, 1 min, 2 min, … capped at one hour; gives up after MAX_ATTEMPTS. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export async function markFailed(db: Db, message: OutboxMessage, error: string): Promise<void> {
  const giveUp = message.attempts >= MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: dbNowPlus(retryDelayMs(message.attempts)),
    })
    .where(eq(mailOutbox.id, message.id));
}

/**
 * Removes the body and attachments of messages delivered (or given up on) more than `keepDays`
 * ago: registration and reset links must not stay readable in the database. The envelope (to,
 * subject, status, times, last error) stays as the delivery log.
 */
export async function purgeOldBodies(db: Queryable, keepDays: number): Promise<number> {
  const cutoff = sql`now() - ${Math.round(keepDays)}::integer * interval '1 day'`;
  const rows = await db
    .update(mailOutbox)
    .set({ html: "", text: "", attachments: [], bodyPurgedAt: dbNow })
    .where(
      and(
        isNull(mailOutbox.bodyPurgedAt),
        or(
          and(inArray(mailOutbox.status, ["sent", "captured"]), lte(mailOutbox.sentAt, cutoff)),
          and(eq(mailOutbox.status, "failed"), lte(mailOutbox.createdAt, cutoff)),
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}
