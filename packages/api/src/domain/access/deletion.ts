// Deleting an account: who may be deleted, and by whom (docs/decisions/README.md, "Deleting an account").
import { type Queryable, users } from "@club/db";
import { asc, eq, or } from "@club/db/orm";
import { forbidden, notFound } from "../../errors";
import { MEMBER_NOT_FOUND } from "../account/users";

export const LAST_ADMIN_SELF =
  "You are the club's only administrator: make another member an administrator before deleting your account.";
export const LAST_ADMIN_OTHER = "This member is the club's only administrator: the club must keep one.";
export const OWN_ACCOUNT_IN_SETTINGS = "Your own account is deleted in Settings → Delete my account.";

/**
 * The member to delete, locked with every administrator (in id order, so two admins deleting each
 * other queue up instead of deadlocking): the club keeps at least one administrator, so the last
 * one is refused, whether she deletes herself or someone (the command line) deletes her.
 */
export async function requireDeletable(tx: Queryable, userId: string, self: boolean) {
  const locked = await tx
    .select({ id: users.id, email: users.email, name: users.name, admin: users.admin, createdAt: users.createdAt })
    .from(users)
    .where(or(eq(users.id, userId), eq(users.admin, true)))
    .orderBy(asc(users.id))
    .for("update");
  const member = locked.find((u) => u.id === userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  const otherAdmins = locked.filter((u) => u.admin && u.id !== userId);
  if (member.admin && otherAdmins.length === 0) throw forbidden(self ? LAST_ADMIN_SELF : LAST_ADMIN_OTHER);
  return { member, otherAdmins };
}
