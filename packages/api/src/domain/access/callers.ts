// Who is asking: a member (or one who must change her password), an admin, the operator at the
// command line, the monitoring, anyone (the API's description).
import { timingSafeEqual } from "node:crypto";
import type { SessionUser } from "@club/auth";
import type { Placeholder } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import type { ApiContext, ContextUser, Sight } from "../../context";

export type { Sight };

import {
  ADMIN_SIGN_IN_REQUIRED,
  ADMIN_TOKEN_SIGN_IN_REQUIRED,
  ADMINS_ONLY,
  forbidden,
  MUST_CHANGE_PASSWORD,
  PLEASE_LOG_IN,
} from "../../errors";

/** The signed-in member a rule is evaluated for; null is an anonymous visitor. */
export interface Viewer {
  id: string;
  admin: boolean;
  /** When set, her sight of events is read from it, not from her rows (see Sight). */
  sight?: Sight | undefined;
}

/** A viewer in an SQL condition: her id, or the placeholder of a prepared query that stands for it. */
export interface ViewerRef {
  id: string | Placeholder;
  admin: boolean;
  sight?: Sight | Placeholder | undefined;
}

export type MemberContext = ApiContext & { user: ContextUser; session: NonNullable<ApiContext["session"]> };

/**
 * The gate of the members' area. `allowWhilePasswordChangeRequired` opens it for the two things a
 * member with a temporary password must do: read her details and choose a new password.
 */
export function requireMember(
  ctx: ApiContext,
  options: { allowWhilePasswordChangeRequired?: boolean } = {},
): MemberContext {
  const { user, session } = ctx;
  // A script whose token was refused hears why (expired, or not valid), not "please log in".
  if (!user || !session) throw new TRPCError({ code: "UNAUTHORIZED", message: ctx.tokenRefused ?? PLEASE_LOG_IN });
  if (user.mustChangePassword && !options.allowWhilePasswordChangeRequired) {
    throw new TRPCError({ code: "FORBIDDEN", message: MUST_CHANGE_PASSWORD });
  }
  return { ...ctx, user, session };
}

/** Settings: a member's own type is changed by admins only; nobody changes the admin flag there. */
export function requireOwnAccountChange(
  viewer: Viewer & { type: string },
  change: { type?: string | undefined; admin?: boolean | undefined },
): void {
  if (change.type !== undefined && change.type !== viewer.type && !viewer.admin)
    throw forbidden("Only administrators can change their member type.");
  if (change.admin !== undefined && change.admin !== viewer.admin)
    throw forbidden("The administrator flag cannot be changed here.");
}

/**
 * Whoever runs `club` on the server's own machine (the command line reads the database, or asks
 * the running server through its local socket): an administrator who is no member. It may call
 * only the procedures in `OPERATOR_PROCEDURES`, which read or retry and write no row of hers
 * (the webhooks it adds are nobody's: their `created_by` is empty, and the audit log names the
 * command line).
 */
export const OPERATOR: SessionUser = {
  id: "00000000-0000-0000-0000-000000000000",
  name: "club (command line)",
  email: "operator@localhost",
  type: "Founding",
  admin: true,
  mustChangePassword: false,
};
export const OPERATOR_PROCEDURES: ReadonlySet<string> = new Set([
  "mailOutbox.list",
  "mailOutbox.get",
  "mailOutbox.summary",
  "mailOutbox.retry",
  "jobs.summary",
  "jobs.failures",
  "jobs.retry",
  "webhooks.list",
  "webhooks.add",
  "webhooks.remove",
  "webhooks.deliveries",
  "webhooks.redeliver",
]);

/** Through the running server's socket, the operator calls the operator procedures only. */
export function requireOperatorProcedure(path: string): void {
  if (!OPERATOR_PROCEDURES.has(path))
    throw forbidden(`${path} cannot be called from the command line while the server runs.`);
}

/** The monitoring's bearer token against METRICS_TOKEN, in constant time; no token configured: nobody. */
export function mayReadMetrics(configured: string | undefined, presented: string | undefined): boolean {
  if (!configured || presented === undefined) return false;
  const a = Buffer.from(configured);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The API's description is for anyone, signed in or not: it says what each URL and procedure
 * accepts and nothing of the club's data, and code generators fetch it before they hold a token.
 */
export function mayReadApiDescription(_viewer: Viewer | null): boolean {
  return true;
}

/**
 * The admin tools' gate. An admin whose right the club's sign-in rule withholds (see
 * admin-sign-in.ts) is told why and what to do, rather than that the tools are for admins.
 */
export function requireAdmin(ctx: MemberContext): MemberContext {
  if (ctx.user.admin) return ctx;
  if (ctx.adminWithheld) throw forbidden(ctx.apiToken ? ADMIN_TOKEN_SIGN_IN_REQUIRED : ADMIN_SIGN_IN_REQUIRED);
  throw new TRPCError({ code: "FORBIDDEN", message: ADMINS_ONLY });
}
