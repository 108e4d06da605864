/**
 * Changes to the dates of a series: an edit or a cancellation of one date, of it and the later ones,
 * or of all (as a calendar asks), and joining or leaving every future date at once. Each date goes
 * through the same steps as a single event (its notices, reminders, waitlist), all in one
 * transaction: a failure leaves every date as it was. Mails are one per person, listing her dates.
 */
import { type Event, eventParticipants, eventSeries, events, eventWaitlist, type Queryable } from "@club/db";
import { and, asc, eq, gte, or, sql } from "@club/db/orm";
import {
  type EventChange,
  enqueueMail,
  eventCancelledMail,
  eventChangedMail,
  seriesCancelledMail,
  seriesChangedMail,
} from "@club/mail";
import type { SeriesScope } from "@club/shared";
import { requireEventManager, type Viewer, visibleEvents } from "../access";
import type { AuditActor } from "../audit/record";
import { unsubscribeLinks } from "../group-mail/kinds";
import { todayIn } from "./calendar";
import { type Concerned, deleteWithin, type EventForm, updateWithin } from "./changes";
import { eventMailDetails, icsAttachment } from "./mail-details";
import { eventEnded, joinIn, leaveWithin, type RsvpContext, rsvpClosed, rsvpStatusOf } from "./rsvp";
import { daysBetween, shiftDay } from "./series";

/** Where a date stands in its series: the day the rule gave it, even after it moved alone. */
const placeInSeries = sql`coalesce(${events.seriesDate}, ${events.eventDate})`;

/** The dates an edit or a cancellation of `e` reaches, in order (only `e` for an event that does not repeat). */
async function datesInScope(tx: Queryable, e: Event, scope: SeriesScope): Promise<Event[]> {
  if (!e.seriesId || scope === "this") return [e];
  const from = e.seriesDate ?? e.eventDate;
  return tx
    .select()
    .from(events)
    .where(and(eq(events.seriesId, e.seriesId), scope === "following" ? gte(placeInSeries, from) : undefined))
    .orderBy(asc(placeInSeries), asc(events.id));
}

/** A date moved on its own (not where the rule put it): a later edit of the series leaves its day alone. */
const movedAlone = (e: Event) => e.seriesDate !== null && e.seriesDate !== e.eventDate;

/**
 * The form as it applies to another date of the series: the same fields and times, its day moved
 * by as many days as the edited date's (none for a date moved alone), and the end and the RSVP
 * deadline as far from its day as the form has them from the edited date's.
 */
function formFor(date: Event, edited: Event, form: EventForm): EventForm {
  if (date.id === edited.id) return form;
  const newDay = form.event_date || edited.eventDate;
  const day = movedAlone(date) ? date.eventDate : shiftDay(date.eventDate, daysBetween(edited.eventDate, newDay));
  const offset = (value: string) => shiftDay(day, daysBetween(newDay, value.slice(0, 10))) + value.slice(10);
  return {
    ...form,
    event_date: day,
    end_date: form.end_date ? offset(form.end_date) : form.end_date,
    rsvp_deadline: form.rsvp_deadline ? offset(form.rsvp_deadline) : form.rsvp_deadline,
  };
}

/** Saves an edit of `e` and, with "following" or "all", of those dates of its series. Returns `e` as saved. */
export async function updateSeriesDates(
  ctx: RsvpContext,
  editor: Viewer & { id: string },
  e: Event,
  form: EventForm,
  scope: SeriesScope,
): Promise<Event> {
  return ctx.db.transaction(async (tx) => {
    const dates = await datesInScope(tx, e, scope);
    for (const date of dates) requireEventManager(editor, date, "edit");
    const mails = new PerPerson<{ after: Event; changes: EventChange[] }>();
    let saved = e;
    for (const date of dates) {
      const after = await updateWithin(ctx, tx, date.id, formFor(date, e, form), editor.id, {
        changed: (person, after, changes) => mails.add(person, { after, changes }),
        cancelled: () => {},
      });
      if (date.id === e.id) saved = after;
    }
    const linkFor = await unsubscribeLinks(tx, ctx.config, "changes");
    const { appOrigin, timeZone } = ctx.config;
    await enqueueMail(
      tx,
      ctx.jobs,
      mails.map((p, items) => ({
        to: p.email,
        ...(items.length === 1
          ? eventChangedMail(
              p.name,
              eventMailDetails(items[0].after, appOrigin, timeZone),
              items[0].changes,
              linkFor(p.id),
            )
          : seriesChangedMail(
              p.name,
              saved.title,
              items.map((i) => ({ details: eventMailDetails(i.after, appOrigin, timeZone), changes: i.changes })),
              linkFor(p.id),
            )),
        attachments: items.map((i) => icsAttachment(i.after, ctx.config)),
      })),
    );
    return saved;
  });
}

