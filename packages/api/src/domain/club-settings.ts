import { clubSettings, type Db, type Queryable } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { type AdminSignInRule, type ClubSettings, clubSettingsSchema, defaultClubSettings } from "@club/shared";
import type { ApiContext } from "../context";
import { auditActor, recordAudit } from "./audit";
import { preparedOnce } from "./prepared";

// The club's settings (Admin Panel → Security settings): a row per setting in `club_settings`,
// its value as JSON; a setting without a row has its default.

type Key = keyof ClubSettings;
const keys = Object.keys(clubSettingsSchema.shape) as Key[];

/** A stored value read by its setting's schema; undefined when it does not fit (written by hand). */
function parsed<K extends Key>(key: K, value: unknown): ClubSettings[K] | undefined {
  const result = clubSettingsSchema.shape[key].safeParse(value);
  return result.success ? (result.data as ClubSettings[K]) : undefined;
}

export async function readClubSettings(db: Queryable): Promise<ClubSettings> {
  const rows = await db.select({ key: clubSettings.key, value: clubSettings.value }).from(clubSettings);
  const settings = { ...defaultClubSettings };
  for (const row of rows) {
    if (row.key === "adminSignIn") settings.adminSignIn = parsed("adminSignIn", row.value) ?? STRICTEST;
  }
  return settings;
}

/**
 * A value nobody could have set through the product (written by hand into the table) counts as the
 * strictest rule: a broken setting should not quietly open the admin tools to a password alone.
 * The command line is beyond the rule, so the club cannot lock itself out.
 */
const STRICTEST: AdminSignInRule = "passkey-or-provider";

/**
 * The admins' sign-in rule, read at every admin call: one look-up by primary key, prepared once.
 * Not kept in memory, so a change made through any server applies on every server at once.
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
  return row ? (parsed("adminSignIn", row.value) ?? STRICTEST) : defaultClubSettings.adminSignIn;
}

/**
 * Changes some settings; each one that changed is recorded in the audit log (old and new value)
 * in the same transaction. Concurrent changes of one setting are taken in turn (its row is locked).
 */
export async function updateClubSettings(
  ctx: Pick<ApiContext, "user" | "ip"> & { db: Db },
  change: Partial<ClubSettings>,
): Promise<ClubSettings> {
  const actor = auditActor(ctx);
  return ctx.db.transaction(async (tx) => {
    for (const key of keys) {
      const value = change[key];
      if (value === undefined) continue;
      // The row exists before it is locked, so two first changes cannot both read "no row".
      await tx
        .insert(clubSettings)
        .values({ key, value: defaultClubSettings[key] })
        .onConflictDoNothing({ target: clubSettings.key });
      const [row] = await tx
        .select({ value: clubSettings.value })
        .from(clubSettings)
        .where(eq(clubSettings.key, key))
        .for("update");
      const before = row ? (parsed(key, row.value) ?? row.value) : defaultClubSettings[key];
      if (JSON.stringify(before) === JSON.stringify(value)) continue;
      await tx
        .update(clubSettings)
        .set({ value, updatedBy: actor.id, updatedAt: new Date() })
        .where(eq(clubSettings.key, key));
      await recordAudit(tx, actor, {
        kind: "club_settings.changed",
        targetId: key,
        detail: { setting: key, old: before, new: value },
      });
    }
    return readClubSettings(tx);
  });
}
