import { type Db, mailOutbox, type Queryable } from "@club/db";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { requeueMail } from "@club/mail";
import { type MailStatus, rowId } from "@club/shared";
import { z } from "zod";
import { badRequest, notFound } from "../../errors";
import { escapeLike } from "../../lib/like";

// The mail outbox, for admins: every message the club sent or will send, with its delivery state.

const PAGE = 50;
const STALE = "This page of the outbox is no longer available. Please reload it.";

const envelope = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  bodyPurgedAt: mailOutbox.bodyPurgedAt,
};

/** Links in a message, for the admin who must pass a registration or reset link on by hand. */
function linksIn(html: string): string[] {
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)) {
    if (href) found.add(href.replaceAll("&amp;", "&"));
  }
  return [...found];
}

/** `createdAt|id` of the last message shown (the time as Postgres writes a timestamptz as text). */
const outboxCursor = z
  .string()
  .transform((cursor) => cursor.split("|"))
  .pipe(z.tuple([z.string().refine((at) => !Number.isNaN(Date.parse(at))), rowId]));

/** The messages after the cursor; a cursor this server did not make is a 400. */
function after(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const parsed = outboxCursor.safeParse(cursor);
  if (!parsed.success) throw badRequest(STALE);
  const [at, id] = parsed.data;
  return sql`(${mailOutbox.createdAt}, ${mailOutbox.id}) < (${at}::timestamptz, ${id}::uuid)`;
}

/** Newest first, 50 at a time; filtered by status, searched by recipient or subject. */
export async function listOutbox(
  db: Queryable,
  filter: { status?: MailStatus | undefined; search?: string | undefined; cursor?: string | undefined } = {},
) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  const rows = await db
    .select({ ...envelope, cursorAt: sql<string>`${mailOutbox.createdAt}::text` })
    .from(mailOutbox)
    .where(
      and(
        filter.status ? eq(mailOutbox.status, filter.status) : undefined,
        pattern ? or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern)) : undefined,
        after(filter.cursor),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorAt: _, ...m }) => m),
    nextCursor: rows.length > PAGE && last ? `${last.cursorAt}|${last.id}` : null,
  };
}

/** How many messages are in each state. */
export async function outboxCounts(db: Queryable): Promise<Record<MailStatus, number>> {
  const rows = await db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status);
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, captured: 0, failed: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** One message with its body (HTML and text), attachment names and links. */
export async function outboxMessage(db: Queryable, id: string) {
  const [m] = await db
    .select({ ...envelope, html: mailOutbox.html, text: mailOutbox.text, attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  if (!m) throw notFound("Message not found.");
  return {
    ...m,
    attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
    links: linksIn(m.html),
  };
}

/** A message that failed is tried again now, from its first attempt. */
export async function retryFailedMail(db: Db, jobs: JobSender, id: string): Promise<void> {
  const requeued = await db.transaction((tx) => requeueMail(tx, jobs, id));
  if (!requeued) throw notFound("No failed message with that id.");
}
