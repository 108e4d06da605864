import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { callerFor, untrusted } from "./caller";

/** The spec's account URLs (SPEC.md section 7, "Session and account"). */
export async function authRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get("/auth-status", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return (await callerFor(deps, request, reply)).auth.status();
  });

  app.post("/login", async (request, reply) => {
    const { user } = await (await callerFor(deps, request, reply)).auth.login(untrusted(request.body));
    return { message: "Login successful", user };
  });

  app.post("/logout", async (request, reply) => (await callerFor(deps, request, reply)).auth.logout());

  app.get("/user-details", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return (await callerFor(deps, request, reply)).auth.me();
  });

  app.post("/update-user", async (request, reply) =>
    (await callerFor(deps, request, reply)).auth.updateUser(untrusted(request.body)),
  );

  app.post("/update-password", async (request, reply) =>
    (await callerFor(deps, request, reply)).auth.updatePassword(untrusted(request.body)),
  );
}
