import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { callerFor, untrusted } from "./caller";
import { describeError } from "./errors";

type Caller = Awaited<ReturnType<typeof callerFor>>;

/** The spec's client shows these answers' text as it is, so they are plain text, errors included. */
function textRoute(deps: ContextDeps, fn: (caller: Caller, body: unknown) => Promise<{ message: string }>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.type("text/plain; charset=utf-8");
    try {
      const { message } = await fn(await callerFor(deps, request, reply), request.body);
      return message;
    } catch (err) {
      const { status, text, retryAfterSeconds } = describeError(err, request.log);
      if (retryAfterSeconds) reply.header("Retry-After", String(retryAfterSeconds));
      return reply.code(status).send(text);
    }
  };
}

/** Invitation codes, applications, registration and password reset (SPEC.md section 7). */
export async function membershipRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.post("/api/validate-code", async (request, reply) =>
    (await callerFor(deps, request, reply)).invitationCodes.validate(untrusted(request.body)),
  );

  app.post("/request", async (request, reply) =>
    (await callerFor(deps, request, reply)).applications.submit(untrusted(request.body)),
  );

  app.get("/api/applications", async (request, reply) => (await callerFor(deps, request, reply)).applications.list());

  app.patch<{ Params: { id: string } }>("/api/applications/:id/status", async (request, reply) => {
    const body = (request.body ?? {}) as { accepted?: unknown };
    return (await callerFor(deps, request, reply)).applications.setStatus(
      untrusted({ id: request.params.id, accepted: body.accepted }),
    );
  });

  app.get<{ Params: { token: string } }>("/api/register/validate-token/:token", async (request, reply) =>
    (await callerFor(deps, request, reply)).registration.validateToken({ token: request.params.token }),
  );

  app.post("/api/register", async (request, reply) =>
    (await callerFor(deps, request, reply)).registration.register(untrusted(request.body)),
  );

  app.post(
    "/forgot-password",
    textRoute(deps, (caller, body) => caller.passwordReset.request(untrusted(body))),
  );
  app.post(
    "/reset-password",
    textRoute(deps, (caller, body) => caller.passwordReset.reset(untrusted(body))),
  );
}
