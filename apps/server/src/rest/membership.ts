import { LIST_MAX } from "@club/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { id, json, offsetQuery, type RestOperation } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, linkNext, offsetOf, restFields } from "./caller";

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

const CODE = restFields("invitationCodes.validate", ["code"]);
/** The application form's fields (SPEC.md section 3, "Application submission payload"). */
const APPLICATION = restFields("applications.submit", [
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
]);
const DECISION = restFields("applications.setStatus", ["accepted"]);
const REGISTRATION = restFields("registration.register", ["token", "password", "name", "type"]);
const RESET_REQUEST = restFields("passwordReset.request", ["email"]);
const RESET = restFields("passwordReset.reset", ["token", "newPassword"]);

/** Invitation codes, applications, registration and password reset (SPEC.md section 7). */
export async function membershipRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.post(
    "/api/validate-code",
    {
      config: {
        openapi: {
          summary: "Check an invitation code",
          procedure: "invitationCodes.validate",
          body: CODE.schema,
          answer: json("Whether the code may be used."),
          limits: "Wrong codes are throttled per address.",
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).invitationCodes.validate, CODE.from(request.body)),
  );

  app.post(
    "/request",
    {
      config: {
        openapi: {
          summary: "Apply for membership",
          procedure: "applications.submit",
          body: APPLICATION.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).applications.submit, APPLICATION.from(request.body)),
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
          body: DECISION.schema,
          answer: json("The application."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).applications.setStatus, {
        id: request.params.id,
        ...DECISION.from(request.body),
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
          body: REGISTRATION.schema,
          answer: json("A message; the browser is signed in as the new member (the session cookie is set)."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).registration.register, REGISTRATION.from(request.body)),
  );

  app.post(
    "/forgot-password",
    textRoute(
      deps,
      {
        summary: "Ask for a password-reset link",
        procedure: "passwordReset.request",
        body: RESET_REQUEST.schema,
        answer: { kind: "text", description: "A message to show as it is." },
        textErrors: true,
      },
      (caller, body) => call(caller.passwordReset.request, RESET_REQUEST.from(body)),
    ),
  );
  app.post(
    "/reset-password",
    textRoute(
      deps,
      {
        summary: "Choose a new password with a reset link",
        procedure: "passwordReset.reset",
        body: RESET.schema,
        answer: { kind: "text", description: "A message to show as it is." },
        textErrors: true,
      },
      (caller, body) => call(caller.passwordReset.reset, RESET.from(body)),
    ),
  );
}
