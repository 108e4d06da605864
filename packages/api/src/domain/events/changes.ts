import {
  cancelledEvents,
  comments,
  type Event,
  eventParticipants,
  eventSeries,
  events,
  eventWaitlist,
  media,
  type Queryable,
  users,
} from "@club/db";
import { and, eq, ne } from "@club/db/orm";
import { type EventChange, enqueueMail, eventCancelledMail, eventChangedMail } from "@club/mail";
import { type eventInput, type NormalizedEvent, normalizeEvent } from "@club/shared";
import type { z } from "zod";
import { badRequest, EVENT_NOT_FOUND, notFound } from "../../errors";
import { actsOnOthers } from "../access";
import { type AuditActor, recordAudit } from "../audit/record";
import { receivesKind, unsubscribeLinks } from "../group-mail/kinds";
import { noticeEventCancelled, noticeEventChanged } from "../notifications/on-events";
import { eventData, eventUpdatedData } from "../webhooks/acts";
import { emitWebhook } from "../webhooks/emit";
import { eventInstants, wallClockInstant, wallClockOf } from "./calendar";
import { coverColumns } from "./cover";
import { cancellationOf } from "./feed";
import { eventMailDetails, icsAttachment } from "./mail-details";
import { seatHost } from "./participants";
import { cancelEventReminders, rescheduleEventReminders } from "./reminders";
import { lockEvent, promoteFromWaitlist, type RsvpContext } from "./rsvp";
import { canonicalRule, daysBetween, seriesDates, shiftDay } from "./series";
import { insertEvent } from "./slug";

/** The event form (the wizard, POST and PUT /api/events) as the procedures receive it. */
export type EventForm = z.output<typeof eventInput>;

/** The columns a form sets; the RSVP fields left out of an edit are absent, and stay as they are. */
type EventColumns = Omit<NormalizedEvent, "rsvpDeadline"> & { rsvpDeadline?: Date | null };

/** The form with SPEC.md section 5's defaults, as columns; an impossible form is a 400 with the reason. */
function eventColumns(form: EventForm, timeZone: string): EventColumns {
  const now = wallClockOf(new Date(), timeZone);
  const result = normalizeEvent(form, now.slice(0, 10), now.slice(11));
  if ("error" in result) throw badRequest(result.error);
  const { rsvpDeadline, ...rest } = result;
  if (rsvpDeadline === undefined) return rest;
  return { ...rest, rsvpDeadline: rsvpDeadline ? wallClockInstant(rsvpDeadline, timeZone) : null };
}

/**
 * A new event under a slug of its own (the one asked for, or one made from the title): published
 * at once, or a draft that only its creator and admins see until it is published.
 */
export async function createEvent(
  ctx: Pick<RsvpContext, "db" | "config" | "jobs">,
  creatorId: string,
  form: EventForm,
  options: { slug?: string | undefined; draft?: boolean | undefined } = {},
): Promise<Event> {
  const values = {
    ...eventColumns(form, ctx.config.timeZone),
    ...(await coverColumns(ctx.db, form.cover_media_id)),
    createdBy: creatorId,
  };
  if (options.draft) return insertEvent(ctx.db, { ...values, publishedAt: null }, options.slug);
  return ctx.db.transaction(async (tx) => {
    const e = await insertEvent(tx, values, options.slug);
    await seatHost(ctx, tx, e);
    await emitWebhook(tx, ctx.jobs, "event.created", eventData(e, ctx.config.appOrigin));
    return e;
  });
}

/**
 * A repeating event: one event per date the rule gives from the form's date on, each with the
 * form's fields and times (a multi-day event's end and the RSVP deadline move with its date), all
 * tied to one series, in one transaction. Returns the first date's event.
 */
export async function createSeries(
  ctx: Pick<RsvpContext, "db" | "config" | "jobs">,
  creatorId: string,
  form: EventForm,
  rule: string,
  /** The first date's slug (the others: it and their date); by default made from the title. */
  slug?: string,
): Promise<Event> {
  const { timeZone, appOrigin } = ctx.config;
  const from = eventColumns(form, timeZone).eventDate;
  const dates = seriesDates(rule, from);
  const cover = await coverColumns(ctx.db, form.cover_media_id);
  const formOn = (day: string): EventForm => {
    const shift = daysBetween(from, day);
    return {
      ...form,
      event_date: day,
      end_date: form.end_date ? shiftDay(form.end_date, shift) : form.end_date,
      rsvp_deadline: form.rsvp_deadline
        ? `${shiftDay(form.rsvp_deadline.slice(0, 10), shift)}${form.rsvp_deadline.slice(10)}`
        : form.rsvp_deadline,
    };
  };
  return ctx.db.transaction(async (tx) => {
    const [series] = await tx
      .insert(eventSeries)
      .values({ rule: canonicalRule(rule), startsOn: dates[0] ?? from, createdBy: creatorId })
      .returning({ id: eventSeries.id });
    if (!series) throw new Error("The series was not saved.");
    const created: Event[] = [];
    for (const day of dates) {
      const values = {
        ...eventColumns(formOn(day), timeZone),
        ...cover,
        createdBy: creatorId,
        seriesId: series.id,
        seriesDate: day,
      };
      const chosen = slug && (created.length === 0 ? slug : `${slug}-${day}`);
      const e = await insertEvent(tx, values, chosen, `${values.title} ${day}`);
      await seatHost(ctx, tx, e);
      await emitWebhook(tx, ctx.jobs, "event.created", eventData(e, appOrigin));
      created.push(e);
    }
    const [first] = created;
    if (!first) throw new Error("A series without a date.");
    return first;
  });
}

