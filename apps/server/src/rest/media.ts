import { commentSchema, mediaItemSchema } from "@club/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { fieldsOf, id, json, objectInput } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, keptAnswerOf, linkNext, pick } from "./caller";

type IdParams = { Params: { id: string } };

/** The most items one answer of GET /api/media carries (docs/operating.md, "Limits", says so). */
export const MEDIA_LIST_MAX = 1000;
const PAGE = 200;

/** The spec's client sends the whole media object; only these fields are changeable. */
export const MEDIA_CHANGE_FIELDS = ["description", "tags", "name", "associatedEventId", "associated_event_id"] as const;

/** The document's fields of a media item's change: the spec's names, the event's as a uuid. */
const mediaChangeFields = (path: string) =>
  fieldsOf(
    path,
    MEDIA_CHANGE_FIELDS.filter((k) => k !== "associated_event_id"),
  ).extend({
    associated_event_id: objectInput(path).shape.associatedEventId as z.ZodType,
  });

function mediaChanges(id: string, body: unknown) {
  const { description, tags, name, associatedEventId, associated_event_id } = pick(body, MEDIA_CHANGE_FIELDS);
  return {
    id,
    description,
    tags,
    name,
    associatedEventId: associatedEventId !== undefined ? associatedEventId || null : associated_event_id,
  };
}

/** Media, event images and comments (SPEC.md section 7). */
export async function mediaRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  // The spec's answer is the whole list. It is gathered a page at a time up to MEDIA_LIST_MAX
  // items, newest first, so that no request can take seconds and hundreds of megabytes; past that,
  // a `Link: <…&cursor=…>; rel="next"` header says where the rest starts.
  app.get<{ Querystring: { tag?: string; eventId?: string; cursor?: string } }>(
    "/api/media",
    {
      config: {
        ...keptAnswerOf("media.list"),
        openapi: {
          summary: "The gallery, newest first",
          procedure: "media.list",
          query: fieldsOf("media.list", ["tag", "eventId", "cursor"]),
          answer: json(
            `Up to ${MEDIA_LIST_MAX} items; a \`Link: <…&cursor=…>; rel="next"\` header leads to the rest.`,
            z.array(mediaItemSchema),
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const { tag, eventId } = request.query;
      const all = [];
      let cursor = request.query.cursor;
      do {
        const limit = Math.min(PAGE, MEDIA_LIST_MAX - all.length);
        const page = await call(caller.media.list, { tag, eventId, cursor, limit });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && all.length < MEDIA_LIST_MAX);
      if (cursor) linkNext(reply, "/api/media", { tag, eventId, cursor });
      return all;
    },
  );

  app.put<IdParams>(
    "/api/media/:id",
    {
      config: {
        openapi: {
          summary: "Change a media item's name, description, tags or event",
          procedure: "media.update",
          params: id("media.update"),
          body: mediaChangeFields("media.update"),
          answer: json("The media item."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).media.update, mediaChanges(request.params.id, request.body)),
  );

  app.post(
    "/api/delete-media",
    {
      config: {
        openapi: {
          summary: "Delete media items",
          procedure: "media.delete",
          body: fieldsOf("media.delete", ["media"]),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).media.delete, pick(request.body, ["media"])),
  );

  app.get<{ Params: { eventId: string } }>(
    "/api/images/event/:eventId",
    {
      config: {
        ...keptAnswerOf("images.byEvent"),
        openapi: {
          summary: "An event's images",
          procedure: "images.byEvent",
          params: id("images.byEvent", "eventId"),
          answer: json("The images."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).images.byEvent, { eventId: request.params.eventId }),
  );

  // One parameter name for both (the OpenAPI document's path is one): the id here, the title below.
  app.put<{ Params: { image: string } }>(
    "/api/images/:image",
    {
      config: {
        // One parameter name for both methods of /api/images/…: the id for a change, the title for a
        // read (OpenAPI refuses two paths that differ only in a parameter's name).
        openapi: {
          summary: "Change an image's description or event",
          procedure: "images.update",
          params: id("images.update", "id", "image"),
          body: mediaChangeFields("images.update"),
          answer: json("The image."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).images.update, mediaChanges(request.params.image, request.body)),
  );

  app.get<{ Params: { image: string } }>(
    "/api/images/:image",
    {
      config: {
        ...keptAnswerOf("images.byTitle"),
        openapi: {
          summary: "An image by its title",
          procedure: "images.byTitle",
          params: id("images.byTitle", "title", "image"),
          answer: json("The image."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).images.byTitle, { title: request.params.image }),
  );

  // Newest first, at most COMMENTS_PAGE_MAX per answer; a Link header says where older ones start.
  app.get<{ Querystring: { commentableId?: string; cursor?: string } }>(
    "/api/comments",
    {
      config: {
        ...keptAnswerOf("comments.page"),
        openapi: {
          summary: "Comments of an event or media item, newest first",
          procedure: "comments.page",
          query: fieldsOf("comments.page", ["commentableId", "cursor"]),
          answer: json(
            'One page; a `Link: <…&cursor=…>; rel="next"` header leads to older ones.',
            z.array(commentSchema),
          ),
        },
      },
    },
    async (request, reply) => {
      const { commentableId, cursor } = request.query;
      const page = await call((await callerFor(deps, request, reply)).comments.page, { commentableId, cursor });
      if (page.nextCursor) linkNext(reply, "/api/comments", { commentableId, cursor: page.nextCursor });
      return page.items;
    },
  );

  app.post(
    "/api/comments",
    {
      config: {
        openapi: {
          summary: "Comment",
          procedure: "comments.create",
          body: fieldsOf("comments.create", ["content", "commentableId"]),
          answer: json("The comment."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).comments.create, pick(request.body, ["content", "commentableId"])),
  );

  app.put<IdParams>(
    "/api/comments/:id",
    {
      config: {
        openapi: {
          summary: "Edit one's comment",
          procedure: "comments.update",
          params: id("comments.update"),
          body: fieldsOf("comments.update", ["content"]),
          answer: json("The comment."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).comments.update, {
        id: request.params.id,
        content: pick(request.body, ["content"]).content,
      }),
  );

  app.delete<IdParams>(
    "/api/comments/:id",
    {
      config: {
        openapi: {
          summary: "Delete a comment",
          procedure: "comments.delete",
          params: id("comments.delete"),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).comments.delete, { id: request.params.id }),
  );

  app.post<IdParams>(
    "/api/comments/:id/like",
    {
      config: {
        openapi: {
          summary: "Like a comment",
          procedure: "comments.like",
          params: id("comments.like"),
          answer: json("The like count."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).comments.like, { id: request.params.id }),
  );

  app.delete<IdParams>(
    "/api/comments/:id/unlike",
    {
      config: {
        openapi: {
          summary: "Take a like back",
          procedure: "comments.unlike",
          params: id("comments.unlike"),
          answer: json("The like count."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).comments.unlike, { id: request.params.id }),
  );
}