/** Cancels `e` and, with "following" or "all", those dates of its series; a series left without dates goes. */
export async function deleteSeriesDates(
  ctx: RsvpContext,
  editor: Viewer & { id: string },
  e: Event,
  scope: SeriesScope,
  message: string | null,
  actor: AuditActor,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const dates = await datesInScope(tx, e, scope);
    for (const date of dates) requireEventManager(editor, date, "delete");
    const mails = new PerPerson<Event>();
    for (const date of dates)
      await deleteWithin(ctx, tx, date.id, message, editor.id, actor, {
        changed: () => {},
        cancelled: (person, cancelled) => mails.add(person, cancelled),
      });
    const linkFor = await unsubscribeLinks(tx, ctx.config, "changes");
    const { appOrigin, timeZone } = ctx.config;
    await enqueueMail(
      tx,
      ctx.jobs,
      mails.map((p, cancelled) => ({
        to: p.email,
        ...(cancelled.length === 1
          ? eventCancelledMail(p.name, eventMailDetails(cancelled[0], appOrigin, timeZone), message, linkFor(p.id))
          : seriesCancelledMail(
              p.name,
              e.title,
              cancelled.map((c) => eventMailDetails(c, appOrigin, timeZone)),
              message,
              linkFor(p.id),
            )),
        attachments: cancelled.map((c) => icsAttachment(c, ctx.config, { cancelled: true })),
      })),
    );
    if (e.seriesId) {
      const [left] = await tx.select({ id: events.id }).from(events).where(eq(events.seriesId, e.seriesId)).limit(1);
      if (!left) await tx.delete(eventSeries).where(eq(eventSeries.id, e.seriesId));
    }
    return dates.length;
  });
}

/** What each person is to be told, in the order it happened (one mail each). */
class PerPerson<T> {
  private readonly people = new Map<string, { person: Concerned; items: [T, ...T[]] }>();
  add(person: Concerned, item: T): void {
    const entry = this.people.get(person.id);
    if (entry) entry.items.push(item);
    else this.people.set(person.id, { person, items: [item] });
  }
  map<R>(fn: (person: Concerned, items: [T, ...T[]]) => R): R[] {
    return [...this.people.values()].map(({ person, items }) => fn(person, items));
  }
}

/** The series' dates that have not ended and that she may see, in order (today's, once over, is past). */
async function futureDates(tx: Queryable, viewer: Viewer, seriesId: string, timeZone: string) {
  const dates = await tx
    .select()
    .from(events)
    .where(and(eq(events.seriesId, seriesId), gte(events.eventDate, todayIn(timeZone)), visibleEvents(viewer)))
    .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id));
  return dates.filter((date) => !eventEnded(date, timeZone));
}

export interface SeriesJoined {
  joined: number;
  waitlisted: number;
  /** Dates she was on or waiting for already. */
  already: number;
  /** Dates whose RSVP deadline has passed. */
  closed: number;
}

/**
 * "Join the series": every future date she may see and is not on yet, each as "Join" would (a
 * full date puts her on its waitlist); dates whose RSVP deadline has passed are left out.
 */
export async function joinSeries(ctx: RsvpContext, member: Viewer & { id: string }, seriesId: string) {
  return ctx.db.transaction(async (tx) => {
    const tally: SeriesJoined = { joined: 0, waitlisted: 0, already: 0, closed: 0 };
    for (const date of await futureDates(tx, member, seriesId, ctx.config.timeZone)) {
      if (await rsvpStatusOf(tx, date.id, member.id)) tally.already++;
      else if (rsvpClosed(date)) tally.closed++;
      else if ((await joinIn(ctx, tx, date.id, member.id, 0)).status === "waitlist") tally.waitlisted++;
      else tally.joined++;
    }
    return tally;
  });
}

/** "Leave the series": every future date she is on or waiting for (past dates stay as they were). */
export async function leaveSeries(ctx: RsvpContext, member: Viewer & { id: string }, seriesId: string) {
  return ctx.db.transaction(async (tx) => {
    const hers = or(
      sql`exists (select 1 from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id} and ${eventParticipants.userId} = ${member.id})`,
      sql`exists (select 1 from ${eventWaitlist} where ${eventWaitlist.eventId} = ${events.id} and ${eventWaitlist.userId} = ${member.id})`,
    );
    const dates = (
      await tx
        .select()
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gte(events.eventDate, todayIn(ctx.config.timeZone)), hers))
    ).filter((date) => !eventEnded(date, ctx.config.timeZone));
    for (const date of dates) await leaveWithin(ctx, tx, date.id, member.id);
    return dates.length;
  });
}
