import {
  EVENTS_PAGE_MAX,
  eventInput,
  eventListInput,
  eventRefInput,
  eventSlug,
  eventsCalendarFileAnswer,
  eventsChoicesAnswer,
  eventsCoverChoicesAnswer,
  eventsCreateAnswer,
  eventsDeleteAnswer,
  eventsDeletedAnswer,
  eventsDraftsAnswer,
  eventsGetAnswer,
  eventsListAnswer,
  eventsPublishAnswer,
  eventsUpdateAnswer,
  repeatRule,
  seriesScope,
} from "@club/shared";
import { z } from "zod";
import {
  requireAdminTools,
  requireEventCreator,
  requireEventManager,
  requireEventOrDraft,
  requireVisibleEvent,
} from "../../domain/access";
import { RETENTION_DAYS } from "../../domain/admin/retention";
import { auditActor } from "../../domain/audit/record";
import { createEvent, createSeries, deleteEvent, updateEvent } from "../../domain/events/changes";
import { coverChoices } from "../../domain/events/cover";
import { listDrafts, publishDraft } from "../../domain/events/drafts";
import { changedEvents, deletedEvents } from "../../domain/events/event-changes";
import { eventChoices, listEvents } from "../../domain/events/list";
import { icsAttachment } from "../../domain/events/mail-details";
import { loadEventDto } from "../../domain/events/queries";
import { seriesCalendarFile } from "../../domain/events/series-calendar";
import { deleteSeriesDates, updateSeriesDates } from "../../domain/events/series-changes";
import { badRequest, EVENT_NOT_FOUND } from "../../errors";
import { deletionsInput } from "../../lib/changes-since";
import { adminProcedure, answer, memberProcedure } from "../../trpc";

