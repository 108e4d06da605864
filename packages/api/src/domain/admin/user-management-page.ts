import { type Queryable, sessions, users } from "@club/db";
import { and, asc, count, eq, sql } from "@club/db/orm";
import type { AuditKind, MemberType } from "@club/shared";
import { memberSearch } from "./user-management";

// The admins' User Management table: one page of members at a time, with when each joined and
// was last seen (docs/decisions/README.md, "User Management: the table, paging and last seen").

/** Members per page of the table. */
export const MEMBER_PAGE_SIZE = 50;

export interface MemberFilters {
  /** A part of the name or the e-mail. */
  search?: string | undefined;
  type?: MemberType | undefined;
  /** Admins only (true), or members who are not (false). */
  admin?: boolean | undefined;
}

const SIGNED_IN: AuditKind = "sign_in.succeeded";

/**
 * A page of members by name, and how many match in all. Paged by position: a secretary jumps to a
 * page, and at the club's size (10,000 members) skipping rows along the name index costs little.
 */
export async function memberPage(db: Queryable, filters: MemberFilters, page = 1, pageSize = MEMBER_PAGE_SIZE) {
  const [members, [total]] = await Promise.all([
    memberPageRows(db, filters, page, pageSize),
    db.select({ n: count() }).from(users).where(matching(filters)),
  ]);
  return { members, total: total?.n ?? 0, page, pageSize };
}

const matching = (filters: MemberFilters) =>
  and(
    memberSearch(filters.search),
    filters.type === undefined ? undefined : eq(users.type, filters.type),
    filters.admin === undefined ? undefined : eq(users.admin, filters.admin),
  );

/**
 * The page's rows in one statement. Last seen is worked out for those rows only: the latest of her
 * sessions' last use (open, or expired and not yet cleared) and of her sign-ins on record, which
 * outlive a session that ended.
 */
export function memberPageRows(db: Queryable, filters: MemberFilters, page: number, pageSize: number) {
  const onPage = db.$with("on_page").as(
    db
      .select({
        user_id: users.id,
        name: users.name,
        email: users.email,
        type: users.type,
        admin: users.admin,
        testingTeam: users.testingTeam,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(matching(filters))
      .orderBy(asc(users.name), asc(users.id))
      .offset((page - 1) * pageSize)
      .limit(pageSize),
  );
  return db
    .with(onPage)
    .select({
      user_id: onPage.user_id,
      name: onPage.name,
      email: onPage.email,
      type: onPage.type,
      admin: onPage.admin,
      testingTeam: onPage.testingTeam,
      createdAt: onPage.createdAt,
      // greatest() passes over a null: a member with no session left still has her last sign-in.
      // Written out with aliases: Drizzle leaves the columns of a one-table query unqualified, and
      // the subqueries' own `id`s would be taken for the page's.
      lastSeenAt: sql<Date | null>`greatest(
        (select max(s.last_seen_at) from sessions s where s.user_id = on_page.id),
        (select max(a.at) from audit_log a where a.actor_id = on_page.id and a.kind = ${SIGNED_IN})
      )`.mapWith(sessions.lastSeenAt),
    })
    .from(onPage)
    .orderBy(asc(onPage.name), asc(onPage.user_id));
}
