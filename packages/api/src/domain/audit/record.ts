import { auditLog, type Queryable } from "@club/db";
import type { AuditKind } from "@club/shared";
import type { ApiContext } from "../../context";
import { OPERATOR } from "../access";

/**
 * The audit log's one way in (docs/decisions/README.md, "Audit log"): every administrative act and
 * security event calls `recordAudit` with the transaction that makes the act, so a record exists
 * exactly when its act happened: an act rolled back leaves none.
 */

/** Who acts, as the record keeps her: her id and e-mail at the time, and where she acted from. */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
}

/** What the act was done to, and what else is worth keeping of it (never a secret). */
export interface AuditEntry {
  kind: AuditKind;
  targetId?: string | null | undefined;
  targetEmail?: string | null | undefined;
  detail?: Record<string, unknown> | undefined;
}

/** The caller of a procedure as an actor; the command line is recorded under its own e-mail, with no id. */
export function auditActor(ctx: Pick<ApiContext, "user" | "ip">): AuditActor {
  const user = ctx.user;
  if (!user) return { id: null, email: null, ip: ctx.ip || null };
  return { id: user.id === OPERATOR.id ? null : user.id, email: user.email, ip: ctx.ip || null };
}

/** The command line acting on the database itself (`club token create`, `club invite-code create`…). */
export const operatorActor: AuditActor = { id: null, email: OPERATOR.email, ip: null };

/** Appends one record; call it with the transaction of the act it records. */
export async function recordAudit(tx: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    kind: entry.kind,
    targetId: entry.targetId ?? null,
    targetEmail: entry.targetEmail ?? null,
    detail: wellFormed(entry.detail ?? {}) as Record<string, unknown>,
  });
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The detail as JSON Postgres keeps: `jsonb` refuses a lone UTF-16 surrogate (text a member typed
 * can hold one, e.g. a group e-mail's subject), and a record that cannot be written undoes its act,
 * so each becomes U+FFFD, as it would in any UTF-8 text.
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\ufffd");
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormed(v)]));
  return value;
}
