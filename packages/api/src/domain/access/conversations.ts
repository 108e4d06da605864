// Conversations: only their members read and write them; admins see a message only once reported.
import { conversationMembers, memberBlocks, messages, type Queryable, users } from "@club/db";
import { and, eq, inArray, isNull, ne, or } from "@club/db/orm";
import { forbidden, notFound } from "../../errors";
import type { Viewer } from "./callers";

export const CONVERSATION_NOT_FOUND = "Conversation not found.";
export const MESSAGE_NOT_FOUND = "Message not found.";
/** All a blocked member is told: not that she is blocked, only that she cannot write. */
export const CANNOT_WRITE_TO_HER = "You cannot write to this member.";
export const CANNOT_WRITE_HERE = "You cannot write in this conversation.";

export type Membership = typeof conversationMembers.$inferSelect;

/**
 * Her place in a conversation she is in and has not left. To anyone else, admins included, it
 * does not exist: a conversation is read by its members only.
 */
export async function requireConversationMember(db: Queryable, viewer: Viewer, id: string): Promise<Membership> {
  const [row] = await db
    .select()
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, id),
        eq(conversationMembers.userId, viewer.id),
        isNull(conversationMembers.leftAt),
      ),
    );
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** A message in a conversation she is in (a report names one); otherwise "not found". */
export async function requireReadableMessage(db: Queryable, viewer: Viewer, id: string) {
  const [row] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, viewer.id),
        isNull(conversationMembers.leftAt),
      ),
    )
    .where(eq(messages.id, id));
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row.message;
}

/**
 * Why she may not write to these members now, or null: one of them blocked her (she is told only
 * that she cannot write), or she blocked one of them (she is told to unblock her first).
 */
export async function whyNotWriteTo(db: Queryable, viewer: Viewer, others: string[], group: boolean) {
  if (others.length === 0) return null;
  const blocks = await db
    .select({ blocker: memberBlocks.blockerId, blocked: memberBlocks.blockedId, name: users.name })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(
      or(
        and(eq(memberBlocks.blockedId, viewer.id), inArray(memberBlocks.blockerId, others)),
        and(eq(memberBlocks.blockerId, viewer.id), inArray(memberBlocks.blockedId, others)),
      ),
    );
  const againstHer = blocks.find((b) => b.blocked === viewer.id);
  if (againstHer) return group ? CANNOT_WRITE_HERE : CANNOT_WRITE_TO_HER;
  const hers = blocks[0];
  return hers ? `You blocked ${hers.name}: unblock her on her profile to write to her.` : null;
}

/** Refuses with why she may not write in this conversation (see whyNotWriteTo). */
export async function requireMayWrite(db: Queryable, viewer: Viewer, conversationId: string): Promise<void> {
  const others = await othersIn(db, viewer.id, conversationId);
  const why = await whyNotWriteTo(db, viewer, others, others.length > 1);
  if (why) throw forbidden(why);
}

/** The other members of a conversation (those who have not left). */
export async function othersIn(db: Queryable, me: string, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversationMembers.userId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        ne(conversationMembers.userId, me),
        isNull(conversationMembers.leftAt),
      ),
    );
  return rows.map((r) => r.id);
}
