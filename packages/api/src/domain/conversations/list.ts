import { conversationMembers, conversations, messages, type Queryable } from "@club/db";
import { and, desc, eq, isNull, sql } from "@club/db/orm";
import { keyset } from "../../lib/keyset";
import { othersIn, type Viewer, whyNotWriteTo } from "../access";
import { authorName, lastMessages, membersOf, unreadMessages } from "./messages";
import { peopleOf } from "./people";

/** Her list's pages: the conversation written in last first. */
const listPages = keyset(
  conversations.lastMessageAt,
  conversations.id,
  "This page of your messages is no longer available. Please reload it.",
);
const LIST_PAGE = 30;

/** Messages: her conversations, newest first, each with its members, last line and unread count. */
export async function listConversations(
  db: Queryable,
  viewer: Viewer,
  input: { before?: string | undefined; limit?: number | undefined } | undefined,
) {
  const limit = input?.limit ?? LIST_PAGE;
  const rows = await db
    .select({
      id: conversations.id,
      stayId: conversations.stayId,
      lastMessageAt: conversations.lastMessageAt,
      at: listPages.column,
      muted: conversationMembers.muted,
      unread: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id}
        and m.created_at > ${conversationMembers.readUpTo} and m.author_id is distinct from ${viewer.id}::uuid)`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.userId, viewer.id),
        isNull(conversationMembers.leftAt),
        listPages.after(input?.before),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.id);
  const [lasts, members] = await Promise.all([lastMessages(db, ids), membersOf(db, viewer.id, ids)]);
  const people = await peopleOf(db, [
    ...[...members.values()].flat(),
    ...[...lasts.values()].flatMap((m) => (m.authorId ? [m.authorId] : [])),
  ]);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => {
      const message = lasts.get(r.id);
      return {
        id: r.id,
        members: (members.get(r.id) ?? []).flatMap((id) => people.get(id) ?? []),
        last_message: message
          ? {
              text: message.body,
              author_name: authorName(message.authorId ? people.get(message.authorId)?.name : null),
              mine: message.authorId === viewer.id,
              created_at: message.createdAt,
            }
          : null,
        unread: r.unread,
        muted: r.muted,
        stay_id: r.stayId,
        last_message_at: r.lastMessageAt,
      };
    }),
    next: rows.length > limit && last ? listPages.next(last.at, last.id) : null,
    unread: await unreadMessages(db, viewer.id),
  };
}

/** One conversation she is in, as its page heads it: who is in it and whether she may write. */
export async function conversationView(db: Queryable, viewer: Viewer, id: string, muted: boolean) {
  const [row] = await db.select({ stayId: conversations.stayId }).from(conversations).where(eq(conversations.id, id));
  const others = await othersIn(db, viewer.id, id);
  const people = await peopleOf(db, others);
  return {
    id,
    members: others.flatMap((o) => people.get(o) ?? []),
    muted,
    stay_id: row?.stayId ?? null,
    cannot_write:
      others.length === 0
        ? "Everyone else has left this conversation."
        : await whyNotWriteTo(db, viewer, others, others.length > 1),
  };
}
