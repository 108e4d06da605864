import { hashPassword, verifyPassword } from "@club/auth";
import { type Db, users } from "@club/db";
import { eq } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { MemberType } from "@club/shared";
import { badRequest, notFound } from "../../errors";
import { tellMemberUpdated } from "../webhooks/acts";
import { MEMBER_NOT_FOUND, replacePassword } from "./users";

// A member's own account (Settings): her name, her type (admins only, see requireOwnAccountChange), her password.

/** Her name, and her type when it is given; the account as the spec's client shows it. */
export async function updateOwnAccount(
  ctx: { db: Db; jobs: JobSender },
  userId: string,
  change: { name: string; type?: MemberType | undefined },
) {
  const account = { user_id: users.id, name: users.name, email: users.email, type: users.type, admin: users.admin };
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select(account).from(users).where(eq(users.id, userId)).for("update");
    const [updated] = await tx
      .update(users)
      .set({ name: change.name, ...(change.type ? { type: change.type } : {}) })
      .where(eq(users.id, userId))
      .returning(account);
    if (!before || !updated) throw notFound(MEMBER_NOT_FOUND);
    const asMember = ({ user_id, ...rest }: typeof updated) => ({ id: user_id, ...rest });
    await tellMemberUpdated(tx, ctx.jobs, asMember(before), asMember(updated));
    return updated;
  });
}

/**
 * Her new password, once she proves she knows the current one. Whoever knew the old password is
 * signed out everywhere else (she keeps `keepSessionId`, the session she changes it from); her API
 * tokens and calendar feed end.
 */
export async function changeOwnPassword(
  db: Db,
  change: { userId: string; keepSessionId: string; oldPassword: string; newPassword: string },
): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, change.userId));
  if (!row || !(await verifyPassword(row.passwordHash, change.oldPassword))) {
    throw badRequest("The current password is not correct.");
  }
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction((tx) =>
    replacePassword(tx, change.userId, {
      passwordHash,
      mustChangePassword: false,
      keepSessionId: change.keepSessionId,
    }),
  );
}
