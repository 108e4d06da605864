import { AUDIT_EXPORT_PAGE, auditRecords } from "@club/api";
import { LIST_MAX } from "@club/shared";
import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance } from "fastify";
import type { ContextDeps } from "../plugins/trpc";
import { auditCsv } from "./audit-csv";
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

  // The audit log as CSV, with the Admin Panel's filters (?actor=&kind=&from=&to=): admins only,
  // refused before the first line; streamed, as the log only grows.
  app.get("/api/admin/audit.csv", async (request, reply) => {
    const caller = await callerFor(deps, request, reply);
    const filter = pick(request.query, ["actor", "kind", "from", "to"]);
    const records = await auditRecords((before) =>
      call(caller.audit.list, { ...filter, before, limit: AUDIT_EXPORT_PAGE }),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", contentDisposition(`audit-log-${day}.csv`))
      .header("Cache-Control", "private, no-store")
      .send(auditCsv(records, request.log));
  });
}
