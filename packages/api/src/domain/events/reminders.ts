import { type Db, type Event, eventParticipants, events, type Queryable, users } from "@club/db";
import { and, eq } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, eventReminderMail } from "@club/mail";
import { unsubscribeLinks } from "../group-mail/kinds";
import { eventInstants } from "./calendar";
import { coverForMail } from "./cover";
import { eventMailDetails, icsAttachment } from "./mail-details";

/**
 * Reminders are keyed jobs, one per participant and event (`{eventId}:{userId}`): joining sends
 * it, a change of the event's date or time moves it, leaving cancels it, deleting the event cancels
 * every one of the event's. At run time the job checks again (still going? reminders still on?),
 * so a change that raced it sends nothing wrong.
 */
interface ReminderConfig {
  timeZone: string;
  /** EVENT_REMINDER_HOURS: hours before an event; 0 sends none. */
  reminderHours: number;
}

const keyOf = (eventId: string, userId: string) => `${eventId}:${userId}`;

/** When her reminder is due, or null when there is none to send (turned off, or already past). */
export function reminderTime(e: Event, config: ReminderConfig, now = Date.now()): Date | null {
  const hours = config.reminderHours;
  if (hours === 0) return null;
  const at = eventInstants(e, config.timeZone).start.getTime() - hours * 3_600_000;
  return at > now ? new Date(at) : null;
}

/** Sends (or moves) the reminders of these participants, in the transaction that seats them. */
export async function scheduleReminders(
  ctx: { jobs: JobSender; config: ReminderConfig },
  tx: Queryable,
  e: Event,
  userIds: string[],
): Promise<void> {
  const at = reminderTime(e, ctx.config);
  for (const userId of userIds) {
    if (at)
      await ctx.jobs.sendKeyed(
        "event.reminder",
        keyOf(e.id, userId),
        { eventId: e.id, userId },
        { tx, startAfter: at },
      );
    else await ctx.jobs.cancelKeyed("event.reminder", keyOf(e.id, userId), { tx });
  }
}

/** Moves every participant's reminder to the event's new time. */
export async function rescheduleEventReminders(
  ctx: { jobs: JobSender; config: ReminderConfig },
  tx: Queryable,
  e: Event,
): Promise<void> {
  const going = await tx
    .select({ userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(eq(eventParticipants.eventId, e.id));
  await scheduleReminders(
    ctx,
    tx,
    e,
    going.map((g) => g.userId),
  );
}

export async function cancelReminder(jobs: JobSender, tx: Queryable, eventId: string, userId: string): Promise<void> {
  await jobs.cancelKeyed("event.reminder", keyOf(eventId, userId), { tx });
}

/** Every reminder of the event (it is being deleted). */
export async function cancelEventReminders(jobs: JobSender, tx: Queryable, eventId: string): Promise<void> {
  await jobs.cancelKeyed("event.reminder", eventId, { tx });
}

/** The `event.reminder` job: the mail, if she is still going, wants reminders, and the event is ahead. */
export async function sendEventReminder(
  deps: {
    db: Db;
    jobs: JobSender;
    config: ReminderConfig & { appOrigin: string; unsubscribeSecrets?: string[] | undefined };
  },
  payload: { eventId: string; userId: string },
): Promise<boolean> {
  // The club may have turned reminders off since this one was queued.
  if (deps.config.reminderHours === 0) return false;
  const [row] = await deps.db
    .select({ event: events, userId: users.id, name: users.name, email: users.email, wants: users.eventReminders })
    .from(eventParticipants)
    .innerJoin(events, eq(events.id, eventParticipants.eventId))
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(and(eq(eventParticipants.eventId, payload.eventId), eq(eventParticipants.userId, payload.userId)));
  if (!row?.wants) return false;
  if (eventInstants(row.event, deps.config.timeZone).start.getTime() <= Date.now()) return false;
  const details = {
    ...eventMailDetails(row.event, deps.config.appOrigin, deps.config.timeZone),
    coverUrl: await coverForMail(deps.db, deps.config, row.event),
  };
  const linkFor = await unsubscribeLinks(deps.db, deps.config, "reminders");
  await enqueueMail(deps.db, deps.jobs, [
    {
      to: row.email,
      ...eventReminderMail(row.name, details, `${deps.config.appOrigin}/settings/email`, linkFor(row.userId)),
      attachments: [icsAttachment(row.event, deps.config)],
    },
  ]);
  return true;
}
