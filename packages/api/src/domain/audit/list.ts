import { auditLog, type Queryable, users } from "@club/db";
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, type SQL, sql } from "@club/db/orm";
import { type AuditKind, auditKinds, isCalendarDay, isRowId } from "@club/shared";
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { escapeLike } from "../../lib/like";

// Reading the audit log (Admin Panel → Audit log, its CSV export, `club audit`).

/** A calendar day the log can hold records of: years 2000 to 2999 (a far year cannot be a bound in SQL). */
const day = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (d) => isCalendarDay(d) && d >= "2000-01-01" && d <= "2999-12-31",
      `${label} must be a day, like 2026-11-24.`,
    )
    .optional();

/** What the audit log is filtered by: audit.list, its CSV export (GET /api/admin/audit.csv) and `club audit`. */
export const auditFilterInput = z.object({
  /** A part of the name or e-mail of the person who acted or was acted on, or her exact id. */
  actor: z.string().trim().max(200).optional(),
  kind: z.enum(auditKinds, "Choose a kind of record from the list.").optional(),
  /** Calendar days (2026-11-24), both included, in the club's time zone. */
  from: day("From"),
  to: day("To"),
});

export interface AuditFilter {
  actor?: string | undefined;
  kind?: AuditKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** From this moment on (`club audit --since 7d`). */
  since?: Date | undefined;
}

export interface AuditPage {
  /** Records older than this id (the "Older" link), or newer (the "Newer" link); neither: the latest. */
  before?: number | undefined;
  after?: number | undefined;
  limit?: number | undefined;
}

export const AUDIT_PAGE = 50;

/** The first instant of a calendar day in a zone. */
function startOfDay(day: string, timeZone: string): Date {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = day.split("-").map(Number);
  return new TZDate(y, m - 1, d, timeZone);
}

function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The filter as SQL. Days are the club's (config.timeZone), not each admin's: the same filter
 * gives every admin, the CSV and the command line the same records.
 */
function conditions(filter: AuditFilter, timeZone: string): SQL[] {
  const out: SQL[] = [];
  if (filter.actor) {
    // The person a record is about, as the log shows her: who acted or whom it was done to, by a
    // part of her name (as she is named now) or of her address (as it was then), or her exact id.
    const like = `%${escapeLike(filter.actor)}%`;
    const named = sql`(select ${users.id} from ${users} where ${users.name} ilike ${like} or ${users.email} ilike ${like})`;
    const person = or(
      ilike(auditLog.actorEmail, like),
      ilike(auditLog.targetEmail, like),
      sql`${auditLog.actorId} in ${named}`,
      sql`${auditLog.targetId} in (select id::text from ${named} as named(id))`,
      isRowId(filter.actor) ? or(eq(auditLog.actorId, filter.actor), eq(auditLog.targetId, filter.actor)) : undefined,
    );
    if (person) out.push(person);
  }
  if (filter.kind) out.push(eq(auditLog.kind, filter.kind));
  if (filter.from) out.push(gte(auditLog.at, startOfDay(filter.from, timeZone)));
  if (filter.to) out.push(lt(auditLog.at, startOfDay(dayAfter(filter.to), timeZone)));
  if (filter.since) out.push(gte(auditLog.at, filter.since));
  return out;
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  kind: auditLog.kind,
  targetId: auditLog.targetId,
  targetEmail: auditLog.targetEmail,
  detail: auditLog.detail,
  ip: auditLog.ip,
};

/**
 * A page of records, newest first, with a keyset cursor on the id (records are only ever added, so
 * the id orders them as they were written and a page never shifts under the reader). `older` and
 * `newer` are the cursors of the neighbouring pages, null at either end.
 */
