import { events, type Queryable } from "@club/db";
import { eq, like, or } from "drizzle-orm";
import slugify from "slugify";

/** A readable slug from the title, made unique with -2, -3… (one query for the taken ones). */
export async function uniqueSlug(db: Queryable, title: string): Promise<string> {
  const base = slugify(title, { lower: true, strict: true, trim: true }).slice(0, 60).replace(/-+$/, "") || "event";
  const taken = new Set(
    (
      await db
        .select({ slug: events.slug })
        .from(events)
        .where(or(eq(events.slug, base), like(events.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
