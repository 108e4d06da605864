import { authLoginAnswer } from "@club/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, restFields } from "./caller";

const LOGIN = restFields("auth.login", ["email", "password"]);
const USER_CHANGE = restFields("auth.updateUser", ["name", "type", "admin"]);
const PASSWORD_CHANGE = restFields("auth.updatePassword", ["oldPassword", "newPassword"]);

/** The spec's account URLs (SPEC.md section 7, "Session and account"). */
export async function authRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get(
    "/auth-status",
    {
      config: {
        openapi: { summary: "Who is signed in", procedure: "auth.status", answer: json("The session's state.") },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return (await callerFor(deps, request, reply)).auth.status();
    },
  );

  app.post(
    "/login",
    {
      config: {
        openapi: {
          summary: "Sign in",
          procedure: "auth.login",
          body: LOGIN.schema,
          answer: json(
            '`{"message":"Login successful","user":{…}}`; sets the session cookie.',
            authLoginAnswer.extend({ message: z.literal("Login successful") }),
          ),
          limits:
            "Wrong passwords are throttled per address, per account and per device (see the document's description).",
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const { user } = await call(caller.auth.login, LOGIN.from(request.body));
      return { message: "Login successful", user };
    },
  );

  app.post(
    "/logout",
    {
      config: {
        openapi: { summary: "Sign out", procedure: "auth.logout", answer: json("Clears the session cookie.") },
      },
    },
    async (request, reply) => (await callerFor(deps, request, reply)).auth.logout(),
  );

  app.get(
    "/user-details",
    { config: { openapi: { summary: "The signed-in member", procedure: "auth.me", answer: json("Her details.") } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return (await callerFor(deps, request, reply)).auth.me();
    },
  );

  app.post(
    "/update-user",
    {
      config: {
        openapi: {
          summary: "Change one's name (and, for admins, member type)",
          procedure: "auth.updateUser",
          body: USER_CHANGE.schema,
          answer: json("The updated member."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).auth.updateUser, USER_CHANGE.from(request.body)),
  );

  app.post(
    "/update-password",
    {
      config: {
        openapi: {
          summary: "Change one's password",
          procedure: "auth.updatePassword",
          body: PASSWORD_CHANGE.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).auth.updatePassword, PASSWORD_CHANGE.from(request.body)),
  );
}
