import { memberBlocks, type Queryable, users } from "@club/db";
import { and, asc, eq } from "@club/db/orm";
import { badRequest, notFound } from "../../errors";
import type { Viewer } from "../access";
import { peopleOf } from "./people";

const MEMBER_NOT_FOUND = "Member not found.";

/**
 * She blocks a member: no new conversation or message from her (she is told only that she cannot
 * write), and none to her. Blocking twice changes nothing.
 */
export async function blockMember(db: Queryable, viewer: Viewer, memberId: string): Promise<string> {
  if (memberId === viewer.id) throw badRequest("You cannot block yourself.");
  const [member] = await db.select({ name: users.name }).from(users).where(eq(users.id, memberId));
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  await db.insert(memberBlocks).values({ blockerId: viewer.id, blockedId: memberId }).onConflictDoNothing();
  return `${member.name} is blocked: she cannot write to you.`;
}

export async function unblockMember(db: Queryable, viewer: Viewer, memberId: string): Promise<string> {
  const [member] = await db.select({ name: users.name }).from(users).where(eq(users.id, memberId));
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  await db.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, viewer.id), eq(memberBlocks.blockedId, memberId)));
  return `${member.name} is no longer blocked.`;
}

/** The members she blocked, by name (Settings, and a profile's Block or Unblock). */
export async function blockedBy(db: Queryable, viewer: Viewer) {
  const rows = await db
    .select({ id: memberBlocks.blockedId })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, viewer.id))
    .orderBy(asc(users.name));
  const people = await peopleOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => people.get(r.id) ?? []);
}
