import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, pick } from "./caller";

/** The spec's account URLs (SPEC.md section 7, "Session and account"). */
export async function authRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get("/auth-status", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return (await callerFor(deps, request, reply)).auth.status();
  });

  app.post("/login", async (request, reply) => {
    const caller = await callerFor(deps, request, reply);
    const { user } = await call(caller.auth.login, pick(request.body, ["email", "password"]));
    return { message: "Login successful", user };
  });

  app.post("/logout", async (request, reply) => (await callerFor(deps, request, reply)).auth.logout());

  app.get("/user-details", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return (await callerFor(deps, request, reply)).auth.me();
  });

  app.post("/update-user", async (request, reply) =>
    call((await callerFor(deps, request, reply)).auth.updateUser, pick(request.body, ["name", "type", "admin"])),
  );

  app.post("/update-password", async (request, reply) =>
    call(
      (await callerFor(deps, request, reply)).auth.updatePassword,
      pick(request.body, ["oldPassword", "newPassword"]),
    ),
  );
}
