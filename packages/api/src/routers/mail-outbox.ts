import { mailOutbox } from "@club/db";
import { and, count, desc, eq, ilike, or, sql } from "@club/db/orm";
import { requeueMail } from "@club/mail";
import { mailStatuses } from "@club/shared";
import { z } from "zod";
import { escapeLike } from "../domain/like";
import { badRequest, notFound } from "../errors";
import { adminProcedure, router } from "../trpc";

const PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
export function linksIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)) found.add(match[1]!.replaceAll("&amp;", "&"));
  return [...found];
}

/**
 * The mail outbox, for admins: every message the club sent or will send, with its delivery state.
 * On the embedded default (no SMTP) this is where mail is read; in production it is the delivery log.
 */
export const mailOutboxRouter = router({
  /** Newest first, 50 at a time; filter by status, search by recipient or subject. */
  list: adminProcedure
    .input(
      z
        .object({
          status: z.enum(mailStatuses).optional(),
          search: z.string().trim().max(200).optional(),
          cursor: z.string().max(200).optional(),
        })
        .optional(),
    )
    .query(async ({ ctx, input }) => {
      let after: ReturnType<typeof sql> | undefined;
      if (input?.cursor) {
        const [at, id] = input.cursor.split("|");
        if (!at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at))) throw badRequest(STALE);
        after = sql`(${mailOutbox.createdAt}, ${mailOutbox.id}) < (${at}::timestamptz, ${id}::uuid)`;
      }
      const rows = await ctx.db
        .select({ ...envelope, cursorAt: sql<string>`${mailOutbox.createdAt}::text` })
        .from(mailOutbox)
        .where(
          and(
            input?.status ? eq(mailOutbox.status, input.status) : undefined,
            input?.search
              ? or(
                  ilike(mailOutbox.to, `%${escapeLike(input.search)}%`),
                  ilike(mailOutbox.subject, `%${escapeLike(input.search)}%`),
                )
              : undefined,
            after,
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
    }),

  /** Counts by status, and whether mail leaves the server at all (SMTP) or is only kept here. */
  summary: adminProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .groupBy(mailOutbox.status);
    const counts = Object.fromEntries(mailStatuses.map((s) => [s, 0])) as Record<(typeof mailStatuses)[number], number>;
    for (const r of rows) counts[r.status] = r.n;
    return { delivery: ctx.config.mailDelivery, counts };
  }),

  /** One message with its body (HTML and text), attachment names and links. */
  get: adminProcedure.input(z.object({ id: z.uuid("Message not found.") })).query(async ({ ctx, input }) => {
    const [m] = await ctx.db
      .select({ ...envelope, html: mailOutbox.html, text: mailOutbox.text, attachments: mailOutbox.attachments })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, input.id));
    if (!m) throw notFound("Message not found.");
    return {
      ...m,
      attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
      links: linksIn(m.html),
    };
  }),

  /** A message that failed is tried again now, from its first attempt. */
  retry: adminProcedure.input(z.object({ id: z.uuid("Message not found.") })).mutation(async ({ ctx, input }) => {
    const requeued = await ctx.db.transaction((tx) => requeueMail(tx, ctx.jobs, input.id));
    if (!requeued) throw notFound("No failed message with that id.");
    return { message: "The message will be sent again shortly." };
  }),
});
