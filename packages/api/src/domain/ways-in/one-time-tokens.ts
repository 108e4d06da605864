import { generateToken, hashToken } from "@club/auth";
import { passwordResetTokens, type Queryable, registrationTokens } from "@club/db";
import { and, eq, gt, isNull, sql } from "@club/db/orm";

const HOUR = 60 * 60 * 1000;
export const REGISTRATION_TOKEN_TTL_MS = 7 * 24 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;

export async function createRegistrationToken(
  db: Queryable,
  input: { email: string; applicationId: string; memberType: "Founding" | "Standard" | "Travel Host" },
): Promise<string> {
  const token = generateToken();
  await db.insert(registrationTokens).values({
    tokenHash: hashToken(token),
    email: input.email,
    applicationId: input.applicationId,
    memberType: input.memberType,
    expiresAt: new Date(Date.now() + REGISTRATION_TOKEN_TTL_MS),
  });
  return token;
}

/** The unused, unexpired registration token, without using it. */
export async function findRegistrationToken(db: Queryable, token: string) {
  const [row] = await db
    .select()
    .from(registrationTokens)
    .where(
      and(
        eq(registrationTokens.tokenHash, hashToken(token)),
        isNull(registrationTokens.usedAt),
        gt(registrationTokens.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Marks the token used; false when another request used it first. Call inside the transaction that acts on it. */
export async function consumeRegistrationToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(registrationTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(registrationTokens.id, id), isNull(registrationTokens.usedAt)))
    .returning({ id: registrationTokens.id });
  return rows.length === 1;
}

export async function createPasswordResetToken(db: Queryable, userId: string): Promise<string> {
  const token = generateToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  return token;
}

/** Whether a reset token could be used now (a cheap check before the costly password hash). */
export async function passwordResetTokenUsable(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  return Boolean(row);
}

/** Uses a reset token in one statement: the user it belongs to, or undefined when unusable. */
export async function consumePasswordResetToken(db: Queryable, token: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
