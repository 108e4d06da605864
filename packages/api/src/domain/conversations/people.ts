import { profiles, type Queryable, users } from "@club/db";
import { eq, inArray } from "@club/db/orm";
import { portraitOf } from "../members/portrait-urls";

export type Person = { id: string; name: string; portrait: ReturnType<typeof portraitOf> };

/** Members as a conversation names them: name and portrait (never an address), by id. */
export async function peopleOf(db: Queryable, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      prefix: profiles.portraitPrefix,
      placeholder: profiles.portraitPlaceholder,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, portrait: portraitOf(r.prefix, r.placeholder) }]));
}
