import type { RouterInputs } from "@club/api";
import { LIST_MAX } from "@club/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, linkNext, offsetOf, pick } from "./caller";

type Caller = Awaited<ReturnType<typeof callerFor>>;

/**
 * The spec's client shows these answers' text as it is, so they are plain text, refusals included
 * (`plainTextErrors`: the error handler answers them in words alone).
 */
function textRoute(deps: ContextDeps, fn: (caller: Caller, body: unknown) => Promise<{ message: string }>) {
  return {
    config: { plainTextErrors: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { message } = await fn(await callerFor(deps, request, reply), request.body);
      return reply.type("text/plain; charset=utf-8").send(message);
    },
  };
}

/** The application form's fields (SPEC.md section 3, "Application submission payload"). */
export const APPLICATION_FIELDS = [
  "invitationCode",
  "full_name",
  "email",
  "phone",
  "reason",
  "interests",
  "availability",
  "referral",
  "comments",
  "membershipType",
  "propertyAddress",
  "propertyType",
  "propertyDescription",
  "propertyAvailability",
] as const satisfies readonly (keyof RouterInputs["applications"]["submit"])[];

/** Invitation codes, applications, registration and password reset (SPEC.md section 7). */
export async function membershipRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.post("/api/validate-code", async (request, reply) =>
    call((await callerFor(deps, request, reply)).invitationCodes.validate, pick(request.body, ["code"])),
  );

  app.post("/request", async (request, reply) =>
    call((await callerFor(deps, request, reply)).applications.submit, pick(request.body, APPLICATION_FIELDS)),
  );

  // Newest first, up to LIST_MAX; a Link header (`?offset=`) says where older ones start.
  app.get("/api/applications", async (request, reply) => {
    const offset = offsetOf(request.query);
    const list = await (await callerFor(deps, request, reply)).applications.list({ offset, limit: LIST_MAX });
    if (list.length === LIST_MAX) linkNext(reply, "/api/applications", { offset: String(offset + LIST_MAX) });
    return list;
  });

  app.patch<{ Params: { id: string } }>("/api/applications/:id/status", async (request, reply) =>
    call((await callerFor(deps, request, reply)).applications.setStatus, {
      id: request.params.id,
      accepted: pick(request.body, ["accepted"]).accepted,
    }),
  );

  app.get<{ Params: { token: string } }>("/api/register/validate-token/:token", async (request, reply) =>
    call((await callerFor(deps, request, reply)).registration.validateToken, { token: request.params.token }),
  );

  app.post("/api/register", async (request, reply) =>
    call(
      (await callerFor(deps, request, reply)).registration.register,
      pick(request.body, ["token", "password", "name", "type"]),
    ),
  );

  app.post(
    "/forgot-password",
    textRoute(deps, (caller, body) => call(caller.passwordReset.request, pick(body, ["email"]))),
  );
  app.post(
    "/reset-password",
    textRoute(deps, (caller, body) => call(caller.passwordReset.reset, pick(body, ["token", "newPassword"]))),
  );
}
