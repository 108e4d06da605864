import { type Event, events, type Queryable } from "@club/db";
import { eq, like, or } from "@club/db/orm";
import slugify from "slugify";
import { conflict } from "../../errors";

type NewEvent = Omit<typeof events.$inferInsert, "slug">;

/** A readable slug from the title, made unique with -2, -3… (one query for the taken ones). */
async function uniqueSlug(db: Queryable, title: string): Promise<string> {
  const base = slugBase(title);
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

/**
 * The slug a draft is published under: made again from its title when the title has changed since
 * the draft was made ("Salon (planning)" published as "Salon" is `salon`, not `salon-planning`).
 * Nobody outside knew the draft's address, so nothing links to it yet. Null: it still says its title.
 */
export async function slugOnPublish(db: Queryable, event: Pick<Event, "slug" | "title">): Promise<string | null> {
  const base = slugBase(event.title);
  // Its title's slug, or that with a number to tell it from an earlier event's (`salon-2`).
  const suffix = event.slug.startsWith(`${base}-`) ? event.slug.slice(base.length + 1) : null;
  if (event.slug === base || (suffix !== null && /^\d+$/.test(suffix))) return null;
  return uniqueSlug(db, event.title);
}

const slugBase = (title: string) =>
  slugify(title, { lower: true, strict: true, trim: true }).slice(0, 60).replace(/-+$/, "") || "event";

const ATTEMPTS = 12;

/**
 * Inserts an event under a free slug. Two events created at once with one title (a double click is
 * enough) both find the same free slug; the unique index lets one insert win and the other tries
 * the next suffix, then a random one, instead of failing. A slug the caller chose is never changed.
 */
export async function insertEvent(
  db: Queryable,
  values: NewEvent,
  chosenSlug?: string,
  /** What the slug is made from: the title, or the title and the date for a series' dates. */
  slugFrom: string = values.title,
): Promise<Event> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let slug = chosenSlug ?? (await uniqueSlug(db, slugFrom));
    if (!chosenSlug && attempt >= 3) slug = `${slugBase(slugFrom)}-${Math.random().toString(36).slice(2, 7)}`;
    const [row] = await db
      .insert(events)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: events.slug })
      .returning();
    if (row) return row;
    if (chosenSlug) throw conflict(`An event with the slug "${chosenSlug}" exists already.`);
  }
  throw conflict("Could not find a free address for this event. Please try again.");
}
