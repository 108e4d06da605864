import { clubSettings, type Db, type Queryable } from "@club/db";
import { eq } from "@club/db/orm";
import {
  type ClubSettings,
  clubSettingsSchema,
  defaultClubSettings,
  type TravelDiscounts,
  travelDiscountsSchema,
} from "@club/shared";
import type { ApiContext } from "../../context";
import { storedAdminSignInRule } from "../access";
import { auditActor, recordAudit } from "../audit/record";

// The club's settings (Admin Panel → Security settings): a row per setting in `club_settings`,
// its value as JSON; a setting without a row has its default.

type Key = keyof ClubSettings;
const keys = Object.keys(clubSettingsSchema.shape) as Key[];

export async function readClubSettings(db: Queryable): Promise<ClubSettings> {
  const rows = await db.select({ key: clubSettings.key, value: clubSettings.value }).from(clubSettings);
  const settings = { ...defaultClubSettings };
  for (const row of rows) {
    if (row.key === "adminSignIn") settings.adminSignIn = storedAdminSignInRule(row.value);
    if (row.key === "travelDiscounts") settings.travelDiscounts = storedDiscounts(row.value);
  }
  return settings;
}

/** The discounts as stored; a value written by hand that is not one keeps the defaults. */
function storedDiscounts(value: unknown): TravelDiscounts {
  const parsed = travelDiscountsSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultClubSettings.travelDiscounts;
}

/** Each member type's discount on Travel's nightly rates, as the club has set them (one row read). */
export async function travelDiscounts(db: Queryable): Promise<TravelDiscounts> {
  const [row] = await db
    .select({ value: clubSettings.value })
    .from(clubSettings)
    .where(eq(clubSettings.key, "travelDiscounts"));
  return row ? storedDiscounts(row.value) : defaultClubSettings.travelDiscounts;
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
      // As stored (a value written by hand is recorded as it was).
      const before = row ? row.value : defaultClubSettings[key];
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