export const eventCrud = {
  /**
   * The wizard's cover picker: the newest photos that may be an event's cover (every member may see
   * them), and, for an event she may edit (`eventId`), that event's own photos too.
   */
  coverChoices: memberProcedure
    .input(z.object({ eventId: z.uuid(EVENT_NOT_FOUND).optional() }).optional())
    .output(answer(eventsCoverChoicesAnswer))
    .query(async ({ ctx, input }) => {
      if (!input?.eventId) return coverChoices(ctx.db, ctx.config.timeZone);
      const event = await requireEventOrDraft(ctx, input.eventId);
      requireEventManager(ctx.user, event, "edit");
      return coverChoices(ctx.db, ctx.config.timeZone, event.id);
    }),

  /**
   * GET /api/events and the events page: the events the member may see, by start date, filtered
   * by title, her part in them or days, a page at a time (`upcoming`: from today, the past behind
   * `previousCursor`).
   */
  list: memberProcedure
    .input(eventListInput)
    .output(answer(eventsListAnswer))
    .query(async ({ ctx, input }) =>
      // A sync's ask of what changed: an admin's (event-changes.ts says why).
      input?.updated_since
        ? changedEvents(await requireAdminTools(ctx), { ...input, since: input.updated_since })
        : listEvents(ctx, input),
    ),

  /** GET /api/events/deleted: the events deleted since a moment (ids only), for a sync. */
  deleted: adminProcedure
    .input(
      deletionsInput({
        plural: "Events",
        one: "event",
        idKey: "event_id",
        keptDays: RETENTION_DAYS.deletedRows,
        max: EVENTS_PAGE_MAX,
      }),
    )
    .output(answer(eventsDeletedAnswer))
    .query(({ ctx, input }) => deletedEvents(ctx.db, input)),

  /**
   * What an event picker offers: id, title and date of the events the member may see, newest first.
   * The gallery's filter asks only for events that have photos or videos.
   */
  choices: memberProcedure
    .input(z.object({ withMedia: z.boolean().optional() }).optional())
    .output(answer(eventsChoicesAnswer))
    .query(({ ctx, input }) => eventChoices(ctx.db, ctx.user, input)),

  /** GET /api/events/{id}: by id or slug; a draft for its creator and admins. */
  get: memberProcedure
    .input(eventRefInput)
    .output(answer(eventsGetAnswer))
    .query(async ({ ctx, input }) => {
      const event = await requireEventOrDraft(ctx, input.id);
      return loadEventDto(ctx, event);
    }),

  /**
   * GET /api/events/{id}/event.ics: the event as a calendar file, with the UID and SEQUENCE of every
   * .ics the club sends, so a calendar that takes it keeps one entry through changes. A date of a
   * series gives the series: one recurring event.
   */
  calendarFile: memberProcedure
    .input(eventRefInput)
    .output(answer(eventsCalendarFileAnswer))
    .query(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      const { filename, content } = icsAttachment(event, ctx.config);
      // A date of a series: the series, as one recurring event with the dates she may see.
      if (event.seriesId) return { filename, text: await seriesCalendarFile(ctx.db, ctx.user, event, ctx.config) };
      return { filename, text: content };
    }),

  /**
   * POST /api/events: Founding and Travel Host members and admins; defaults per SPEC.md section 5.
   * `draft: true` keeps it on the Schedule, seen by her and admins only, until `publish`. `repeat`
   * (an RRULE) makes one event per date of the rule, tied as a series; answers with the first.
   */
  create: memberProcedure
    .input(
      eventInput.extend({ slug: eventSlug.optional(), draft: z.boolean().optional(), repeat: repeatRule.optional() }),
    )
    .output(answer(eventsCreateAnswer))
    .mutation(async ({ ctx, input }) => {
      requireEventCreator(ctx.user);
      const { slug, draft, repeat, ...form } = input;
      if (!repeat) return loadEventDto(ctx, await createEvent(ctx, ctx.user.id, form, { slug, draft }));
      // Drafts are single events: a series is published when it is made.
      if (draft) throw badRequest("A repeating event is published when it is made: leave out draft.");
      return loadEventDto(ctx, await createSeries(ctx, ctx.user.id, form, repeat, slug));
    }),

  /** The Schedule: her drafts, last edited first (an admin's: every member's). */
  drafts: memberProcedure.output(answer(eventsDraftsAnswer)).query(({ ctx }) => listDrafts(ctx)),

  /** Publishes a draft (its creator or an admin): from now on it is an event like any other. */
  publish: memberProcedure
    .input(z.object({ id: z.uuid(EVENT_NOT_FOUND) }))
    .output(answer(eventsPublishAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireEventOrDraft(ctx, input.id);
      requireEventManager(ctx.user, event, "publish");
      return loadEventDto(ctx, await publishDraft(ctx, event));
    }),

  /**
   * PUT /api/events/{id}: the creator or an admin; the slug stays, so shared links keep working.
   * On a date of a series, `scope` "following" or "all" edits those dates as well.
   */
  update: memberProcedure
    .input(eventInput.extend({ id: z.uuid(EVENT_NOT_FOUND), scope: seriesScope.optional() }))
    .output(answer(eventsUpdateAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireEventOrDraft(ctx, input.id);
      requireEventManager(ctx.user, event, "edit");
      const { scope = "this", ...form } = input;
      // A date of a series: "this and following" or "all" edits those dates too.
      if (event.seriesId && scope !== "this")
        return loadEventDto(ctx, await updateSeriesDates(ctx, ctx.user, event, form, scope));
      return loadEventDto(ctx, await updateEvent(ctx, event.id, form, ctx.user.id));
    }),

  /**
   * DELETE /api/events/{id}: those going or waiting are e-mailed the cancellation, with the
   * optional message; participants and invitations go with it (cascade), and its comments; its
   * media stay in the gallery without the association (set null). On a date of a series, `scope`
   * "following" or "all" cancels those dates as well.
   */
  delete: memberProcedure
    .input(
      z.object({
        id: z.uuid(EVENT_NOT_FOUND),
        message: z.string().trim().max(2000, "Please keep the message under 2000 characters.").optional(),
        scope: seriesScope.optional(),
      }),
    )
    .output(answer(eventsDeleteAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireEventOrDraft(ctx, input.id);
      requireEventManager(ctx.user, event, "delete");
      const message = input.message || null;
      if (event.seriesId && input.scope && input.scope !== "this") {
        const n = await deleteSeriesDates(ctx, ctx.user, event, input.scope, message, auditActor(ctx));
        return { message: n === 1 ? "Event deleted." : `${n} events deleted.`, id: event.id };
      }
      await deleteEvent(ctx, event.id, message, ctx.user.id, auditActor(ctx));
      return { message: "Event deleted.", id: event.id };
    }),
};
