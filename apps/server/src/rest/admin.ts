import { AUDIT_EXPORT_PAGE, auditRecords, RETENTION_DAYS } from "@club/api";
import { LIST_MAX } from "@club/shared";
import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance } from "fastify";
import { id, json, offsetQuery } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { auditCsv } from "./audit-csv";
import { call, callerFor, linkNext, linkNextChanges, offsetOf, restFields } from "./caller";

type UserParams = { Params: { user_id: string } };

const PRIVILEGE = restFields("users.setPrivilege", ["type"]);
const TESTING_TEAM = restFields("users.setTestingTeam", ["testingTeam"]);
const GROUP_MAIL = restFields("adminMail.send", ["subject", "body", "recipientGroup", "selectedMemberIds"]);
const AUDIT_FILTERS = restFields("audit.list", ["actor", "kind", "from", "to"]);
/** A sync's asks: what changed since a moment, and who went. */
const CHANGED_MEMBERS = restFields("users.list", ["updated_since", "after"]);
const DELETED_MEMBERS = restFields("users.deleted", ["since", "after"]);

/** Members and group e-mail (SPEC.md section 7, "Applications and administration"). */
export async function adminRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  // The whole list, as the spec's client expects, up to LIST_MAX members (by name); a Link header
  // (`?offset=`) says where the rest starts.
  app.get(
    "/api/users",
    {
      config: {
        openapi: {
          summary: "Members, by name; or what changed since a moment",
          procedure: "users.list",
          query: offsetQuery.extend(CHANGED_MEMBERS.schema.shape),
          answer: json(
            `Up to ${LIST_MAX}; a \`Link: <…>; rel="next"\` header leads to the rest. With \`updated_since\`, the members whose name, e-mail address, type, admin right or Testing Team changed since then (or who joined), oldest change first, paged by \`after\`; who was deleted is at GET /api/users/deleted.`,
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const sync = CHANGED_MEMBERS.from(request.query);
      if (sync.updated_since !== undefined || sync.after !== undefined) {
        const changed = await call(caller.users.list, { ...sync, limit: LIST_MAX });
        return linkNextChanges(reply, "/api/users", changed, LIST_MAX, (last) => ({
          updated_since: last.updated_at.toISOString(),
          after: last.user_id,
        }));
      }
      const offset = offsetOf(request.query);
      const users = await caller.users.list({ offset, limit: LIST_MAX });
      if (users.length === LIST_MAX) linkNext(reply, "/api/users", { offset: String(offset + LIST_MAX) });
      return users;
    },
  );

  app.get(
    "/api/users/deleted",
    {
      config: {
        openapi: {
          summary: "Members deleted since a moment (ids only)",
          procedure: "users.deleted",
          query: DELETED_MEMBERS.schema,
          answer: json(
            `Oldest first, up to ${LIST_MAX}; a \`Link: <…>; rel="next"\` header leads to the rest. Kept ${RETENTION_DAYS.deletedRows} days: \`since\` further back is refused (400).`,
          ),
        },
      },
    },
    async (request, reply) => {
      const gone = await call((await callerFor(deps, request, reply)).users.deleted, {
        ...DELETED_MEMBERS.from(request.query),
        limit: LIST_MAX,
      });
      return linkNextChanges(reply, "/api/users/deleted", gone, LIST_MAX, (last) => ({
        since: last.deleted_at.toISOString(),
        after: last.user_id,
      }));
    },
  );

  app.put<UserParams>(
    "/api/users/:user_id/privilege",
    {
      config: {
        openapi: {
          summary: "Set a member's type",
          procedure: "users.setPrivilege",
          params: id("users.setPrivilege", "userId", "user_id"),
          body: PRIVILEGE.schema,
          answer: json("The member."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).users.setPrivilege, {
        userId: request.params.user_id,
        ...PRIVILEGE.from(request.body),
      }),
  );

  // The spec's client sends {password}; the server always uses TEMP_PASSWORD and ignores it.
  app.put<UserParams>(
    "/api/users/:user_id/reset-password-to-temp",
    {
      config: {
        openapi: {
          summary: "Reset a member's password to the temporary one",
          description: "The body is ignored: the server uses its TEMP_PASSWORD.",
          procedure: "users.resetPasswordToTemp",
          params: id("users.resetPasswordToTemp", "userId", "user_id"),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).users.resetPasswordToTemp, { userId: request.params.user_id }),
  );

  app.put<UserParams>(
    "/api/users/:user_id/testing-team",
    {
      config: {
        openapi: {
          summary: "Put a member in or out of the testing team",
          procedure: "users.setTestingTeam",
          params: id("users.setTestingTeam", "userId", "user_id"),
          body: TESTING_TEAM.schema,
          answer: json("The member."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).users.setTestingTeam, {
        userId: request.params.user_id,
        ...TESTING_TEAM.from(request.body),
      }),
  );

  app.get(
    "/api/admin/get-members",
    {
      config: {
        openapi: {
          summary: "Members one can e-mail",
          procedure: "adminMail.members",
          answer: json("The members."),
        },
      },
    },
    async (request, reply) => (await callerFor(deps, request, reply)).adminMail.members(),
  );

  app.post(
    "/api/admin/send-email",
    {
      config: {
        openapi: {
          summary: "E-mail a group of members",
          idempotent: true,
          procedure: "adminMail.send",
          body: GROUP_MAIL.schema,
          answer: json("A message and the number queued."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).adminMail.send, GROUP_MAIL.from(request.body)),
  );

  // The audit log as CSV, with the Admin Panel's filters (?actor=&kind=&from=&to=): admins only,
  // refused before the first line; streamed, as the log only grows.
  app.get(
    "/api/admin/audit.csv",
    {
      config: {
        openapi: {
          summary: "The audit log as CSV",
          description:
            "Every record the filters match, newest first: time (UTC), actor id and e-mail, kind, target id and e-mail, address, detail (JSON), and the record as the Admin Panel words it. Days are the club's (CLUB_TIME_ZONE), both included.",
          procedure: "audit.list",
          query: AUDIT_FILTERS.schema,
          answer: { kind: "csv", description: "A header row, then a line per record." },
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const filter = AUDIT_FILTERS.from(request.query);
      const records = await auditRecords((before) =>
        call(caller.audit.list, { ...filter, before, limit: AUDIT_EXPORT_PAGE }),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", contentDisposition(`audit-log-${day}.csv`))
        .header("Cache-Control", "private, no-store")
        .send(auditCsv(records, request.log));
    },
  );
}
