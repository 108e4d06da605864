import { conversationMembers, messages, type Queryable, users } from "@club/db";
import { and, asc, eq, isNull, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, waitingMessagesMail } from "@club/mail";
import { FORMER_MEMBER } from "@club/shared";
import type { ApiConfig } from "../../context";
import { unsubscribeLinks } from "../group-mail/kinds";
import { peopleOf } from "./people";

/** How long a message waits unread before it is e-mailed. */
export const MAIL_AFTER_MS = 15 * 60_000;
/** The most messages one mail quotes (the rest: "And 4 more"). */
const QUOTED = 5;
/** The most mails one run sends (the next run, a minute later, goes on). */
const PER_RUN = 200;

type Deps = { db: Queryable; jobs: JobSender; config: Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets"> };

/**
 * The `messages.mail` job (every minute): a member with a message from someone else that has waited
 * unread for 15 minutes gets one mail for that conversation, quoting what is unread in it, unless she
 * muted it, left it, or turned "Messages from members" off (Settings → E-mail, or the mail's
 * unsubscribe link). The mail and the mark that it went are written in one transaction, and a member
 * row another server is mailing is skipped (FOR UPDATE SKIP LOCKED): each message is mailed once.
 * `now` is the clock a test moves.
 */
export async function mailWaitingMessages(deps: Deps, now = new Date()): Promise<number> {
  const dueBy = new Date(now.getTime() - MAIL_AFTER_MS);
  const since = sql`greatest(${conversationMembers.readUpTo}, ${conversationMembers.mailedUpTo})`;
  const due = await deps.db
    .select({ conversationId: conversationMembers.conversationId, userId: conversationMembers.userId })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .where(
      and(
        isNull(conversationMembers.leftAt),
        eq(conversationMembers.muted, false),
        eq(users.mailMessages, true),
        sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversationMembers.conversationId}
          and m.author_id is distinct from ${conversationMembers.userId}
          and m.created_at > ${since} and m.created_at <= ${dueBy.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(conversationMembers.conversationId), asc(conversationMembers.userId))
    .limit(PER_RUN);
  if (due.length === 0) return 0;
  const unsubscribe = await unsubscribeLinks(deps.db, deps.config, "messages");
  let sent = 0;
  for (const row of due) {
    const mailed = await deps.db.transaction(async (tx) => {
      // Locked, and read again: another server may have mailed it, or she read it, meanwhile.
      const [member] = await tx
        .select({
          name: users.name,
          email: users.email,
        })
        .from(conversationMembers)
        .innerJoin(users, eq(users.id, conversationMembers.userId))
        .where(
          and(
            eq(conversationMembers.conversationId, row.conversationId),
            eq(conversationMembers.userId, row.userId),
            isNull(conversationMembers.leftAt),
            eq(conversationMembers.muted, false),
          ),
        )
        .for("update", { of: conversationMembers, skipLocked: true });
      if (!member) return false;
      const unread = await tx
        .select({
          authorId: messages.authorId,
          body: messages.body,
          createdAt: messages.createdAt,
          // The database's own microseconds (a Date keeps milliseconds): what is marked as told.
          exactly: sql<string>`${messages.createdAt}::text`,
        })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, row.conversationId),
            sql`${messages.authorId} is distinct from ${row.userId}::uuid`,
            sql`${messages.createdAt} > (select greatest(c.read_up_to, c.mailed_up_to) from ${conversationMembers} c
              where c.conversation_id = ${row.conversationId}::uuid and c.user_id = ${row.userId}::uuid)`,
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id));
      const oldest = unread[0];
      if (!oldest || oldest.createdAt > dueBy) return false;
      const quoted = unread.slice(-QUOTED);
      const people = await peopleOf(
        tx,
        unread.flatMap((m) => (m.authorId ? [m.authorId] : [])),
      );
      const authors = [
        ...new Set(unread.map((m) => (m.authorId ? people.get(m.authorId)?.name : null) ?? FORMER_MEMBER)),
      ];
      const from = authors.length <= 2 ? authors.join(" and ") : `${authors[0]} and ${authors.length - 1} others`;
      await enqueueMail(tx, deps.jobs, [
        {
          to: member.email,
          ...waitingMessagesMail(
            member.name,
            from,
            quoted.map((m) => ({
              author: (m.authorId ? people.get(m.authorId)?.name : null) ?? FORMER_MEMBER,
              text: m.body,
            })),
            unread.length,
            `${deps.config.appOrigin}/messages/${row.conversationId}`,
            unsubscribe(row.userId),
          ),
        },
      ]);
      // Everything quoted or counted is told: up to the newest one's own microseconds.
      const newest = unread[unread.length - 1] ?? oldest;
      await tx
        .update(conversationMembers)
        .set({ mailedUpTo: sql`${newest.exactly}::timestamptz` })
        .where(
          and(eq(conversationMembers.conversationId, row.conversationId), eq(conversationMembers.userId, row.userId)),
        );
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}
