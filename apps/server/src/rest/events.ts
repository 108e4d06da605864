import type { RouterInputs } from "@club/api";
import { EVENTS_PAGE_MAX } from "@club/shared";
import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { attendeesCsv } from "./attendees-csv";
import { CHANGES_DATA, call, callerFor, keptAnswerOf, linkNext, pick } from "./caller";

type IdParams = { Params: { id: string } };

/** The most events one answer of GET /api/events carries (the README says so). */
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

/** The spec's event URLs (SPEC.md section 7, "Events"). */
export async function eventRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  // The spec's answer is the whole list, by start date. It is gathered a page at a time up to
  // EVENTS_LIST_MAX events, so that no request reads a club's whole history at once; past that, a
  // `Link: <…&cursor=…>; rel="next"` header says where the rest starts.
  app.get<{ Querystring: { search?: string; sort?: string; cursor?: string } }>(
    "/api/events",
    { config: keptAnswerOf("events.list") },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
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

  app.post("/api/events", async (request, reply) =>
    call((await callerFor(deps, request, reply)).events.create, pick(request.body, [...EVENT_FIELDS, "slug"])),
  );

  app.get<IdParams>("/api/events/:id", { config: keptAnswerOf("events.get") }, async (request, reply) =>
    call((await callerFor(deps, request, reply)).events.get, { id: request.params.id }),
  );

  // The spec's edit payload names the date `date`; the create payload names it `event_date`.
  app.put<IdParams>("/api/events/:id", async (request, reply) => {
    const fields = pick(request.body, EVENT_FIELDS);
    const { date } = pick(request.body, ["date"]);
    return call((await callerFor(deps, request, reply)).events.update, {
      ...fields,
      event_date: fields.event_date ?? date,
      id: request.params.id,
    });
  });

  app.delete<IdParams>("/api/events/:id", async (request, reply) =>
    call((await callerFor(deps, request, reply)).events.delete, { id: request.params.id }),
  );

  app.post<IdParams>("/api/events/:id/join", async (request, reply) =>
    call((await callerFor(deps, request, reply)).events.join, {
      ...pick(request.body, ["guests"]),
      id: request.params.id,
    }),
  );

  app.get<IdParams>("/api/events/:id/attendees", async (request, reply) =>
    call((await callerFor(deps, request, reply)).events.attendees, { id: request.params.id }),
  );

  // The guest list for a spreadsheet: participants first, then the waitlist in order.
  app.get<IdParams>("/api/events/:id/attendees.csv", async (request, reply) => {
    const caller = await callerFor(deps, request, reply);
    const list = await call(caller.events.attendees, { id: request.params.id });
    reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", contentDisposition(`attendees-${list.event.slug}.csv`))
      .header("Cache-Control", "private, no-store");
    return attendeesCsv(list);
  });

  // One event for a calendar application (the event page's "Add to calendar").
  app.get<IdParams>("/api/events/:id/event.ics", async (request, reply) => {
    const caller = await callerFor(deps, request, reply);
    const file = await call(caller.events.calendarFile, { id: request.params.id });
    reply
      .header("Content-Type", "text/calendar; charset=utf-8")
      .header("Content-Disposition", contentDisposition(file.filename))
      .header("Cache-Control", "private, no-store");
    return file.text;
  });

  app.delete<IdParams>("/api/events/:id/leave", async (request, reply) =>
    call((await callerFor(deps, request, reply)).events.leave, { id: request.params.id }),
  );

  // A member's private calendar feed: the secret in the URL is the credential (calendar
  // applications send no cookies). Calendars poll it; a few minutes of caching spares the database.
  app.get<{ Params: { file: string } }>("/calendar/:file", async (request, reply) => {
    const secret = request.params.file.replace(/\.ics$/i, "");
    const caller = await callerFor(deps, request, reply);
    const text = await call(caller.calendarFeed.feed, { secret });
    reply
      .header("Content-Type", "text/calendar; charset=utf-8")
      .header("Content-Disposition", 'inline; filename="club.ics"')
      .header("Cache-Control", "private, max-age=300");
    return text;
  });

  app.post("/api/events/send-confirmation", async (request, reply) =>
    call((await callerFor(deps, request, reply)).events.sendConfirmation, pick(request.body, ["eventId", "userId"])),
  );

  app.post("/api/events/invite", async (request, reply) =>
    call(
      (await callerFor(deps, request, reply)).events.invite,
      pick(request.body, ["eventId", "eventTitle", "userIds"]),
    ),
  );

  // A GET that changes state, as the spec has it: the single-use token bound to its invitee guards it.
  app.get<{ Params: { token: string } }>(
    "/api/events/invite/:token",
    { config: CHANGES_DATA },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return call((await callerFor(deps, request, reply)).events.acceptInvite, { token: request.params.token });
    },
  );
}
