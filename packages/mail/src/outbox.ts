import { type MailAttachment, mailOutbox, type Queryable } from "@club/db";
import { and, eq, inArray, isNull, lte, or, sql } from "@club/db/orm";
import type { JobInfo, JobSender } from "@club/jobs";
import { htmlToText } from "./html-to-text";
import type { MailTransport } from "./transport";

export interface NewMail {
  to: string;
  subject: string;
  html: string;
  /** Plain-text part; derived from the HTML when absent. */
  text?: string;
  attachments?: MailAttachment[];
  /** Extra header lines, such as List-Unsubscribe (see `unsubscribeHeaders`). */
  headers?: Record<string, string>;
}

/**
 * Queues messages: a row of the outbox (the message and its delivery log) and a `mail.send` job
 * for it, whose id is the row's; rows and jobs each go in one statement, whatever their number. Pass the transaction of the change that causes the mail, so the
 * mail exists exactly when the change does.
 */
export async function enqueueMail(db: Queryable, jobs: JobSender, mails: NewMail[]): Promise<string[]> {
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
        headers: m.headers ?? {},
      })),
    )
    .returning({ id: mailOutbox.id });
  await jobs.sendMany(
    "mail.send",
    rows.map(({ id }) => ({ payload: { outboxId: id }, id })),
    { tx: db },
  );
  return rows.map((r) => r.id);
}

/**
 * The `mail.send` job: delivers one message, once. A message that is no longer waiting (delivered,
 * or its body purged) is left alone, so a job run twice sends nothing twice. A failure is recorded on
 * the row and thrown, so the queue tries again with backoff; the last failure marks the row failed.
 */
export async function deliverOutboxMessage(
  db: Queryable,
  transport: MailTransport,
  outboxId: string,
  job: Pick<JobInfo, "attempt" | "lastAttempt">,
): Promise<void> {
  const [message] = await db
    .update(mailOutbox)
    .set({ attempts: job.attempt })
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, "pending")))
    .returning();
  if (!message) return;
  try {
    await transport.send(message);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await db
      .update(mailOutbox)
      .set({ lastError: error.slice(0, 1000), ...(job.lastAttempt ? { status: "failed" as const } : {}) })
      .where(eq(mailOutbox.id, outboxId));
    throw err;
  }
  await db
    .update(mailOutbox)
    .set({ status: transport.kind === "smtp" ? "sent" : "captured", sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, outboxId));
}

/** A failed message waits again (the admin's "Send again"); its job is sent anew. */
export async function requeueMail(db: Queryable, jobs: JobSender, outboxId: string): Promise<boolean> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, lastError: null })
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  if (!row) return false;
  // The first job has the row's id and is kept as failed: the new one gets an id of its own.
  await jobs.send("mail.send", { outboxId }, { tx: db });
  return true;
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
    // The headers go too: a List-Unsubscribe link is a lasting credential for her preferences.
    .set({ html: "", text: "", attachments: [], headers: {}, bodyPurgedAt: sql`now()` })
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
