import { profiles, type Queryable, users } from "@club/db";
import { and, asc, eq, ilike, or, type Placeholder, type SQL, sql } from "@club/db/orm";
import type { MemberType } from "@club/shared";
import { badRequest } from "../../errors";
import { emailShownTo, type Viewer } from "../access";
import { escapeLike } from "../like";
import { preparedOnce } from "../prepared";
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
    if (typeof name === "string" && typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id)) return { name, id };
  } catch {}
  throw badRequest(STALE);
}

const p = sql.placeholder;

/** One of her talents is the placeholder `talent`, whatever its case. */
const hasTalent: SQL = sql`exists (select 1 from unnest(${profiles.talents}) as t(v) where lower(t.v) = lower(${p("talent")}))`;
const talentContains = (pattern: Placeholder): SQL =>
  sql`exists (select 1 from unnest(${profiles.talents}) as t(v) where t.v ilike ${pattern})`;

/** Which filters a page has: one prepared query per combination, their values placeholders. */
interface DirectoryShape {
  search: boolean;
  type: boolean;
  talent: boolean;
  cursor: boolean;
}

function directoryQuery(db: Queryable, shape: DirectoryShape) {
  const pattern = p("pattern");
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
    .where(
      and(
        shape.search ? or(ilike(users.name, pattern), talentContains(pattern)) : undefined,
        shape.type ? eq(users.type, p("type")) : undefined,
        shape.talent ? hasTalent : undefined,
        shape.cursor ? sql`(${users.name}, ${users.id}) > (${p("afterName")}, ${p("afterId")}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(p("limit"))
    .prepare("directory");
}

export async function listDirectory(db: Queryable, viewer: Viewer, filter: DirectoryFilter = {}) {
  const limit = filter.limit ?? PAGE;
  const after = filter.cursor ? decode(filter.cursor) : undefined;
  const shape: DirectoryShape = {
    search: Boolean(filter.search),
    type: Boolean(filter.type),
    talent: Boolean(filter.talent),
    cursor: after !== undefined,
  };
  const query = preparedOnce(db, `members.directory ${JSON.stringify(shape)}`, () => directoryQuery(db, shape));
  const rows = await query.execute({
    pattern: filter.search ? `%${escapeLike(filter.search)}%` : undefined,
    type: filter.type,
    talent: filter.talent,
    afterName: after?.name,
    afterId: after?.id,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      talents: r.talents ?? [],
      portrait: portraitOf(r.portraitPrefix, r.portraitPlaceholder),
      email: emailShownTo(viewer, { id: r.id, showEmail: r.showEmail }) ? r.email : null,
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
