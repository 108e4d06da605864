import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { callerFor, untrusted } from "./caller";

type IdParams = { Params: { id: string } };
const bodyOf = (body: unknown) => (body && typeof body === "object" ? body : {}) as Record<string, unknown>;

/** The spec's client sends the whole media object; only these fields are changeable. */
function mediaChanges(id: string, body: Record<string, unknown>) {
  return {
    id,
    description: body.description,
    tags: body.tags,
    name: body.name,
    associatedEventId: body.associatedEventId !== undefined ? body.associatedEventId || null : body.associated_event_id,
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
      const page = await caller.media.list(
        untrusted({ tag: request.query.tag, eventId: request.query.eventId, cursor, limit: 200 }),
      );
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  });

  app.put<IdParams>("/api/media/:id", async (request, reply) =>
    (await callerFor(deps, request, reply)).media.update(
      untrusted(mediaChanges(request.params.id, bodyOf(request.body))),
    ),
  );

  app.post("/api/delete-media", async (request, reply) =>
    (await callerFor(deps, request, reply)).media.delete(untrusted({ media: bodyOf(request.body).media })),
  );

  app.get<{ Params: { eventId: string } }>("/api/images/event/:eventId", async (request, reply) =>
    (await callerFor(deps, request, reply)).images.byEvent(untrusted({ eventId: request.params.eventId })),
  );

  app.put<IdParams>("/api/images/:id", async (request, reply) =>
    (await callerFor(deps, request, reply)).images.update(
      untrusted(mediaChanges(request.params.id, bodyOf(request.body))),
    ),
  );

  app.get<{ Params: { title: string } }>("/api/images/:title", async (request, reply) =>
    (await callerFor(deps, request, reply)).images.byTitle(untrusted({ title: request.params.title })),
  );

  app.get<{ Querystring: { commentableId?: string } }>("/api/comments", async (request, reply) =>
    (await callerFor(deps, request, reply)).comments.list(untrusted({ commentableId: request.query.commentableId })),
  );

  app.post("/api/comments", async (request, reply) =>
    (await callerFor(deps, request, reply)).comments.create(untrusted(request.body)),
  );

  app.put<IdParams>("/api/comments/:id", async (request, reply) =>
    (await callerFor(deps, request, reply)).comments.update(
      untrusted({ id: request.params.id, content: bodyOf(request.body).content }),
    ),
  );

  app.delete<IdParams>("/api/comments/:id", async (request, reply) =>
    (await callerFor(deps, request, reply)).comments.delete(untrusted({ id: request.params.id })),
  );

  app.post<IdParams>("/api/comments/:id/like", async (request, reply) =>
    (await callerFor(deps, request, reply)).comments.like(untrusted({ id: request.params.id })),
  );

  app.delete<IdParams>("/api/comments/:id/unlike", async (request, reply) =>
    (await callerFor(deps, request, reply)).comments.unlike(untrusted({ id: request.params.id })),
  );
}
