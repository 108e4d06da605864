import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, pick } from "./caller";

type IdParams = { Params: { id: string } };

/** The spec's client sends the whole media object; only these fields are changeable. */
function mediaChanges(id: string, body: unknown) {
  const { description, tags, name, associatedEventId, associated_event_id } = pick(body, [
    "description",
    "tags",
    "name",
    "associatedEventId",
    "associated_event_id",
  ]);
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
  app.get<{ Querystring: { tag?: string; eventId?: string } }>("/api/media", async (request, reply) => {
    const caller = await callerFor(deps, request, reply);
    // The spec's answer is the whole list: gather the pages.
    const all = [];
    let cursor: string | undefined;
    do {
      const page = await call(caller.media.list, {
        tag: request.query.tag,
        eventId: request.query.eventId,
        cursor,
        limit: 200,
      });
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  });

  app.put<IdParams>("/api/media/:id", async (request, reply) =>
    call((await callerFor(deps, request, reply)).media.update, mediaChanges(request.params.id, request.body)),
  );

  app.post("/api/delete-media", async (request, reply) =>
    call((await callerFor(deps, request, reply)).media.delete, pick(request.body, ["media"])),
  );

  app.get<{ Params: { eventId: string } }>("/api/images/event/:eventId", async (request, reply) =>
    call((await callerFor(deps, request, reply)).images.byEvent, { eventId: request.params.eventId }),
  );

  app.put<IdParams>("/api/images/:id", async (request, reply) =>
    call((await callerFor(deps, request, reply)).images.update, mediaChanges(request.params.id, request.body)),
  );

  app.get<{ Params: { title: string } }>("/api/images/:title", async (request, reply) =>
    call((await callerFor(deps, request, reply)).images.byTitle, { title: request.params.title }),
  );

  app.get<{ Querystring: { commentableId?: string } }>("/api/comments", async (request, reply) =>
    call((await callerFor(deps, request, reply)).comments.list, { commentableId: request.query.commentableId }),
  );

  app.post("/api/comments", async (request, reply) =>
    call((await callerFor(deps, request, reply)).comments.create, pick(request.body, ["content", "commentableId"])),
  );

  app.put<IdParams>("/api/comments/:id", async (request, reply) =>
    call((await callerFor(deps, request, reply)).comments.update, {
      id: request.params.id,
      content: pick(request.body, ["content"]).content,
    }),
  );

  app.delete<IdParams>("/api/comments/:id", async (request, reply) =>
    call((await callerFor(deps, request, reply)).comments.delete, { id: request.params.id }),
  );

  app.post<IdParams>("/api/comments/:id/like", async (request, reply) =>
    call((await callerFor(deps, request, reply)).comments.like, { id: request.params.id }),
  );

  app.delete<IdParams>("/api/comments/:id/unlike", async (request, reply) =>
    call((await callerFor(deps, request, reply)).comments.unlike, { id: request.params.id }),
  );
}
