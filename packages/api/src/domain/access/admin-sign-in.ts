// The admins' sign-in rule (a club setting, Admin Panel → Security settings): when it asks for a
// passkey or the identity provider, a password alone does not give an admin her admin right.
import type { SessionUser } from "@club/auth";
import { clubSettings, type Queryable } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { type AdminSignInRule, clubSettingsSchema, defaultClubSettings } from "@club/shared";
import type { CallerSession } from "../../context";
import {
  ADMIN_SIGN_IN_REQUIRED,
  ADMIN_SIGN_IN_WOULD_LOCK_OUT,
  ADMIN_TOKEN_SIGN_IN_REQUIRED,
  forbidden,
} from "../../errors";
import { preparedOnce } from "../../lib/prepared";
import { type MemberContext, requireAdmin } from "./callers";

/**
 * A value nobody could have set through the product (written by hand into the table) counts as the
 * strictest rule: a broken setting should not quietly open the admin tools to a password alone.
 * The command line is beyond the rule, so the club cannot lock itself out.
 */
const STRICTEST: AdminSignInRule = "passkey-or-provider";

/** A stored value of the rule as the product reads it. */
export function storedAdminSignInRule(value: unknown): AdminSignInRule {
  const parsed = clubSettingsSchema.shape.adminSignIn.safeParse(value);
  return parsed.success ? parsed.data : STRICTEST;
}

/**
 * The rule, read at every admin request: one look-up by primary key, prepared once. Not kept in
 * memory, so a change made through any server applies on every server at once.
 */
export async function adminSignInRule(db: Queryable): Promise<AdminSignInRule> {
  const query = preparedOnce(db, "club_settings.adminSignIn", () =>
    db
      .select({ value: clubSettings.value })
      .from(clubSettings)
      .where(eq(clubSettings.key, sql.placeholder("key")))
      .prepare("club_admin_sign_in_rule"),
  );
  const [row] = await query.execute({ key: "adminSignIn" });
  return row ? storedAdminSignInRule(row.value) : defaultClubSettings.adminSignIn;
}

/** A session signed in with a password alone, or an API token made in one (a token is as strong as its sign-in). */
const passwordOnly = (session: Pick<CallerSession, "method">) => session.method === "password";

/**
 * The rule, where a request's caller is made (the server's session plugin, for every route: the
 * procedures, the REST shims, uploads, media files, the CSV export, the pages): an admin signed in
 * with a password alone, when the rule asks for more, is a member for that request — she reaches no
 * admin tool and no admin's power over other members' events, media and guest lists — and
 * `adminWithheld` says why. The command line on the server's machine holds the database itself:
 * beyond the rule.
 */
export async function withholdAdminRight<A extends { session: CallerSession | null; user: SessionUser | null }>(
  db: Queryable,
  auth: A,
): Promise<A & { adminWithheld: boolean }> {
  const { session, user } = auth;
  // Copied by Object.assign, not `{ ...auth, key }` (one hidden class per object on Node 20).
  if (!user?.admin || !session || !passwordOnly(session)) return Object.assign({}, auth, { adminWithheld: false });
  if ((await adminSignInRule(db)) === "any") return Object.assign({}, auth, { adminWithheld: false });
  return Object.assign({}, auth, { user: Object.assign({}, user, { admin: false }), adminWithheld: true });
}

/**
 * The admin tools' gate with the rule, for callers whose context did not come through the session
 * plugin (procedures called in process: tests, the command line) as for those that did: the admin
 * procedures and the audit log's CSV export.
 */
export async function requireAdminTools(ctx: MemberContext): Promise<MemberContext> {
  const admin = requireAdmin(ctx);
  if (passwordOnly(admin.session) && (await adminSignInRule(ctx.db)) !== "any")
    throw forbidden(ctx.apiToken ? ADMIN_TOKEN_SIGN_IN_REQUIRED : ADMIN_SIGN_IN_REQUIRED);
  return admin;
}

/** An admin does not set a rule her own sign-in fails: she would lock herself out of the admin tools. */
export function requireRuleKeepsMeIn(ctx: Pick<MemberContext, "session">, rule: AdminSignInRule): void {
  if (rule !== "any" && passwordOnly(ctx.session)) throw forbidden(ADMIN_SIGN_IN_WOULD_LOCK_OUT);
}
