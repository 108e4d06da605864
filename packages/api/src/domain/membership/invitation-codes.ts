import { generateToken, hashToken } from "@club/auth";
import { type Db, invitationCodes, type Queryable } from "@club/db";
import { and, desc, eq, gt, isNull, lt, or, sql } from "@club/db/orm";
import type { ApiContext } from "../../context";
import { conflict } from "../../errors";
import { CODE_GUESSES } from "../../throttle";
import { type AuditActor, recordAudit } from "../audit/record";

/** A code chosen by whoever creates it (seeding); otherwise one is generated. */
export const CHOSEN_CODE = /^[A-Z0-9-]{12,64}$/;

export interface NewInvitationCode {
  code?: string | undefined;
  /** How many applications the code admits; unlimited when absent. */
  maxUses?: number | undefined;
  expiresAt?: Date | undefined;
  createdBy?: string | undefined;
}

/**
 * Creates a code of 80 random bits (16 base32 characters), or the one chosen, unless it exists
 * already. Only its hash is stored: the code is shown once, to whoever created it; lists show its
 * last four characters.
 */
export async function createInvitationCode(db: Queryable, input: NewInvitationCode = {}) {
  if (input.maxUses !== undefined && (!Number.isInteger(input.maxUses) || input.maxUses < 1)) {
    throw new RangeError("The number of uses must be a whole number of at least 1.");
  }
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw new RangeError("The expiry date must be in the future.");
  }
  const code = input.code?.trim().toUpperCase() ?? generateToken(10).toUpperCase();
  if (!CHOSEN_CODE.test(code)) throw new RangeError("A code must be 12 to 64 letters, digits or hyphens.");
  if (input.code && (await invitationCodeExists(db, code))) throw conflict("That invitation code exists already.");
  const [row] = await db
    .insert(invitationCodes)
    .values({
      codeHash: hashToken(code),
      hint: code.slice(-4),
      maxUses: input.maxUses ?? null,
      expiresAt: input.expiresAt ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error("The invitation code was not stored.");
  return { code, row };
}

/**
 * An administrator's (or the command line's) new code, on the audit log in the same transaction;
 * the record keeps the code's last four characters, never the code.
 */
export async function issueInvitationCode(db: Db, input: NewInvitationCode, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const made = await createInvitationCode(tx, input);
    await recordAudit(tx, actor, {
      kind: "invitation_code.created",
      targetId: made.row.id,
      detail: { hint: made.row.hint, maxUses: made.row.maxUses, expiresAt: made.row.expiresAt?.toISOString() ?? null },
    });
    return made;
  });
}

export type InvitationCodeStatus = "active" | "used up" | "expired" | "revoked";

export function invitationCodeStatus(row: typeof invitationCodes.$inferSelect, now = new Date()): InvitationCodeStatus {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "used up";
  return "active";
}

export async function listInvitationCodes(db: Queryable) {
  const rows = await db.select().from(invitationCodes).orderBy(desc(invitationCodes.createdAt));
  return rows.map((row) => ({
    id: row.id,
    hint: row.hint,
    uses: row.uses,
    maxUses: row.maxUses,
    usesLeft: row.maxUses === null ? null : Math.max(0, row.maxUses - row.uses),
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
    status: invitationCodeStatus(row),
  }));
}

export const INVALID_CODE = "Invalid invitation code.";

const codeMessages: Record<Exclude<InvitationCodeStatus, "active">, string> = {
  "used up": "This invitation code has already been used.",
  expired: "This invitation code has expired.",
  revoked: "This invitation code is no longer valid.",
};

/** The code's row when it can admit an application, else the reason it cannot. */
export async function checkInvitationCode(
  db: Queryable,
  code: string,
): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const [row] = await db
    .select()
    .from(invitationCodes)
    .where(eq(invitationCodes.codeHash, hashToken(code.trim().toUpperCase())));
  if (!row) return { ok: false, error: INVALID_CODE };
  const status = invitationCodeStatus(row);
  return status === "active" ? { ok: true, id: row.id } : { ok: false, error: codeMessages[status] };
}

/**
 * The code an applicant typed, checked (see checkInvitationCode); only a code that does not exist
 * counts as a guess, throttled per address.
 */
export async function guessInvitationCode(ctx: Pick<ApiContext, "db" | "throttle" | "ip">, code: string) {
  const attempt = await ctx.throttle.take([CODE_GUESSES, ctx.ip]);
  const result = await checkInvitationCode(ctx.db, code);
  if (result.ok || result.error !== INVALID_CODE) await attempt.succeeded();
  return result;
}

/**
 * Uses the code once. The conditions sit in the UPDATE itself, so two applications racing for
 * a code's last use cannot both get it.
 */
export async function consumeInvitationCode(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(invitationCodes)
    .set({ uses: sql`${invitationCodes.uses} + 1` })
    .where(
      and(
        eq(invitationCodes.id, id),
        isNull(invitationCodes.revokedAt),
        or(isNull(invitationCodes.expiresAt), gt(invitationCodes.expiresAt, sql`now()`)),
        or(isNull(invitationCodes.maxUses), lt(invitationCodes.uses, invitationCodes.maxUses)),
      ),
    )
    .returning({ id: invitationCodes.id });
  return rows.length === 1;
}

/** False when there is no active code with that id (nothing is recorded then). */
export async function revokeInvitationCode(db: Db, id: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitationCodes)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitationCodes.id, id), isNull(invitationCodes.revokedAt)))
      .returning({ id: invitationCodes.id, hint: invitationCodes.hint });
    if (!row) return false;
    await recordAudit(tx, actor, { kind: "invitation_code.revoked", targetId: row.id, detail: { hint: row.hint } });
    return true;
  });
}

async function invitationCodeExists(db: Queryable, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitationCodes.id })
    .from(invitationCodes)
    .where(eq(invitationCodes.codeHash, hashToken(code.trim().toUpperCase())));
  return Boolean(row);
}
