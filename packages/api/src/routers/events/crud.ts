import { eventParticipants, events, eventWaitlist, media } from "@club/db";
import { and, asc, desc, eq, exists, ilike, sql } from "@club/db/orm";
import { eventInput, eventListInput, eventRefInput, eventSlug, normalizeEvent } from "@club/shared";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { z } from "zod";
import {
  hasInvitationFor,
  hasParticipant,
  requireEventCreator,
  requireEventManager,
  requireVisibleEvent,
  visibleEvents,
} from "../../domain/access";
import { wallClockInstant } from "../../domain/events/calendar";
import { deleteEvent, updateEvent } from "../../domain/events/changes";
import { loadEventDto, toEventListItem, withRsvpSummary } from "../../domain/events/queries";
import { insertEvent } from "../../domain/events/slug";
import { escapeLike } from "../../domain/like";
import { badRequest, EVENT_NOT_FOUND } from "../../errors";
import { memberProcedure } from "../../trpc";

function normalizeOrThrow(input: z.output<typeof eventInput>, timeZone: string) {
  const today = format(new TZDate(Date.now(), timeZone), "yyyy-MM-dd");
  const result = normalizeEvent(input, today);
  if ("error" in result) throw badRequest(result.error);
  const { rsvpDeadline, ...rest } = result;
  if (rsvpDeadline === undefined) return rest;
  return { ...rest, rsvpDeadline: rsvpDeadline ? wallClockInstant(rsvpDeadline, timeZone) : null };
}

export const eventCrud = {
  /** GET /api/events: the events the member may see, by start date, filtered by title. */
  list: memberProcedure.input(eventListInput).query(async ({ ctx, input }) => {
    const order = input?.sort === "desc" ? desc : asc;
    const rows = await ctx.db
      .select({
        event: events,
        // Counted per listed event on the (event_id, user_id) key, not over every participation.
        participantCount: sql<number>`(select count(*) from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id})::int`,
        // Only events with RSVP rules show seats and the waitlist on their card.
        guestCount: sql<number>`(case when ${events.capacity} is null and ${events.guestsPerMember} = 0 and ${events.rsvpDeadline} is null then 0 else (select coalesce(sum(${eventParticipants.guests}), 0) from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id}) end)::int`,
        waitingCount: sql<number>`(case when ${events.capacity} is null then 0 else (select count(*) from ${eventWaitlist} where ${eventWaitlist.eventId} = ${events.id}) end)::int`,
      })
      .from(events)
      .where(
        and(
          visibleEvents(ctx.user),
          input?.search ? ilike(events.title, `%${escapeLike(input.search)}%`) : undefined,
          input?.mine === "joined" ? hasParticipant(ctx.user.id) : undefined,
          input?.mine === "created" ? eq(events.createdBy, ctx.user.id) : undefined,
          input?.mine === "invited" ? hasInvitationFor(ctx.user.id) : undefined,
        ),
      )
      .orderBy(order(events.eventDate), order(events.startTime), asc(events.title));
    return rows.map((r) =>
      withRsvpSummary(
        {
          ...toEventListItem(r.event, ctx.user),
          participants: [] as { user_id: string; name: string }[],
          participant_count: r.participantCount,
        },
        r.event,
        { going: r.participantCount, guests: r.guestCount, waiting: r.waitingCount },
        ctx.config.timeZone,
      ),
    );
  }),

  /**
   * What an event picker offers: id, title and date of the events the member may see, newest first.
   * The gallery's filter asks only for events that have photos or videos.
   */
  choices: memberProcedure.input(z.object({ withMedia: z.boolean().optional() }).optional()).query(({ ctx, input }) =>
    ctx.db
      .select({ id: events.id, title: events.title, event_date: events.eventDate })
      .from(events)
      .where(
        and(
          visibleEvents(ctx.user),
          input?.withMedia
            ? exists(
                sql`(select 1 from ${media} where ${and(eq(media.associatedEventId, events.id), eq(media.status, "ready"))})`,
              )
            : undefined,
        ),
      )
      .orderBy(desc(events.eventDate), asc(events.title)),
  ),

  /** GET /api/events/{id}: by id or slug. */
  get: memberProcedure.input(eventRefInput).query(async ({ ctx, input }) => {
    const event = await requireVisibleEvent(ctx, input.id);
    return loadEventDto(ctx, event);
  }),

  /** POST /api/events: Founding and Travel Host members and admins; defaults per SPEC.md section 5. */
  create: memberProcedure.input(eventInput.extend({ slug: eventSlug.optional() })).mutation(async ({ ctx, input }) => {
    requireEventCreator(ctx.user);
    const values = normalizeOrThrow(input, ctx.config.timeZone);
    const row = await insertEvent(ctx.db, { ...values, createdBy: ctx.user.id }, input.slug);
    return loadEventDto(ctx, row);
  }),

  /** PUT /api/events/{id}: the creator or an admin; the slug stays, so shared links keep working. */
  update: memberProcedure.input(eventInput.extend({ id: z.uuid(EVENT_NOT_FOUND) })).mutation(async ({ ctx, input }) => {
    const event = await requireVisibleEvent(ctx, input.id);
    requireEventManager(ctx.user, event, "edit");
    const values = normalizeOrThrow(input, ctx.config.timeZone);
    const row = await updateEvent(ctx, event.id, values, ctx.user.id);
    return loadEventDto(ctx, row);
  }),

  /**
   * DELETE /api/events/{id}: those going or waiting are e-mailed the cancellation, with the
   * optional message; participants and invitations go with it (cascade), and its comments; its
   * media stay in the gallery without the association (set null).
   */
  delete: memberProcedure
    .input(
      z.object({
        id: z.uuid(EVENT_NOT_FOUND),
        message: z.string().trim().max(2000, "Please keep the message under 2000 characters.").optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      requireEventManager(ctx.user, event, "delete");
      await deleteEvent(ctx, event.id, input.message || null, ctx.user.id);
      return { message: "Event deleted.", id: event.id };
    }),
};
