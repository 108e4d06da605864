import { type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import type { ApiConfig } from "../context";
import { DEFAULT_REMINDER_HOURS } from "./events/reminders";

// A member's own choices about what the club sends her (Settings).

export async function preferencesOf(db: Queryable, config: Pick<ApiConfig, "reminderHours">, userId: string) {
  const [row] = await db.select({ eventReminders: users.eventReminders }).from(users).where(eq(users.id, userId));
  return {
    eventReminders: row?.eventReminders ?? true,
    /** The club's setting: how long before an event reminders go out (0: the club sends none). */
    reminderHours: config.reminderHours ?? DEFAULT_REMINDER_HOURS,
  };
}

export async function setEventReminders(db: Queryable, userId: string, eventReminders: boolean): Promise<void> {
  await db.update(users).set({ eventReminders }).where(eq(users.id, userId));
}
