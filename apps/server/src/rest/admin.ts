import { LIST_MAX } from "@club/shared";
import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, linkNext, offsetOf, pick } from "./caller";

type UserParams = { Params: { user_id: string } };

/** Members and group e-mail (SPEC.md section 7, "Applications and administration"). */
export async function adminRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  // The whole list, as the spec's client expects, up to LIST_MAX members (by name); a Link header
  // (`?offset=`) says where the rest starts.
  app.get("/api/users", async (request, reply) => {
    const offset = offsetOf(request.query);
    const users = await (await callerFor(deps, request, reply)).users.list({ offset, limit: LIST_MAX });
    if (users.length === LIST_MAX) linkNext(reply, "/api/users", { offset: String(offset + LIST_MAX) });
    return users;
  });

  app.put<UserParams>("/api/users/:user_id/privilege", async (request, reply) =>
    call((await callerFor(deps, request, reply)).users.setPrivilege, {
      userId: request.params.user_id,
      type: pick(request.body, ["type"]).type,
    }),
  );

  // The spec's client sends {password}; the server always uses TEMP_PASSWORD and ignores it.
  app.put<UserParams>("/api/users/:user_id/reset-password-to-temp", async (request, reply) =>
    call((await callerFor(deps, request, reply)).users.resetPasswordToTemp, { userId: request.params.user_id }),
  );

  app.put<UserParams>("/api/users/:user_id/testing-team", async (request, reply) =>
    call((await callerFor(deps, request, reply)).users.setTestingTeam, {
      userId: request.params.user_id,
      testingTeam: pick(request.body, ["testingTeam"]).testingTeam,
    }),
  );

  app.get("/api/admin/get-members", async (request, reply) =>
    (await callerFor(deps, request, reply)).adminMail.members(),
  );

  app.post("/api/admin/send-email", async (request, reply) =>
    call(
      (await callerFor(deps, request, reply)).adminMail.send,
      pick(request.body, ["subject", "body", "recipientGroup", "selectedMemberIds"]),
    ),
  );
}
