import { profiles, type Queryable, talentsText, users } from "@club/db";
import { and, asc, eq, ilike, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from "@club/db/orm";
import { isRowId, type MemberType } from "@club/shared";
import { badRequest } from "../../errors";
import { escapeLike } from "../../lib/like";
import { preparedOnce } from "../../lib/prepared";
import { emailShownTo, type Viewer } from "../access";
import { portraitOf } from "./portrait-urls";

/** The directory (`/members`): every member as a card, by name, a page at a time. */

const PAGE = 24;
const STALE = "This page of the directory is no longer available. Please reload it.";

export interface DirectoryFilter {
  /** Part of her name, or of one of her talents. */
  search?: string | undefined;
  type?: MemberType | undefined;
  /** One talent, whole (whatever its case). */
  talent?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** A page's end: the last card's (name, id), the order the directory is read in. */
const encode = (name: string, id: string) => Buffer.from(JSON.stringify([name, id])).toString("base64url");
function decode(cursor: string): { name: string; id: string } {
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof name === "string" && isRowId(id)) return { name, id };
  } catch {
    // Not base64url JSON: a cursor this server did not make, refused below like any other.
  }
  throw badRequest(STALE);
}

const p = sql.placeholder;

/** Which filters a page has: one prepared query per combination. */
interface DirectoryShape {
  search: boolean;
  type: boolean;
  talent: boolean;
  cursor: boolean;
}

/** What a page's query is given: placeholders when it is prepared, its values when a test reads its plan. */
interface DirectoryArgs {
  pattern: SQLWrapper;
  type: SQLWrapper;
  talent: SQLWrapper;
  afterName: SQLWrapper;
  afterId: SQLWrapper;
  limit: number | Placeholder;
}

const PLACEHOLDERS: DirectoryArgs = {
  pattern: p("pattern"),
  type: p("type"),
  talent: p("talent"),
  afterName: p("afterName"),
  afterId: p("afterId"),
  limit: p("limit"),
};

/** One of her talents is `talent`, whatever its case. */
const hasTalent = (talent: SQLWrapper): SQL =>
  sql`exists (select 1 from unnest(${profiles.talents}) as t(v) where lower(t.v) = lower(${talent}))`;

/**
 * One of her talents contains `pattern`: looked up on the trigram index of her talents as one text
 * (`talentsText`), then checked talent by talent (a pattern could span two).
 */
const talentContains = (pattern: SQLWrapper): SQL =>
  sql`${talentsText(profiles.talents)} ilike ${pattern} and exists (select 1 from unnest(${profiles.talents}) as t(v) where t.v ilike ${pattern})`;

/** The members the filters other than the search keep, from the cursor on. */
function filters(shape: DirectoryShape, args: DirectoryArgs): (SQL | undefined)[] {
  return [
    shape.type ? eq(users.type, args.type) : undefined,
    shape.talent ? hasTalent(args.talent) : undefined,
    shape.cursor ? sql`(${users.name}, ${users.id}) > (${args.afterName}, ${args.afterId}::uuid)` : undefined,
  ];
}

/**
 * The ids of a search's page: the first of those whose name contains it and the first of those
 * with a talent that does, each looked up on its own trigram index, together. As one `or` across
 * the join no index could answer it, and a search read every member and profile (54–88 ms at
 * 10,000 with a profile each); each half also keeps the filters and stops at a page, so the page
 * is among them.
 */
function searchedIds(db: Queryable, shape: DirectoryShape, args: DirectoryArgs) {
  const byName = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(ilike(users.name, args.pattern), ...filters(shape, args)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(args.limit);
  const byTalent = db
    .select({ id: users.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(talentContains(args.pattern), ...filters(shape, args)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(args.limit);
  return byName.union(byTalent);
}

function directoryQuery(db: Queryable, shape: DirectoryShape, args: DirectoryArgs) {
  return db
    .select({
      id: users.id,
      name: users.name,
      type: users.type,
      email: users.email,
      createdAt: users.createdAt,
      talents: profiles.talents,
      showEmail: profiles.showEmail,
      portraitPrefix: profiles.portraitPrefix,
      portraitPlaceholder: profiles.portraitPlaceholder,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(shape.search ? inArray(users.id, searchedIds(db, shape, args)) : and(...filters(shape, args)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(args.limit);
}

/** A page's filters as the query's shape and values (one more row than the page: is there a next?). */
function pageOf(filter: DirectoryFilter) {
  const limit = filter.limit ?? PAGE;
  const after = filter.cursor ? decode(filter.cursor) : undefined;
  const shape: DirectoryShape = {
    search: Boolean(filter.search),
    type: Boolean(filter.type),
    talent: Boolean(filter.talent),
    cursor: after !== undefined,
  };
  const values = {
    pattern: filter.search ? `%${escapeLike(filter.search)}%` : undefined,
    type: filter.type,
    talent: filter.talent,
    afterName: after?.name,
    afterId: after?.id,
    limit: limit + 1,
  };
  return { limit, shape, values };
}

/** A page's query with its values in place, not prepared: what a test reads the plan of. */
export function directoryPageQuery(db: Queryable, filter: DirectoryFilter) {
  const { shape, values } = pageOf(filter);
  const bound = (value: string | undefined) => sql`${value ?? null}`;
  return directoryQuery(db, shape, {
    pattern: bound(values.pattern),
    type: bound(values.type),
    talent: bound(values.talent),
    afterName: bound(values.afterName),
    afterId: bound(values.afterId),
    limit: values.limit,
  });
}

export async function listDirectory(db: Queryable, viewer: Viewer, filter: DirectoryFilter = {}) {
  const { limit, shape, values } = pageOf(filter);
  const query = preparedOnce(db, `members.directory ${JSON.stringify(shape)}`, () =>
    directoryQuery(db, shape, PLACEHOLDERS).prepare("directory"),
  );
  const rows = await query.execute(values);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      talents: r.talents ?? [],
      portrait: portraitOf(r.portraitPrefix, r.portraitPlaceholder),
      email: emailShownTo(viewer, r) ? r.email : null,
      member_since: r.createdAt,
    })),
    nextCursor: rows.length > limit && last ? encode(last.name, last.id) : null,
  };
}
export type DirectoryPage = Awaited<ReturnType<typeof listDirectory>>;

/** The talents members list most (the directory's filter), with how many list each; at most 30. */
export async function popularTalents(db: Queryable): Promise<{ talent: string; members: number }[]> {
  // A member's talents are kept without repeats (profileUpdateInput), so each row is one member.
  const key = sql`lower(t.v)`;
  return db
    .select({ talent: sql<string>`min(t.v)`, members: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(sql`unnest(${profiles.talents}) as t(v)`, sql`true`)
    .groupBy(key)
    .orderBy(sql`count(*) desc`, key)
    .limit(30);
}
