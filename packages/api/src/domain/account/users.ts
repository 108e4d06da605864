import { endSessionsAndTokens, hashPassword } from "@club/auth";
import { calendarFeeds, type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import { emailKey, newUserInput } from "@club/shared";
import type { z } from "zod";

export type NewUser = z.input<typeof newUserInput>;

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account with the e-mail ${email} already exists.`);
    this.name = "EmailTakenError";
  }
}

/** Creates an account; the one way accounts are made (CLI, seeding, registration). */
export async function createUser(db: Queryable, input: NewUser) {
  const data = newUserInput.parse(input);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, data.email));
  if (existing) throw new EmailTakenError(data.email);
  // The e-mail is taken between the check and the insert when two registrations race.
  const [user] = await db
    .insert(users)
    .values({
      email: data.email,
      name: data.name,
      type: data.type,
      admin: data.admin,
      passwordHash: await hashPassword(data.password),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email, name: users.name, type: users.type, admin: users.admin });
  if (!user) throw new EmailTakenError(data.email);
  return user;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const key = emailKey(email);
  if (key === null) return undefined;
  const [user] = await db.select().from(users).where(eq(users.email, key));
  return user;
}

export const MEMBER_NOT_FOUND = "Member not found.";

/**
 * The one way a password changes (in Settings, from the e-mailed link, or to the temporary one by an
 * admin): the new hash, whether she must choose another at her next sign-in, and the end of what the
 * old password opened: every session but `keepSessionId`, every API token, and her calendar feed,
 * whose link lists invite-only titles and places. Whoever knew the old password may have copied any
 * of them. The hash is made by the caller before its transaction (it is slow); call this inside it.
 * Returns her e-mail, or undefined when there is no such member.
 */
export async function replacePassword(
  db: Queryable,
  userId: string,
  change: { passwordHash: string; mustChangePassword: boolean; keepSessionId?: string | undefined },
): Promise<{ email: string } | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash: change.passwordHash, mustChangePassword: change.mustChangePassword })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  await endSessionsAndTokens(db, userId, { sessionId: change.keepSessionId });
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return user;
}