/** What a change of the date, time or place looks like to people: old → new, as mails write them. */
export function eventChanges(before: Event, after: Event, club: RsvpContext["config"]): EventChange[] {
  const was = eventMailDetails(before, club.appOrigin, club.timeZone);
  const now = eventMailDetails(after, club.appOrigin, club.timeZone);
  const changes: EventChange[] = [];
  if (was.when !== now.when) changes.push({ label: "Date", before: was.when, after: now.when });
  if (was.time !== now.time) changes.push({ label: "Time", before: was.time, after: now.time });
  if (was.place !== now.place) changes.push({ label: "Where", before: was.place, after: now.place });
  return changes;
}

/** Someone a change or a cancellation concerns, as its mail addresses her. */
export interface Concerned {
  id: string;
  name: string;
  email: string;
}

/**
 * The mails of a change to several dates of a series, gathered instead of sent one per date, so
 * each person gets one listing her dates (series-changes.ts sends them).
 */
export interface GatheredMails {
  changed(person: Concerned, after: Event, changes: EventChange[]): void;
  cancelled(person: Concerned, e: Event): void;
}

/** Everyone the event's fate concerns: participants and the waitlist (not the person making the change). */
async function concerned(tx: Queryable, eventId: string, exceptUserId: string) {
  // Those who stopped change notices are left out (Settings → E-mail).
  const going = tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(and(eq(eventParticipants.eventId, eventId), ne(users.id, exceptUserId), receivesKind("changes")));
  const waiting = tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(eventWaitlist)
    .innerJoin(users, eq(users.id, eventWaitlist.userId))
    .where(and(eq(eventWaitlist.eventId, eventId), ne(users.id, exceptUserId), receivesKind("changes")));
  return [...(await going), ...(await waiting)];
}

/** Everyone going or waiting, whatever her e-mail choices (the bell has its own). */
async function goingOrWaiting(tx: Queryable, eventId: string): Promise<string[]> {
  const going = await tx
    .select({ id: eventParticipants.userId })
    .from(eventParticipants)
    .where(eq(eventParticipants.eventId, eventId));
  const waiting = await tx
    .select({ id: eventWaitlist.userId })
    .from(eventWaitlist)
    .where(eq(eventWaitlist.eventId, eventId));
  return [...going, ...waiting].map((m) => m.id);
}

/**
 * Saves an edit. A new date, time or place raises the calendar SEQUENCE, e-mails everyone going or
 * waiting one "changed" message (old → new, with the updated .ics) and moves their reminders; a
 * larger capacity seats the first waiting. All in one transaction, which first locks the event.
 */
export async function updateEvent(
  ctx: RsvpContext,
  eventId: string,
  form: EventForm,
  editorId: string,
): Promise<Event> {
  return ctx.db.transaction((tx) => updateWithin(ctx, tx, eventId, form, editorId));
}

