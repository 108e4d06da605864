import { type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import { type MailKind, type MailPreferences, mailKindLabels, mailKinds, maskEmail } from "@club/shared";
import type { ApiConfig } from "../../context";
import { mailKindColumn } from "../group-mail/kinds";

// A member's own choices about what the club sends her (Settings → E-mail, and the unsubscribe
// links in the bulk mail itself). Account mail has no switch: it always goes.

const selection = {
  group: mailKindColumn.group,
  announcements: mailKindColumn.announcements,
  reminders: mailKindColumn.reminders,
  changes: mailKindColumn.changes,
  digest: mailKindColumn.digest,
  messages: mailKindColumn.messages,
};

export async function preferencesOf(db: Queryable, config: Pick<ApiConfig, "reminderHours">, userId: string) {
  const [row] = await db.select(selection).from(users).where(eq(users.id, userId));
  return {
    mail: row ?? { group: true, announcements: true, reminders: true, changes: true, digest: true, messages: true },
    /** The club's setting: how long before an event reminders go out (0: the club sends none). */
    reminderHours: config.reminderHours,
  };
}

/** Saves the switches given (the others stay); returns all of them as saved. */
export async function setMailPreferences(
  db: Queryable,
  userId: string,
  changes: Partial<MailPreferences>,
): Promise<MailPreferences> {
  const set: Partial<
    Record<
      "mailGroup" | "mailAnnouncements" | "eventReminders" | "mailEventChanges" | "mailDigest" | "mailMessages",
      boolean
    >
  > = {
    ...(changes.group === undefined ? {} : { mailGroup: changes.group }),
    ...(changes.announcements === undefined ? {} : { mailAnnouncements: changes.announcements }),
    ...(changes.reminders === undefined ? {} : { eventReminders: changes.reminders }),
    ...(changes.changes === undefined ? {} : { mailEventChanges: changes.changes }),
    ...(changes.digest === undefined ? {} : { mailDigest: changes.digest }),
    ...(changes.messages === undefined ? {} : { mailMessages: changes.messages }),
  };
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning(selection);
  if (!row) throw new Error("The member whose preferences were saved is gone.");
  return row;
}

/** Her one switch for a kind (the unsubscribe page); true receives it. */
export async function setMailKind(db: Queryable, userId: string, kind: MailKind, receive: boolean) {
  const saved = await setMailPreferences(db, userId, { [kind]: receive });
  return saved[kind];
}

export async function receivesMailKind(db: Queryable, userId: string, kind: MailKind): Promise<boolean> {
  const [row] = await db.select({ on: mailKindColumn[kind] }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

/** Her address as the unsubscribe page names it, masked: the link may be opened by anyone it reached. */
export async function maskedAddressOf(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row ? maskEmail(row.email) : "";
}

/** What Settings says once saved: "Event reminders are off." for one switch. */
export function savedMessage(changes: Partial<MailPreferences>): string {
  const changed = mailKinds.filter((k) => changes[k] !== undefined);
  const [only] = changed;
  if (changed.length !== 1 || !only) return "Your e-mail choices are saved.";
  return `${mailKindLabels[only].title} are ${changes[only] ? "on" : "off"}.`;
}
