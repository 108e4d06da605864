import { conversationMembers, memberBlocks, messages, type Queryable, users } from "@club/db";
import { aliasedTable as alias, and, asc, eq, gt, inArray, isNull, or, sql } from "@club/db/orm";
import { FORMER_MEMBER } from "@club/shared";
import { PAGE, paged, type Section } from "./paging";

/**
 * Messages in her data export: the conversations she is or was in (with who is in them), every
 * message in them up to the moment she left (with its author's name), read a page at a time, and
 * the members she blocked. Nothing of a conversation after she left it.
 */
export function conversationSections(db: Queryable, userId: string): Section[] {
  return [
    {
      name: "conversations",
      value: async () => {
        const rows = await db
          .select({
            id: conversationMembers.conversationId,
            joinedAt: conversationMembers.joinedAt,
            leftAt: conversationMembers.leftAt,
            muted: conversationMembers.muted,
          })
          .from(conversationMembers)
          .where(eq(conversationMembers.userId, userId))
          .orderBy(asc(conversationMembers.joinedAt));
        const everyone = alias(conversationMembers, "everyone");
        const names = rows.length
          ? await db
              .select({ id: everyone.conversationId, name: users.name })
              .from(everyone)
              .innerJoin(users, eq(users.id, everyone.userId))
              .where(
                inArray(
                  everyone.conversationId,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(asc(users.name))
          : [];
        return rows.map((r) => ({ ...r, members: names.filter((n) => n.id === r.id).map((n) => n.name) }));
      },
    },
    {
      name: "messages",
      rows: () =>
        paged((after) =>
          db
            .select({
              cursor: messages.id,
              id: messages.id,
              conversationId: messages.conversationId,
              author: sql<string>`coalesce(${users.name}, ${FORMER_MEMBER})`,
              mine: sql<boolean>`${messages.authorId} is not distinct from ${userId}::uuid`,
              text: messages.body,
              createdAt: messages.createdAt,
            })
            .from(messages)
            .innerJoin(
              conversationMembers,
              and(
                eq(conversationMembers.conversationId, messages.conversationId),
                eq(conversationMembers.userId, userId),
                or(isNull(conversationMembers.leftAt), sql`${messages.createdAt} <= ${conversationMembers.leftAt}`),
              ),
            )
            .leftJoin(users, eq(users.id, messages.authorId))
            .where(after ? gt(messages.id, after) : undefined)
            .orderBy(asc(messages.id))
            .limit(PAGE),
        ),
    },
    {
      name: "blockedMembers",
      value: () =>
        db
          .select({ name: users.name, blockedAt: memberBlocks.createdAt })
          .from(memberBlocks)
          .innerJoin(users, eq(users.id, memberBlocks.blockedId))
          .where(eq(memberBlocks.blockerId, userId))
          .orderBy(asc(memberBlocks.createdAt)),
    },
  ];
}
