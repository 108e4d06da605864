import { RETENTION_DAYS, type RouterInputs } from "@club/api";
import { EVENTS_PAGE_MAX, eventCardSchema } from "@club/shared";
import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { fieldsOf, id, json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { attendeesCsv } from "./attendees-csv";
import { CHANGES_DATA, call, callerFor, keptAnswerOf, linkNext, linkNextChanges, pick, restFields } from "./caller";

type IdParams = { Params: { id: string } };

/** The most events one answer of GET /api/events carries (docs/operating.md, "Limits", says so). */
export const EVENTS_LIST_MAX = 1000;

/** The event form's fields, as the spec's create and edit payloads name them. */
export const EVENT_FIELDS = [
  "title",
  "type",
  "exclusivity",
  "description",
  "note",
  "color",
  "event_date",
  "end_date",
  "start_time",
  "end_time",
  "is_physical",
  "location",
  "zip_code",
  "city",
  "state",
  "country",
  "virtual_link",
  "capacity",
  "guests_per_member",
  "rsvp_deadline",
] as const satisfies readonly (keyof RouterInputs["events"]["update"])[];

const NEW_EVENT = restFields("events.create", [...EVENT_FIELDS, "slug", "repeat"]);
const EVENT_CHANGE = restFields("events.update", [...EVENT_FIELDS, "scope"]);
const DELETE_SCOPE = restFields("events.delete", ["scope"]);
const JOIN = restFields("events.join", ["guests"]);
const CONFIRMATION = restFields("events.sendConfirmation", ["eventId", "userId"]);
const INVITATION = restFields("events.invite", ["eventId", "eventTitle", "userIds"]);
/** A sync's asks: what changed since a moment, and what went. */
const CHANGED_EVENTS = restFields("events.list", ["updated_since", "after"]);
const DELETED_EVENTS = restFields("events.deleted", ["since", "after"]);

/** The spec's event URLs (SPEC.md section 7, "Events"). */
export async function eventRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  // The spec's answer is the whole list, by start date. It is gathered a page at a time up to
  // EVENTS_LIST_MAX events, so that no request reads a club's whole history at once; past that, a
  // `Link: <…&cursor=…>; rel="next"` header says where the rest starts.
  app.get<{ Querystring: { search?: string; sort?: string; cursor?: string } }>(
    "/api/events",
    {
      config: {
        ...keptAnswerOf("events.list"),
        openapi: {
          summary: "Events the member may see; or, for admins, what changed since a moment",
          procedure: "events.list",
          query: fieldsOf("events.list", ["search", "sort", "cursor", "updated_since", "after"]),
          answer: json(
            `Up to ${EVENTS_LIST_MAX} events, by start date; a \`Link: <…&cursor=…>; rel="next"\` header leads to the rest. With \`updated_since\` (admins), the events whose row changed since then (or that were made or published), oldest change first, up to ${EVENTS_PAGE_MAX}, each with its \`updated_at\`, paged by \`after\`; which went is at GET /api/events/deleted.`,
            z.array(eventCardSchema),
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const sync = CHANGED_EVENTS.from(request.query);
      if (sync.updated_since !== undefined || sync.after !== undefined) {
        const { items } = await call(caller.events.list, { ...sync, limit: EVENTS_PAGE_MAX });
        return linkNextChanges(reply, "/api/events", items, EVENTS_PAGE_MAX, (last) => ({
          updated_since: last.updated_at?.toISOString() ?? "",
          after: last.id,
        }));
      }
      const { search, sort } = request.query;
      const all = [];
      let cursor = request.query.cursor;
      do {
        const limit = Math.min(EVENTS_PAGE_MAX, EVENTS_LIST_MAX - all.length);
        const page = await call(caller.events.list, { search, sort, cursor, limit });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && all.length < EVENTS_LIST_MAX);
      if (cursor) linkNext(reply, "/api/events", { search, sort, cursor });
      return all;
    },
  );

  app.get(
    "/api/events/deleted",
    {
      config: {
        openapi: {
          summary: "Events deleted since a moment (ids only)",
          procedure: "events.deleted",
          query: DELETED_EVENTS.schema,
          answer: json(
            `Oldest first, up to ${EVENTS_PAGE_MAX}; a \`Link: <…>; rel="next"\` header leads to the rest. Kept ${RETENTION_DAYS.deletedRows} days: \`since\` further back is refused (400).`,
          ),
        },
      },
    },
    async (request, reply) => {
      const gone = await call((await callerFor(deps, request, reply)).events.deleted, {
        ...DELETED_EVENTS.from(request.query),
        limit: EVENTS_PAGE_MAX,
      });
      return linkNextChanges(reply, "/api/events/deleted", gone, EVENTS_PAGE_MAX, (last) => ({
        since: last.deleted_at.toISOString(),
        after: last.event_id,
      }));
    },
  );

  app.post(
    "/api/events",
    {
      config: {
        openapi: {
          summary: "Create an event",
          idempotent: true,
          procedure: "events.create",
          body: NEW_EVENT.schema,
          answer: json("The new event."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).events.create, NEW_EVENT.from(request.body)),
  );

  app.get<IdParams>(
    "/api/events/:id",
    {
      config: {
        ...keptAnswerOf("events.get"),
        openapi: {
          summary: "One event, by id or slug",
          procedure: "events.get",
          params: id("events.get"),
          answer: json("The event."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).events.get, { id: request.params.id }),
  );

  // The spec's edit payload names the date `date`; the create payload names it `event_date`.
  app.put<IdParams>(
    "/api/events/:id",
    {
      config: {
        openapi: {
          summary: "Change an event",
          description:
            "The date may be sent as `date` (the spec's edit form) or `event_date`. On a date of a series, `scope` says which dates the edit reaches.",
          procedure: "events.update",
          params: id("events.update"),
          body: EVENT_CHANGE.schema.extend({ date: EVENT_CHANGE.schema.shape.event_date }),
          answer: json("The event."),
        },
      },
    },
    async (request, reply) => {
      const fields = EVENT_CHANGE.from(request.body);
      const { date } = pick(request.body, ["date"]);
      return call((await callerFor(deps, request, reply)).events.update, {
        ...fields,
        event_date: fields.event_date ?? date,
        id: request.params.id,
      });
    },
  );

  app.delete<IdParams>(
    "/api/events/:id",
    {
      config: {
        openapi: {
          summary: "Delete an event",
          description: "On a date of a series, `?scope=following` or `?scope=all` cancels those dates too.",
          procedure: "events.delete",
          params: id("events.delete"),
          query: DELETE_SCOPE.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).events.delete, {
        ...DELETE_SCOPE.from(request.query),
        id: request.params.id,
      }),
  );

  app.post<IdParams>(
    "/api/events/:id/join",
    {
      config: {
        openapi: {
          summary: "Join an event (or its waitlist)",
          procedure: "events.join",
          params: id("events.join"),
          body: JOIN.schema,
          answer: json("A message and the participants."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).events.join, {
        ...JOIN.from(request.body),
        id: request.params.id,
      }),
  );

  app.get<IdParams>(
    "/api/events/:id/attendees",
    {
      config: {
        openapi: {
          summary: "An event's guest list",
          procedure: "events.attendees",
          params: id("events.attendees"),
          answer: json("Participants and the waitlist; each address null where its member keeps it from the caller."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).events.attendees, { id: request.params.id }),
  );

  // The guest list for a spreadsheet: participants first, then the waitlist in order.
  app.get<IdParams>(
    "/api/events/:id/attendees.csv",
    {
      config: {
        openapi: {
          summary: "An event's guest list as CSV",
          procedure: "events.attendees",
          params: id("events.attendees"),
          answer: {
            kind: "csv",
            description:
              "Participants first, then the waitlist in order; the e-mail cell is empty where its member keeps her address from the caller.",
          },
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const list = await call(caller.events.attendees, { id: request.params.id });
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", contentDisposition(`attendees-${list.event.slug}.csv`))
        .header("Cache-Control", "private, no-store");
      return attendeesCsv(list);
    },
  );

  // One event for a calendar application (the event page's "Add to calendar").
  app.get<IdParams>(
    "/api/events/:id/event.ics",
    {
      config: {
        openapi: {
          summary: "One event as a calendar file",
          description: "The UID and SEQUENCE of every .ics the club sends, so a calendar keeps one entry per event.",
          procedure: "events.calendarFile",
          params: id("events.calendarFile"),
          answer: { kind: "calendar", description: "iCalendar (RFC 5545), one VEVENT." },
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const file = await call(caller.events.calendarFile, { id: request.params.id });
      reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", contentDisposition(file.filename))
        .header("Cache-Control", "private, no-store");
      return file.text;
    },
  );

  app.delete<IdParams>(
    "/api/events/:id/leave",
    {
      config: {
        openapi: {
          summary: "Leave an event",
          procedure: "events.leave",
          params: id("events.leave"),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).events.leave, { id: request.params.id }),
  );

  // A member's private calendar feed: the secret in the URL is the credential (calendar
  // applications send no cookies). Calendars poll it; a few minutes of caching spares the database.
  app.get<{ Params: { file: string } }>(
    "/calendar/:file",
    {
      config: {
        openapi: {
          summary: "A member's calendar feed",
          description: "`<secret>.ics`: the secret in the URL is the credential (calendars send no cookies).",
          procedure: "calendarFeed.feed",
          access: "calendar secret",
          params: z.object({ file: z.string().max(204).meta({ description: "The feed's secret and `.ics`." }) }),
          answer: { kind: "calendar", description: "iCalendar; cached privately for 5 minutes." },
        },
      },
    },
    async (request, reply) => {
      const secret = request.params.file.replace(/\.ics$/i, "");
      const caller = await callerFor(deps, request, reply);
      const text = await call(caller.calendarFeed.feed, { secret });
      reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", 'inline; filename="club.ics"')
        .header("Cache-Control", "private, max-age=300");
      return text;
    },
  );

  app.post(
    "/api/events/send-confirmation",
    {
      config: {
        openapi: {
          summary: "E-mail a participant her confirmation",
          procedure: "events.sendConfirmation",
          body: CONFIRMATION.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).events.sendConfirmation, CONFIRMATION.from(request.body)),
  );

  app.post(
    "/api/events/invite",
    {
      config: {
        openapi: {
          summary: "Invite members to an event",
          idempotent: true,
          procedure: "events.invite",
          body: INVITATION.schema,
          answer: json("A message and the number invited."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).events.invite, INVITATION.from(request.body)),
  );

  // A GET that changes state, as the spec has it: the single-use token bound to its invitee guards it.
  app.get<{ Params: { token: string } }>(
    "/api/events/invite/:token",
    {
      config: {
        ...CHANGES_DATA,
        openapi: {
          summary: "Accept an event invitation",
          description:
            "A GET that changes state, as the spec has it: the single-use token bound to its invitee guards it.",
          procedure: "events.acceptInvite",
          params: id("events.acceptInvite", "token"),
          answer: json("The event joined."),
          limits: "Wrong tokens are throttled per address.",
        },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return call((await callerFor(deps, request, reply)).events.acceptInvite, { token: request.params.token });
    },
  );
}
