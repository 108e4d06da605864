import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { callerFor, untrusted } from "./caller";

type IdParams = { Params: { id: string } };
const bodyOf = (body: unknown) => (body && typeof body === "object" ? body : {}) as Record<string, unknown>;

/** The spec's event URLs (SPEC.md section 7, "Events"). */
export async function eventRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get<{ Querystring: { search?: string; sort?: string } }>("/api/events", async (request, reply) => {
    const { search, sort } = request.query;
    return (await callerFor(deps, request, reply)).events.list(untrusted({ search, sort }));
  });

  app.post("/api/events", async (request, reply) =>
    (await callerFor(deps, request, reply)).events.create(untrusted(request.body)),
  );

  app.get<IdParams>("/api/events/:id", async (request, reply) =>
    (await callerFor(deps, request, reply)).events.get({ id: request.params.id }),
  );

  // The spec's edit payload names the date `date`; the create payload names it `event_date`.
  app.put<IdParams>("/api/events/:id", async (request, reply) => {
    const { date, ...rest } = bodyOf(request.body);
    return (await callerFor(deps, request, reply)).events.update(
      untrusted({ ...rest, event_date: rest.event_date ?? date, id: request.params.id }),
    );
  });

  app.delete<IdParams>("/api/events/:id", async (request, reply) =>
    (await callerFor(deps, request, reply)).events.delete(untrusted({ id: request.params.id })),
  );

  app.post<IdParams>("/api/events/:id/join", async (request, reply) =>
    (await callerFor(deps, request, reply)).events.join({ id: request.params.id }),
  );

  app.delete<IdParams>("/api/events/:id/leave", async (request, reply) =>
    (await callerFor(deps, request, reply)).events.leave({ id: request.params.id }),
  );

  app.post("/api/events/send-confirmation", async (request, reply) =>
    (await callerFor(deps, request, reply)).events.sendConfirmation(untrusted(request.body)),
  );

  app.post("/api/events/invite", async (request, reply) =>
    (await callerFor(deps, request, reply)).events.invite(untrusted(request.body)),
  );

  // A GET that changes state, as the spec has it: the single-use token bound to its invitee guards it.
  app.get<{ Params: { token: string } }>("/api/events/invite/:token", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return (await callerFor(deps, request, reply)).events.acceptInvite({ token: request.params.token });
  });
}
