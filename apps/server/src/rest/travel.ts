import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { fieldsOf, id, json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, restFields } from "./caller";

type IdParams = { Params: { id: string } };

/** A home's fields, as the procedures name them (title, kind, city, …, nightly_rate, time_zone). */
const HOME_FIELDS = [
  "title",
  "kind",
  "description",
  "region",
  "city",
  "country",
  "address",
  "sleeps",
  "bedrooms",
  "amenities",
  "house_rules",
  "nightly_rate",
  "min_nights",
  "time_zone",
  "check_in",
  "check_out",
] as const;
const NEW_HOME = restFields("homes.create", [...HOME_FIELDS, "host_id"]);
const HOME_CHANGE = restFields("homes.update", HOME_FIELDS);
const WINDOWS = restFields("homes.setWindows", ["windows"]);
const BLOCK = restFields("homes.block", ["from", "to"]);
const SEARCH = ["arrive", "depart", "guests", "place"] as const;
const STAY_REQUEST = restFields("stays.request", ["arrive", "depart", "guests", "message"]);
const DECISION = restFields("stays.accept", ["message"]);
const CANCELLATION = restFields("stays.cancel", ["reason"]);
const REVIEW = restFields("stays.review", ["text"]);

/** Travel's URLs: homes, their availability, and stays (issue "Travel"; docs/api.md). */
export async function travelRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get<{ Querystring: Record<(typeof SEARCH)[number], string | undefined> }>(
    "/api/homes",
    {
      config: {
        openapi: {
          summary: "Homes a member may ask to stay in",
          description:
            "With `arrive` and `depart` (days, the departure day free), only homes open and free for every night between. Each answers `your_rate` beside `nightly_rate`; never an address.",
          procedure: "homes.list",
          query: fieldsOf("homes.list", SEARCH),
          answer: json("Up to 100 homes, by country, city and title."),
        },
      },
    },
    async (request, reply) => {
      const { arrive, depart, guests, place } = request.query;
      return call((await callerFor(deps, request, reply)).homes.list, { arrive, depart, guests, place });
    },
  );

  app.post(
    "/api/homes",
    {
      config: {
        openapi: {
          summary: "List a home (Travel Hosts; admins for a host with `host_id`)",
          idempotent: true,
          procedure: "homes.create",
          body: NEW_HOME.schema,
          answer: json("The home, with its address (its host sees it)."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).homes.create, NEW_HOME.from(request.body)),
  );

  app.get<IdParams>(
    "/api/homes/:id",
    {
      config: {
        openapi: {
          summary: "One home",
          description:
            "`address` is present only for its host, admins, and a member whose stay there is accepted (until a week after she leaves).",
          procedure: "homes.get",
          params: id("homes.get"),
          answer: json("The home."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).homes.get, { id: request.params.id }),
  );

  app.put<IdParams>(
    "/api/homes/:id",
    {
      config: {
        openapi: {
          summary: "Change a home (its host or an admin)",
          procedure: "homes.update",
          params: id("homes.update"),
          body: HOME_CHANGE.schema,
          answer: json("The home."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).homes.update, {
        ...HOME_CHANGE.from(request.body),
        id: request.params.id,
      }),
  );

  app.delete<IdParams>(
    "/api/homes/:id",
    {
      config: {
        openapi: {
          summary: "Withdraw a home (its host or an admin)",
          description: "Its pending and coming stays are cancelled, and their guests told.",
          procedure: "homes.delete",
          params: id("homes.delete"),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).homes.delete, { id: request.params.id }),
  );

  app.delete<{ Params: { id: string; mediaId: string } }>(
    "/api/homes/:id/photos/:mediaId",
    {
      config: {
        openapi: {
          summary: "Remove one of a home's photos (its host or an admin)",
          description:
            "Photos are added as uploads: POST /upload-media, or a resumable upload at /uploads, with `home_id`.",
          procedure: "homes.removePhoto",
          params: fieldsOf("homes.removePhoto", ["id", "mediaId"]),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).homes.removePhoto, {
        id: request.params.id,
        mediaId: request.params.mediaId,
      }),
  );

  app.post<IdParams>(
    "/api/homes/:id/blocks",
    {
      config: {
        openapi: {
          summary: "Block nights of a home (its host or an admin)",
          idempotent: true,
          description:
            "`{from, to}`, `to` the day after the last night. Refused where a stay or another block holds a night.",
          procedure: "homes.block",
          params: id("homes.block"),
          body: BLOCK.schema,
          answer: json("The home's blocks to come, and a message."),
          limits: "A block of at most 366 nights; at most 100 blocks to come.",
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).homes.block, { ...BLOCK.from(request.body), id: request.params.id }),
  );

  app.delete<{ Params: { id: string; blockId: string } }>(
    "/api/homes/:id/blocks/:blockId",
    {
      config: {
        openapi: {
          summary: "Free a block of a home's nights (its host or an admin)",
          procedure: "homes.unblock",
          params: fieldsOf("homes.unblock", ["id", "blockId"]),
          answer: json("The home's blocks to come, and a message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).homes.unblock, {
        id: request.params.id,
        blockId: request.params.blockId,
      }),
  );

  app.post<IdParams>(
    "/api/homes/:id/calendar-link",
    {
      config: {
        openapi: {
          summary: "A new calendar link to a home's taken nights (its host or an admin)",
          description:
            "For another site's calendar, to block the nights taken here. Shown once; the previous link stops working.",
          procedure: "homes.calendarLink",
          params: id("homes.calendarLink"),
          answer: json("The link, as https and webcal URLs, and a message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).homes.calendarLink, { id: request.params.id }),
  );

  // A home's calendar link: the secret in the URL is the credential (another site's calendar sends
  // no cookies). Its entries say "Reserved" and nothing else.
  app.get<{ Params: { file: string } }>(
    "/homes/calendar/:file",
    {
      config: {
        openapi: {
          summary: "A home's taken nights, for another site's calendar",
          description: '`<secret>.ics`: all-day entries, each "Reserved" only (no guest, no address).',
          procedure: "homes.calendarFeed",
          access: "calendar secret",
          params: z.object({ file: z.string().max(204).meta({ description: "The link's secret and `.ics`." }) }),
          answer: { kind: "calendar", description: "iCalendar; cached privately for 5 minutes." },
        },
      },
    },
    async (request, reply) => {
      const secret = request.params.file.replace(/\.ics$/i, "");
      const text = await call((await callerFor(deps, request, reply)).homes.calendarFeed, { secret });
      reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", 'inline; filename="reserved.ics"')
        .header("Cache-Control", "private, max-age=300");
      return text;
    },
  );

  app.put<IdParams>(
    "/api/homes/:id/availability",
    {
      config: {
        openapi: {
          summary: "Set a home's open windows",
          description:
            "`{windows:[{from,to}]}` replaces them all; `to` is the day after the last night. Overlapping and touching windows are joined.",
          procedure: "homes.setWindows",
          params: id("homes.setWindows"),
          body: WINDOWS.schema,
          answer: json("The windows as kept."),
          limits: "At most 100 windows.",
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).homes.setWindows, {
        ...WINDOWS.from(request.body),
        id: request.params.id,
      }),
  );

  app.post<IdParams>(
    "/api/homes/:id/stays",
    {
      config: {
        openapi: {
          summary: "Ask to stay in a home",
          idempotent: true,
          description:
            "Days in the home's own time zone, inside one open window, at most 60 nights; her price is kept on the stay as it is now.",
          procedure: "stays.request",
          params: id("stays.request", "homeId", "id"),
          body: STAY_REQUEST.schema,
          answer: json("`{id, status}`."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).stays.request, {
        ...STAY_REQUEST.from(request.body),
        homeId: request.params.id,
      }),
  );

  app.get(
    "/api/stays",
    {
      config: {
        openapi: {
          summary: "Her trips, and the requests and stays at her homes",
          procedure: "stays.list",
          answer: json("Up to 200 stays, latest arrival first."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).stays.list, {}),
  );

  for (const [act, procedure, fields] of [
    ["accept", "stays.accept", DECISION],
    ["decline", "stays.decline", DECISION],
    ["cancel", "stays.cancel", CANCELLATION],
  ] as const) {
    app.post<IdParams>(
      `/api/stays/:id/${act}`,
      {
        config: {
          openapi: {
            summary:
              act === "cancel"
                ? "Cancel a stay (its guest, its host or an admin), with a reason"
                : `${act === "accept" ? "Accept" : "Decline"} a request (its host or an admin)`,
            procedure,
            params: id(procedure),
            body: fields.schema,
            answer: json("A message."),
          },
        },
      },
      async (request, reply) => {
        const caller = await callerFor(deps, request, reply);
        const input = { ...fields.from(request.body), id: request.params.id };
        if (act === "cancel") return call(caller.stays.cancel, input);
        return call(act === "accept" ? caller.stays.accept : caller.stays.decline, input);
      },
    );
  }

  app.post<IdParams>(
    "/api/stays/:id/review",
    {
      config: {
        openapi: {
          summary: "Leave a note for the club about a stay (its guest, once it is over)",
          description: "`{text}`, up to 1,000 characters; one per stay, shown on the home's page.",
          procedure: "stays.review",
          params: id("stays.review"),
          body: REVIEW.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).stays.review, {
        ...REVIEW.from(request.body),
        id: request.params.id,
      }),
  );

  app.get<IdParams>(
    "/api/stays/:id/stay.ics",
    {
      config: {
        openapi: {
          summary: "One stay as a calendar file",
          description:
            "An all-day event from arrival to departure (DTEND exclusive); the address only while she may see it.",
          procedure: "stays.calendarFile",
          params: id("stays.calendarFile"),
          answer: { kind: "calendar", description: "iCalendar (RFC 5545), one VEVENT." },
        },
      },
    },
    async (request, reply) => {
      const file = await call((await callerFor(deps, request, reply)).stays.calendarFile, { id: request.params.id });
      reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", contentDisposition(file.filename))
        .header("Cache-Control", "private, no-store");
      return file.text;
    },
  );
}
