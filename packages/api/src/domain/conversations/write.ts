import { conversationMembers, conversations, messages, type Queryable, users } from "@club/db";
import { and, desc, eq, inArray, isNull, sql } from "@club/db/orm";
import { CONVERSATION_MAX_MEMBERS } from "@club/shared";
import { badRequest, forbidden } from "../../errors";
import { CONVERSATIONS_PER_MEMBER, MESSAGES_PER_MEMBER } from "../../throttle";
import { type MemberContext, requireMayWrite, requireVisibleMedia, type Viewer, whyNotWriteTo } from "../access";
import { toMessages } from "./messages";

type Writer = MemberContext;
/** Where a new member's reading starts: before the first message (written at the same `now()`). */
export const BEFORE_ANY_MESSAGE = new Date(0);

/** A gallery photo she may see, to share in a message (a home's photos are not the gallery's). */
async function requireSharedPhoto(ctx: Writer, mediaId: string | undefined): Promise<string | null> {
  if (!mediaId) return null;
  const item = await requireVisibleMedia(ctx, mediaId);
  if (item.mediaType !== "image" || item.homeId) throw badRequest("Only a photo from the gallery can be shared.");
  return item.id;
}

/**
 * "Write to her": a conversation with one member or a small group, opened with her first message.
 * Writing to one member she already has a conversation with (just the two of them) continues it.
 * Each member named must exist; none may have blocked her (she is told only that she cannot write),
 * nor she them. New conversations are limited per hour, messages per minute.
 */
export async function startConversation(
  ctx: Writer,
  input: { memberIds: string[]; text: string; mediaId?: string | undefined },
  options: { stayId?: string } = {},
): Promise<{ id: string; created: boolean }> {
  const others = [...new Set(input.memberIds)].filter((id) => id !== ctx.user.id);
  if (others.length === 0) throw badRequest("Choose someone other than yourself to write to.");
  if (others.length > CONVERSATION_MAX_MEMBERS - 1)
    throw badRequest(`A conversation has at most ${CONVERSATION_MAX_MEMBERS} members, you included.`);
  const found = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, others));
  if (found.length !== others.length) throw badRequest("One of the members you chose is no longer in the club.");
  const why = await whyNotWriteTo(ctx.db, ctx.user, others, others.length > 1);
  if (why) throw forbidden(why);
  const photo = await requireSharedPhoto(ctx, input.mediaId);

  const existing =
    options.stayId || others.length > 1 ? undefined : await pairOf(ctx.db, ctx.user.id, others[0] as string);
  if (existing) {
    await ctx.throttle.take([MESSAGES_PER_MEMBER, ctx.user.id]);
    await writeMessage(ctx.db, ctx.user.id, existing, input.text, photo);
    return { id: existing, created: false };
  }
  await ctx.throttle.take([CONVERSATIONS_PER_MEMBER, ctx.user.id], [MESSAGES_PER_MEMBER, ctx.user.id]);
  const id = await ctx.db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ startedBy: ctx.user.id, stayId: options.stayId ?? null })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error("The conversation was not written.");
    await tx
      .insert(conversationMembers)
      // Read and mailed up to the beginning of time: the first message (written in this same
      // transaction, at the same `now()`) is unread for the others.
      .values(
        [ctx.user.id, ...others].map((userId) => ({
          conversationId: conversation.id,
          userId,
          readUpTo: BEFORE_ANY_MESSAGE,
          mailedUpTo: BEFORE_ANY_MESSAGE,
        })),
      );
    await writeMessage(tx, ctx.user.id, conversation.id, input.text, photo);
    return conversation.id;
  });
  return { id, created: true };
}

/** The conversation of just these two members (both still in it), if there is one. */
async function pairOf(db: Queryable, me: string, her: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        isNull(conversations.stayId),
        sql`(select array_agg(m.user_id order by m.user_id) from ${conversationMembers} m
              where m.conversation_id = ${conversations.id} and m.left_at is null)
            = (select array_agg(u order by u) from unnest(array[${me}::uuid, ${her}::uuid]) u)`,
        sql`not exists (select 1 from ${conversationMembers} m where m.conversation_id = ${conversations.id} and m.left_at is not null)`,
        sql`exists (select 1 from ${conversationMembers} m where m.conversation_id = ${conversations.id} and m.user_id = ${me}::uuid)`,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(1);
  return row?.id;
}

/**
 * Writes a message: the conversation moves to the top of its members' lists, and her own message
 * counts as read (and mailed) for her. The members' open pages hear of it (the `messages_live` trigger).
 */
export async function writeMessage(
  db: Queryable,
  authorId: string,
  conversationId: string,
  text: string,
  mediaId: string | null,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(messages).values({ conversationId, authorId, body: text, mediaId }).returning();
    if (!row) throw new Error("The message was not written.");
    await tx.update(conversations).set({ lastMessageAt: row.createdAt }).where(eq(conversations.id, conversationId));
    await tx
      .update(conversationMembers)
      .set({ readUpTo: row.createdAt, mailedUpTo: row.createdAt })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, authorId)));
    return row;
  });
}

/** Writes in a conversation she is in (the caller checked that), unless someone in it blocked her. */
export async function sendMessage(
  ctx: Writer,
  conversationId: string,
  input: { text: string; mediaId?: string | undefined },
) {
  await requireMayWrite(ctx.db, ctx.user, conversationId);
  const photo = await requireSharedPhoto(ctx, input.mediaId);
  await ctx.throttle.take([MESSAGES_PER_MEMBER, ctx.user.id]);
  const row = await writeMessage(ctx.db, ctx.user.id, conversationId, input.text, photo);
  const [shown] = await toMessages(ctx.db, ctx.user, [row]);
  if (!shown) throw new Error("The message written was not read back.");
  return shown;
}

/** She has read the conversation up to its newest message. */
export async function markConversationRead(db: Queryable, viewer: Viewer, conversationId: string): Promise<void> {
  await db
    .update(conversationMembers)
    .set({
      readUpTo: sql`greatest(${conversationMembers.readUpTo}, coalesce((select max(m.created_at) from ${messages} m where m.conversation_id = ${conversationId}::uuid), ${conversationMembers.readUpTo}))`,
    })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewer.id)));
}

/** She leaves: the conversation leaves her list, and she neither reads nor writes in it again. */
export async function leaveConversation(db: Queryable, viewer: Viewer, conversationId: string): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ leftAt: sql`now()` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewer.id)));
}

/** Muted: no e-mail of it, and its unread messages are not in her number. */
export async function muteConversation(db: Queryable, viewer: Viewer, conversationId: string, muted: boolean) {
  await db
    .update(conversationMembers)
    .set({ muted })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewer.id)));
}
