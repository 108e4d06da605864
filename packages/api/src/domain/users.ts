import { endSessionsAndTokens, hashPassword } from "@club/auth";
import { calendarFeeds, type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import { emailSchema, type MemberType, nameSchema, passwordSchema } from "@club/shared";
import { z } from "zod";

export const newUserInput = z.object({
  email: emailSchema,
  name: nameSchema,
  password: passwordSchema,
  type: z.enum(["Founding", "Standard", "Travel Host"]).default("Standard"),
  admin: z.boolean().default(false),
});
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
      type: data.type as MemberType,
      admin: data.admin,
      passwordHash: await hashPassword(data.password),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email, name: users.name, type: users.type, admin: users.admin });
  if (!user) throw new EmailTakenError(data.email);
  return user;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

/**
 * What a new password ends (changed in Settings, reset from the e-mailed link, or reset to the
 * temporary one by an admin): every session but `keepSessionId`, every API token, and her calendar
 * feed, whose link lists invite-only titles and places. Whoever knew the old password may have
 * copied any of them. Call it in the transaction that sets the password.
 */
export async function endPasswordCredentials(db: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await endSessionsAndTokens(db, userId, keepSessionId);
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
