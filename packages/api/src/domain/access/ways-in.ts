// A member keeps at least one way to sign in: a password, a passkey or a linked identity; and a
// session signed in with a password alone adds a new way in only once confirmed by e-mail.
import { passkeys, type Queryable, sessions, userIdentities, users } from "@club/db";
import { and, count, eq, gt, isNull, ne } from "@club/db/orm";
import type { CallerSession } from "../../context";
import { CONFIRM_BY_EMAIL_FIRST, conflict, LAST_WAY_IN, preconditionFailed } from "../../errors";

/** What is about to be removed from her ways in. */
export type WayInRemoved = { kind: "identity"; id: string } | { kind: "passkey"; id: string };

/**
 * Refuses to remove a way in that is her last one: after it goes, she must still have a password,
 * a passkey or a linked identity. Call it in the transaction that removes it, after locking her
 * row (`lockMember`), so two removals at once cannot each count the other as her way left.
 */
export async function requireAnotherWayIn(tx: Queryable, userId: string, removing: WayInRemoved): Promise<void> {
  const [member] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  // Every member has a password hash today (the column is required); an empty one is no way in.
  if (member?.passwordHash) return;
  const [keys] = await tx
    .select({ n: count() })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), removing.kind === "passkey" ? ne(passkeys.id, removing.id) : undefined));
  if ((keys?.n ?? 0) > 0) return;
  const [identities] = await tx
    .select({ n: count() })
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.userId, userId),
        isNull(userIdentities.unlinkedAt),
        removing.kind === "identity" ? ne(userIdentities.id, removing.id) : undefined,
      ),
    );
  if ((identities?.n ?? 0) > 0) return;
  throw conflict(LAST_WAY_IN);
}

/** Holds her row until the transaction ends: removals of her ways in then happen one after another. */
export async function lockMember(tx: Queryable, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/**
 * A new way in (a passkey, a linked identity) is added from a session signed in with a passkey or
 * the identity provider, or from a password session she confirmed by e-mail in the last minutes
 * (docs/decisions/README.md, "New ways in"): a phished password alone must not become a passkey that
 * outlives a password reset. The confirmation is read from the database, not the session caches
 * (its column does not flush them). The command line proves no sign-in but holds the database.
 */
export async function requireConfirmedForNewWayIn(db: Queryable, session: Pick<CallerSession, "id" | "method">) {
  if (session.method !== "password") return;
  const [confirmed] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, session.id), gt(sessions.confirmedUntil, new Date())));
  if (!confirmed) throw preconditionFailed(CONFIRM_BY_EMAIL_FIRST);
}