/** `updateEvent` inside a transaction the caller holds (an edit of several dates of a series). */
export async function updateWithin(
  ctx: RsvpContext,
  tx: Queryable,
  eventId: string,
  form: EventForm,
  editorId: string,
  gathered?: GatheredMails,
): Promise<Event> {
  const values = {
    ...eventColumns(form, ctx.config.timeZone),
    ...(await coverColumns(tx, form.cover_media_id, eventId)),
  };
  // Deleted by someone else between the look-up and the update: "Event not found".
  const before = await lockEvent(tx, eventId);
  const changes = eventChanges(before, { ...before, ...values }, ctx.config);
  const [after] = await tx
    .update(events)
    // Its `updated_at` moves with any change to the row (the events_updated_at trigger).
    .set({ ...values, ...(changes.length ? { sequence: before.sequence + 1 } : {}) })
    .where(eq(events.id, eventId))
    .returning();
  if (!after) throw notFound(EVENT_NOT_FOUND);
  if (after.publishedAt) {
    await emitWebhook(tx, ctx.jobs, "event.updated", eventUpdatedData(before, after, ctx.config.appOrigin));
  }
  await promoteFromWaitlist(ctx, tx, after);
  if (changes.length === 0) return after;
  const people = await concerned(tx, eventId, editorId);
  if (gathered) for (const p of people) gathered.changed(p, after, changes);
  else {
    const details = eventMailDetails(after, ctx.config.appOrigin, ctx.config.timeZone);
    const ics = icsAttachment(after, ctx.config);
    const linkFor = await unsubscribeLinks(tx, ctx.config, "changes");
    await enqueueMail(
      tx,
      ctx.jobs,
      people.map((p) => ({
        to: p.email,
        ...eventChangedMail(p.name, details, changes, linkFor(p.id)),
        attachments: [ics],
      })),
    );
  }
  await noticeEventChanged(tx, eventId, editorId, await goingOrWaiting(tx, eventId));
  if (changes.some((c) => c.label !== "Where")) await rescheduleEventReminders(ctx, tx, after);
  return after;
}

/**
 * Deletes an event: everyone going or waiting is e-mailed the cancellation (with the organiser's
 * message, and an .ics that removes it from calendars), the reminders are cancelled, and its
 * comments go; participants and invitations go by cascade, its media stay in the gallery (an
 * invite-only event's for their uploaders and admins only). Deleted by someone other than its
 * creator (an admin), it goes to the audit log with its title and date, which outlive it there.
 */
export async function deleteEvent(
  ctx: RsvpContext,
  eventId: string,
  message: string | null,
  editorId: string,
  actor: AuditActor,
): Promise<void> {
  await ctx.db.transaction((tx) => deleteWithin(ctx, tx, eventId, message, editorId, actor));
}

/** `deleteEvent` inside a transaction the caller holds (a cancellation of several dates of a series). */
export async function deleteWithin(
  ctx: RsvpContext,
  tx: Queryable,
  eventId: string,
  message: string | null,
  editorId: string,
  actor: AuditActor,
  gathered?: GatheredMails,
): Promise<void> {
  const e = await lockEvent(tx, eventId);
  if (actsOnOthers(editorId, e.createdBy)) {
    await recordAudit(tx, actor, {
      kind: "event.deleted",
      targetId: e.id,
      detail: { title: e.title, date: e.eventDate, createdBy: e.createdBy },
    });
  }
  if (e.publishedAt) await emitWebhook(tx, ctx.jobs, "event.cancelled", eventData(e, ctx.config.appOrigin));
  // An event that is over is only tidied away: nobody needs to hear it is cancelled. Nor a
  // draft, which nobody else saw (a cancellation in the feeds would show its title).
  if (e.publishedAt && eventInstants(e, ctx.config.timeZone).end.getTime() > Date.now()) {
    // Calendar feeds carry the cancellation for a while, so subscribed calendars remove it.
    const members = [
      ...(await tx
        .select({ id: eventParticipants.userId })
        .from(eventParticipants)
        .where(eq(eventParticipants.eventId, e.id))),
      ...(await tx.select({ id: eventWaitlist.userId }).from(eventWaitlist).where(eq(eventWaitlist.eventId, e.id))),
    ];
    await tx
      .insert(cancelledEvents)
      .values(
        cancellationOf(
          e,
          members.map((m) => m.id),
        ),
      )
      .onConflictDoNothing();
    await noticeEventCancelled(
      tx,
      e.id,
      editorId,
      members.map((m) => m.id),
    );
    const people = await concerned(tx, e.id, editorId);
    if (gathered) for (const p of people) gathered.cancelled(p, e);
    else {
      const details = eventMailDetails(e, ctx.config.appOrigin, ctx.config.timeZone);
      const ics = icsAttachment(e, ctx.config, { cancelled: true });
      const linkFor = await unsubscribeLinks(tx, ctx.config, "changes");
      await enqueueMail(
        tx,
        ctx.jobs,
        people.map((p) => ({
          to: p.email,
          ...eventCancelledMail(p.name, details, message, linkFor(p.id)),
          attachments: [ics],
        })),
      );
    }
  }
  await cancelEventReminders(ctx.jobs, tx, e.id);
  await tx.delete(comments).where(eq(comments.commentableId, e.id));
  // Its media stay (members' photos are not lost with an event), but what was shared among an
  // invite-only event's guests stays among as few: the uploader and admins.
  if (e.exclusivity === "invite-only")
    await tx.update(media).set({ uploaderOnly: true }).where(eq(media.associatedEventId, e.id));
  await tx.delete(events).where(eq(events.id, e.id));
}
