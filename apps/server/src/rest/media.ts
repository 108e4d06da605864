import { commentSchema, mediaItemSchema } from "@club/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { fieldsOf, id, json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, keptAnswerOf, linkNext, pick, restFields } from "./caller";

type IdParams = { Params: { id: string } };

/** The most items one answer of GET /api/media carries (docs/operating.md, "Limits", says so). */
export const MEDIA_LIST_MAX = 1000;
const PAGE = 200;

/**
 * A change of a media item or an image. The spec's client sends the whole media object; only these
 * fields are changeable. The event may also come under the spec's snake_case name, which the
 * document describes as the same field.
 */
function mediaChange(procedure: "media.update" | "images.update") {
  const fields = restFields(procedure, ["description", "tags", "name", "associatedEventId"]);
  return {
    schema: fields.schema.extend({ associated_event_id: fields.schema.shape.associatedEventId }),
    from(body: unknown) {
      const { description, tags, name, associatedEventId } = fields.from(body);
      const { associated_event_id } = pick(body, ["associated_event_id"]);
      return {
        description,
        tags,
        name,
        associatedEventId: associatedEventId !== undefined ? associatedEventId || null : associated_event_id,
      };
    },
  };
}
const MEDIA_CHANGE = mediaChange("media.update");
const IMAGE_CHANGE = mediaChange("images.update");
const MEDIA_DELETION = restFields("media.delete", ["media"]);
const NEW_COMMENT = restFields("comments.create", ["content", "commentableId"]);
const COMMENT_EDIT = restFields("comments.update", ["content"]);

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
          body: MEDIA_CHANGE.schema,
          answer: json("The media item."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).media.update, {
        id: request.params.id,
        ...MEDIA_CHANGE.from(request.body),
      }),
  );

  app.post(
    "/api/delete-media",
    {
      config: {
        openapi: {
          summary: "Delete media items",
          procedure: "media.delete",
          body: MEDIA_DELETION.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).media.delete, MEDIA_DELETION.from(request.body)),
  );

  app.post<IdParams>(
    "/api/media/:id/like",
    {
      config: {
        openapi: {
          summary: "Like a photo or video",
          procedure: "media.like",
          params: id("media.like"),
          answer: json("The like count."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).media.like, { id: request.params.id }),
  );

  app.delete<IdParams>(
    "/api/media/:id/unlike",
    {
      config: {
        openapi: {
          summary: "Take a like on a photo or video back",
          procedure: "media.unlike",
          params: id("media.unlike"),
          answer: json("The like count."),
        },
      },
    },
    async (request, reply) => call((await callerFor(deps, request, reply)).media.unlike, { id: request.params.id }),
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
          body: IMAGE_CHANGE.schema,
          answer: json("The image."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).images.update, {
        id: request.params.image,
        ...IMAGE_CHANGE.from(request.body),
      }),
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
          idempotent: true,
          procedure: "comments.create",
          body: NEW_COMMENT.schema,
          answer: json("The comment."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).comments.create, NEW_COMMENT.from(request.body)),
  );

  app.put<IdParams>(
    "/api/comments/:id",
    {
      config: {
        openapi: {
          summary: "Edit one's comment",
          procedure: "comments.update",
          params: id("comments.update"),
          body: COMMENT_EDIT.schema,
          answer: json("The comment."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).comments.update, {
        id: request.params.id,
        ...COMMENT_EDIT.from(request.body),
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
