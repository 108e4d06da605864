import { profiles, type Queryable, users } from "@club/db";
import { and, asc, eq, ilike, or, type SQL, sql } from "@club/db/orm";
import type { MemberType } from "@club/shared";
import { badRequest } from "../../errors";
import { emailShownTo, type Viewer } from "../access";
import { escapeLike } from "../like";
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

/** One of her talents is this one, whatever its case. */
const hasTalent = (talent: string): SQL =>
  sql`exists (select 1 from unnest(${profiles.talents}) as t(v) where lower(t.v) = lower(${talent}))`;
const talentContains = (pattern: string): SQL =>
  sql`exists (select 1 from unnest(${profiles.talents}) as t(v) where t.v ilike ${pattern})`;

export async function listDirectory(db: Queryable, viewer: Viewer, filter: DirectoryFilter = {}) {
  const limit = filter.limit ?? PAGE;
  const after = filter.cursor ? decode(filter.cursor) : undefined;
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  const rows = await db
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
        pattern ? or(ilike(users.name, pattern), talentContains(pattern)) : undefined,
        filter.type ? eq(users.type, filter.type) : undefined,
        filter.talent ? hasTalent(filter.talent) : undefined,
        after ? sql`(${users.name}, ${users.id}) > (${after.name}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit + 1);
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
