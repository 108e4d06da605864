import { conversationMembers, conversations, media, messages, type Queryable } from "@club/db";
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "@club/db/orm";
import { FORMER_MEMBER } from "@club/shared";
import { keyset } from "../../lib/keyset";
import { type Viewer, visibleMedia } from "../access";
import { imageSources } from "../media/dto";
import { peopleOf } from "./people";

type MessageRow = typeof messages.$inferSelect;

/** A conversation's pages: newest first on the way back (the page itself is shown oldest first). */
export const messagePages = keyset(
  messages.createdAt,
  messages.id,
  "This page of the conversation is no longer available. Please reload it.",
);

/** The most messages one page holds. */
export const MESSAGES_PAGE = 50;

/**
 * Messages as their reader sees them: the author's name and portrait (a "Former member" once her
 * account is gone), and a shared photo only while this reader may see it (read through the media
 * rules for her, at each read: a photo made private later disappears from the card).
 */
export async function toMessages(db: Queryable, viewer: Viewer, rows: MessageRow[]) {
  const people = await peopleOf(
    db,
    rows.flatMap((r) => (r.authorId ? [r.authorId] : [])),
  );
  const mediaIds = rows.flatMap((r) => (r.mediaId ? [r.mediaId] : []));
  const photos =
    mediaIds.length === 0
      ? []
      : await db
          .select()
          .from(media)
          .where(and(inArray(media.id, mediaIds), eq(media.mediaType, "image"), visibleMedia(viewer)));
  const photoById = new Map(
    photos.map((p) => [
      p.id,
      {
        id: p.id,
        title: p.title,
        url: `/${p.mediumKey ?? p.displayKey ?? p.storageKey}`,
        sources: imageSources(p),
        placeholder: p.placeholder,
        width: p.width,
        height: p.height,
      },
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    conversation_id: r.conversationId,
    author: r.authorId ? (people.get(r.authorId) ?? null) : null,
    mine: r.authorId === viewer.id,
    text: r.body,
    photo: r.mediaId ? (photoById.get(r.mediaId) ?? null) : null,
    created_at: r.createdAt,
  }));
}

/** The name a list line gives a message's author. */
export const authorName = (name: string | null | undefined) => name ?? FORMER_MEMBER;

/** A page of a conversation she is in, oldest first, and the cursor of the page before it. */
export async function messagesPage(
  db: Queryable,
  viewer: Viewer,
  conversationId: string,
  input: { before?: string | undefined; limit?: number | undefined },
) {
  const limit = input.limit ?? MESSAGES_PAGE;
  const rows = await db
    .select({ row: messages, at: messagePages.column })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), messagePages.after(input.before)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const older = rows.length > limit && last ? messagePages.next(last.at, last.row.id) : null;
  return { items: await toMessages(db, viewer, page.map((r) => r.row).reverse()), older };
}

/**
 * Her unread messages: from others, after what she read, in the conversations she is in and has
 * not muted (the number beside Messages, and the bell's stream).
 */
export async function unreadMessages(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationMembers)
    .innerJoin(
      messages,
      and(
        eq(messages.conversationId, conversationMembers.conversationId),
        sql`${messages.createdAt} > ${conversationMembers.readUpTo}`,
        sql`${messages.authorId} is distinct from ${conversationMembers.userId}`,
      ),
    )
    .where(
      and(
        eq(conversationMembers.userId, userId),
        isNull(conversationMembers.leftAt),
        eq(conversationMembers.muted, false),
      ),
    );
  return row?.n ?? 0;
}

/** The newest message of each conversation (a list's last line). */
export async function lastMessages(db: Queryable, conversationIds: string[]) {
  if (conversationIds.length === 0) return new Map<string, MessageRow>();
  const rows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
  return new Map(rows.map((r) => [r.conversationId, r]));
}

/** The other members of each conversation (not left), by conversation. */
export async function membersOf(db: Queryable, me: string, conversationIds: string[]) {
  if (conversationIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ conversationId: conversationMembers.conversationId, userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(
      and(
        inArray(conversationMembers.conversationId, conversationIds),
        ne(conversationMembers.userId, me),
        isNull(conversationMembers.leftAt),
      ),
    )
    .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId));
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(r.conversationId, [...(by.get(r.conversationId) ?? []), r.userId]);
  return by;
}

/**
 * What the live stream tells of her messages: the unread number, and the moment her conversations
 * last changed (a message written, one read, muted or left), as the database writes it.
 */
export async function messagesState(
  db: Queryable,
  userId: string,
): Promise<{ unread: number; changed: string | null }> {
  const [unread, [row]] = await Promise.all([
    unreadMessages(db, userId),
    db
      .select({
        changed: sql<
          string | null
        >`max(greatest(${conversations.lastMessageAt}, ${conversationMembers.readUpTo}, ${conversationMembers.joinedAt}, ${conversationMembers.leftAt}))::text`,
        muted: sql<number>`count(*) filter (where ${conversationMembers.muted})::int`,
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .where(eq(conversationMembers.userId, userId)),
  ]);
  return { unread, changed: row?.changed ? `${row.changed} ${row.muted}` : null };
}