export async function listAudit(db: Queryable, timeZone: string, filter: AuditFilter & AuditPage = {}) {
  const limit = filter.limit ?? AUDIT_PAGE;
  const where = conditions(filter, timeZone);
  const backwards = filter.after !== undefined && filter.before === undefined;
  const rows = await db
    .select(columns)
    .from(auditLog)
    .where(
      and(
        ...where,
        filter.before !== undefined ? lt(auditLog.id, filter.before) : undefined,
        backwards ? gt(auditLog.id, filter.after ?? 0) : undefined,
      ),
    )
    .orderBy(backwards ? asc(auditLog.id) : desc(auditLog.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const items = await withNames(db, rows.slice(0, limit));
  if (backwards) items.reverse();
  const first = items[0];
  const last = items.at(-1);
  // One side's "more" is known from the extra row; the other side has records when we came from it.
  const olderExists = backwards ? items.length > 0 : more;
  const newerExists = backwards ? more : filter.before !== undefined && items.length > 0;
  return {
    items,
    older: olderExists && last ? last.id : null,
    newer: newerExists && first ? first.id : null,
  };
}

export type AuditRecordDto = Awaited<ReturnType<typeof listAudit>>["items"][number];

type AuditRow = {
  actorId: string | null;
  targetId: string | null;
  targetEmail: string | null;
  kind: string;
  detail: Record<string, unknown>;
};

/** Kinds whose target id names a thing owned by the member of the target e-mail (an API token). */
const OWNED_TARGETS = new Set(["api_token.created", "api_token.revoked"]);

/**
 * The records with the names of the members they speak of, as they are now (the audit log's
 * sentences: "Alexandra Admin removed the passkey 'MacBook' of Fiona Founding"). A record keeps
 * ids and e-mails, never names: names are joined as the log is read, and a member deleted since
 * has none (the sentence falls back on the e-mail the record kept). `ownerName` is the member
 * whose event or upload was deleted (the detail's `createdBy` id or `uploadedBy` e-mail).
 */
async function withNames<R extends AuditRow>(db: Queryable, rows: R[]) {
  const ids = new Set<string>();
  const emails = new Set<string>();
  for (const r of rows) {
    if (r.actorId) ids.add(r.actorId);
    if (r.targetId && isRowId(r.targetId)) ids.add(r.targetId);
    if (OWNED_TARGETS.has(r.kind) && r.targetEmail) emails.add(r.targetEmail);
    const { createdBy, uploadedBy } = r.detail;
    if (typeof createdBy === "string" && isRowId(createdBy)) ids.add(createdBy);
    if (typeof uploadedBy === "string") emails.add(uploadedBy);
  }
  const found =
    ids.size + emails.size === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(
            or(
              ids.size ? inArray(users.id, [...ids]) : undefined,
              emails.size ? inArray(users.email, [...emails]) : undefined,
            ),
          );
  const byId = new Map(found.map((u) => [u.id, u.name]));
  const byEmail = new Map(found.map((u) => [u.email, u.name]));
  const named = (map: Map<string, string>, key: unknown) => (typeof key === "string" ? (map.get(key) ?? null) : null);
  return rows.map((r) => ({
    ...r,
    actorName: named(byId, r.actorId),
    targetName: OWNED_TARGETS.has(r.kind) ? named(byEmail, r.targetEmail) : named(byId, r.targetId),
    ownerName: named(byId, r.detail.createdBy) ?? named(byEmail, r.detail.uploadedBy),
  }));
}

/** The CSV export's page: large, as it is read to be written out. */
export const AUDIT_EXPORT_PAGE = 500;

/**
 * Every record a filter matches, newest first, read a page at a time by `readPage` (the CSV export
 * passes its caller's `audit.list`, so each page goes through the procedure's checks and input),
 * so a long log is never held whole. The first page is read before this returns: a refusal or a
 * bad filter is still an error status, not a 200 cut short.
 */
export async function auditRecords(
  readPage: (before: number | undefined) => Promise<{ items: AuditRecordDto[]; older: number | null }>,
): Promise<AsyncIterable<AuditRecordDto>> {
  const first = await readPage(undefined);
  return (async function* () {
    yield* first.items;
    for (let older = first.older; older !== null; ) {
      const page = await readPage(older);
      yield* page.items;
      older = page.older;
    }
  })();
}
