import type { RouterInputs } from "@club/api";
import { LIST_MAX } from "@club/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fieldsOf, id, json, offsetQuery, type RestOperation } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, linkNext, offsetOf, pick } from "./caller";

type Caller = Awaited<ReturnType<typeof callerFor>>;

/**
 * The spec's client shows these answers' text as it is, so they are plain text, refusals included
 * (`plainTextErrors`: the error handler answers them in words alone).
 */
function textRoute(
  deps: ContextDeps,
  openapi: RestOperation,
  fn: (caller: Caller, body: unknown) => Promise<{ message: string }>,
) {
  return {
    config: { plainTextErrors: true, openapi },
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
  app.post(
    "/api/validate-code",
    {
      config: {
        openapi: {
          summary: "Check an invitation code",
          procedure: "invitationCodes.validate",
          body: fieldsOf("invitationCodes.validate", ["code"]),
          answer: json("Whether the code may be used."),
          limits: "Wrong codes are throttled per address.",
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).invitationCodes.validate, pick(request.body, ["code"])),
  );

  app.post(
    "/request",
    {
      config: {
        openapi: {
          summary: "Apply for membership",
          procedure: "applications.submit",
          body: fieldsOf("applications.submit", APPLICATION_FIELDS),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).applications.submit, pick(request.body, APPLICATION_FIELDS)),
  );

  // Newest first, up to LIST_MAX; a Link header (`?offset=`) says where older ones start.
  app.get(
    "/api/applications",
    {
      config: {
        openapi: {
          summary: "Applications, newest first",
          procedure: "applications.list",
          query: offsetQuery,
          answer: json(`Up to ${LIST_MAX}; a \`Link: <…?offset=…>; rel="next"\` header leads to the rest.`),
        },
      },
    },
    async (request, reply) => {
      const offset = offsetOf(request.query);
      const list = await (await callerFor(deps, request, reply)).applications.list({ offset, limit: LIST_MAX });
      if (list.length === LIST_MAX) linkNext(reply, "/api/applications", { offset: String(offset + LIST_MAX) });
      return list;
    },
  );

  app.patch<{ Params: { id: string } }>(
    "/api/applications/:id/status",
    {
      config: {
        openapi: {
          summary: "Accept or decline an application",
          procedure: "applications.setStatus",
          params: id("applications.setStatus"),
          body: fieldsOf("applications.setStatus", ["accepted"]),
          answer: json("The application."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).applications.setStatus, {
        id: request.params.id,
        accepted: pick(request.body, ["accepted"]).accepted,
      }),
  );

  app.get<{ Params: { token: string } }>(
    "/api/register/validate-token/:token",
    {
      config: {
        openapi: {
          summary: "Check a registration link",
          procedure: "registration.validateToken",
          params: id("registration.validateToken", "token"),
          answer: json("Whether the link may be used, and for whom."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).registration.validateToken, { token: request.params.token }),
  );

  app.post(
    "/api/register",
    {
      config: {
        openapi: {
          summary: "Register with a registration link",
          procedure: "registration.register",
          body: fieldsOf("registration.register", ["token", "password", "name", "type"]),
          answer: json("A message; the browser is signed in as the new member (the session cookie is set)."),
        },
      },
    },
    async (request, reply) =>
      call(
        (await callerFor(deps, request, reply)).registration.register,
        pick(request.body, ["token", "password", "name", "type"]),
      ),
  );

  app.post(
    "/forgot-password",
    textRoute(
      deps,
      {
        summary: "Ask for a password-reset link",
        procedure: "passwordReset.request",
        body: fieldsOf("passwordReset.request", ["email"]),
        answer: { kind: "text", description: "A message to show as it is." },
        textErrors: true,
      },
      (caller, body) => call(caller.passwordReset.request, pick(body, ["email"])),
    ),
  );
  app.post(
    "/reset-password",
    textRoute(
      deps,
      {
        summary: "Choose a new password with a reset link",
        procedure: "passwordReset.reset",
        body: fieldsOf("passwordReset.reset", ["token", "newPassword"]),
        answer: { kind: "text", description: "A message to show as it is." },
        textErrors: true,
      },
      (caller, body) => call(caller.passwordReset.reset, pick(body, ["token", "newPassword"])),
    ),
  );
}
