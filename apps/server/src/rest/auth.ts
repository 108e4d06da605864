import { authLoginAnswer } from "@club/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { fieldsOf, json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, pick } from "./caller";

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
          body: fieldsOf("auth.login", ["email", "password"]),
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
      const { user } = await call(caller.auth.login, pick(request.body, ["email", "password"]));
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
          body: fieldsOf("auth.updateUser", ["name", "type", "admin"]),
          answer: json("The updated member."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).auth.updateUser, pick(request.body, ["name", "type", "admin"])),
  );

  app.post(
    "/update-password",
    {
      config: {
        openapi: {
          summary: "Change one's password",
          procedure: "auth.updatePassword",
          body: fieldsOf("auth.updatePassword", ["oldPassword", "newPassword"]),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call(
        (await callerFor(deps, request, reply)).auth.updatePassword,
        pick(request.body, ["oldPassword", "newPassword"]),
      ),
  );
}
