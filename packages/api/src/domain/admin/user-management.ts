import { endSessionsAndTokens, hashPassword } from "@club/auth";
import { type Db, type Queryable, users } from "@club/db";
import { asc, eq, ilike, or, type SQL } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { LIST_MAX, type MemberType } from "@club/shared";
import { notFound } from "../../errors";
import { escapeLike } from "../../lib/like";
import { createUser, MEMBER_NOT_FOUND, type NewUser, replacePassword } from "../account/users";
import { type AuditActor, recordAudit } from "../audit/record";
import { memberData, tellMemberUpdated } from "../webhooks/acts";
import { emitWebhook } from "../webhooks/emit";

// The admins' User Management screen: the members, their type, their passwords, their mailing groups.

const memberColumns = {
  user_id: users.id,
  name: users.name,
  email: users.email,
  type: users.type,
  admin: users.admin,
  testingTeam: users.testingTeam,
};

/** The members' list's rows: with when what they show last changed, which a sync pages by. */
export const listColumns = { ...memberColumns, updated_at: users.updatedAt };

/** `search` matches a part of the name or the e-mail. */
export function memberSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

/** By name, a page at a time; `search` matches a part of the name or the e-mail. */
export function listMembers(
  db: Queryable,
  page: { search?: string | undefined; offset?: number | undefined; limit?: number | undefined } = {},
) {
  return db
    .select(listColumns)
    .from(users)
    .where(memberSearch(page.search))
    .orderBy(asc(users.name), asc(users.id))
    .offset(page.offset ?? 0)
    .limit(page.limit ?? LIST_MAX);
}

/** The admin who makes a change, and the session or API token she makes it from. */
export interface ActingAdmin {
  id: string;
  sessionId: string;
  tokenId?: string | undefined;
  /** Who the audit log records (auditActor): her e-mail at the time and her address. */
  audit: AuditActor;
}

/** What an admin changing her own rights keeps: the session or the API token she changes them from. */
const keptBy = (admin: ActingAdmin, userId: string) =>
  userId === admin.id ? { sessionId: admin.sessionId, tokenId: admin.tokenId } : {};

/**
 * Her sessions and API tokens end, so the new type applies at once; an admin who changes her own
 * type keeps the session (or the token) she does it from.
 */
export async function setMemberType(
  ctx: { db: Db; jobs: JobSender },
  change: { userId: string; type: MemberType },
  admin: ActingAdmin,
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select(memberColumns).from(users).where(eq(users.id, change.userId)).for("update");
    if (!before) throw notFound(MEMBER_NOT_FOUND);
    const [row] = await tx
      .update(users)
      .set({ type: change.type })
      .where(eq(users.id, change.userId))
      .returning(memberColumns);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    await endSessionsAndTokens(tx, change.userId, keptBy(admin, change.userId));
    await recordRightsChange(tx, admin.audit, before, row);
    await tellMemberUpdated(tx, ctx.jobs, asMember(before), asMember(row));
    return row;
  });
}

const asMember = (row: MemberRights & { name: string }) => ({
  id: row.user_id,
  name: row.name,
  email: row.email,
  type: row.type,
  admin: row.admin,
});

export interface MemberChange {
  userId: string;
  name?: string | undefined;
  type?: MemberType | undefined;
  admin?: boolean | undefined;
}

/**
 * An admin's change to a member's name, type or admin right (scripts and `club seed --update`).
 * A change of type or right ends her sessions and API tokens, as `setMemberType` does, so that what
 * she may do follows at once; a new name alone leaves them.
 */
export async function updateMember(ctx: { db: Db; jobs: JobSender }, change: MemberChange, admin: ActingAdmin) {
  const set: Partial<typeof users.$inferInsert> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.type !== undefined) set.type = change.type;
  if (change.admin !== undefined) set.admin = change.admin;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select(memberColumns).from(users).where(eq(users.id, change.userId)).for("update");
    if (!before) throw notFound(MEMBER_NOT_FOUND);
    if (Object.keys(set).length === 0) return before;
    const [row] = await tx.update(users).set(set).where(eq(users.id, change.userId)).returning(memberColumns);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    if (row.type !== before.type || row.admin !== before.admin) {
      await endSessionsAndTokens(tx, change.userId, keptBy(admin, change.userId));
    }
    await recordRightsChange(tx, admin.audit, before, row);
    await tellMemberUpdated(tx, ctx.jobs, asMember(before), asMember(row));
    return row;
  });
}

type MemberRights = { user_id: string; email: string; type: MemberType; admin: boolean };

/** A change of type and a change of the admin right are two acts on record; the same type again is none. */
async function recordRightsChange(tx: Queryable, actor: AuditActor, before: MemberRights, after: MemberRights) {
  const target = { targetId: after.user_id, targetEmail: after.email };
  if (after.type !== before.type) {
    await recordAudit(tx, actor, {
      kind: "member.type_changed",
      ...target,
      detail: { from: before.type, to: after.type },
    });
  }
  if (after.admin !== before.admin) {
    await recordAudit(tx, actor, {
      kind: "member.admin_changed",
      ...target,
      detail: { from: before.admin, to: after.admin },
    });
  }
}

/** The password becomes the club's temporary one, which she must replace at her next sign-in. */
export async function resetToTemporaryPassword(
  db: Db,
  userId: string,
  tempPassword: string,
  actor: AuditActor,
): Promise<void> {
  const passwordHash = await hashPassword(tempPassword);
  await db.transaction(async (tx) => {
    const user = await replacePassword(tx, userId, { passwordHash, mustChangePassword: true });
    if (!user) throw notFound(MEMBER_NOT_FOUND);
    // Never the password itself: the record says it was reset, the configuration says to what.
    await recordAudit(tx, actor, { kind: "member.password_reset", targetId: userId, targetEmail: user.email });
  });
}

/** Membership of the Testing Team mailing group. */
export async function setTestingTeam(db: Queryable, userId: string, testingTeam: boolean) {
  const [row] = await db.update(users).set({ testingTeam }).where(eq(users.id, userId)).returning(memberColumns);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/**
 * An account made by an admin (User Management, `club user create`, seeding) rather than by a
 * registration she was invited to: recorded, with its type and admin right, in the same
 * transaction (an admin quietly making another admin's account is the act most worth a record).
 */
export async function createMemberAsAdmin(ctx: { db: Db; jobs: JobSender }, input: NewUser, actor: AuditActor) {
  return ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, input);
    await recordAudit(tx, actor, {
      kind: "member.created",
      targetId: user.id,
      targetEmail: user.email,
      detail: { type: user.type, admin: user.admin },
    });
    await emitWebhook(tx, ctx.jobs, "member.created", memberData(user));
    return user;
  });
}
