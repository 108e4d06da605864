import type { Db, Queryable } from "@club/db";
import { stayReviews, stays, users } from "@club/db";
import { desc, eq } from "@club/db/orm";
import { conflict } from "../../errors";
import { todayIn } from "./rules";

/** The stay as a note needs it (its row, read when her right to write was checked). */
interface ReviewedStay {
  stay: { id: string; status: string; depart: string; homeId: string };
  timeZone: string;
}

/** The notes a home's page shows, newest first. */
export const REVIEWS_SHOWN = 20;

/**
 * Her note for the club after her stay: only for an accepted stay that is over (its departure day
 * reached, in the home's time zone), once. Each refusal in words.
 */
export async function reviewStay(db: Db, row: ReviewedStay, text: string, now = new Date()): Promise<void> {
  if (row.stay.status !== "accepted") throw conflict("Only a stay that took place can have a note.");
  if (row.stay.depart > todayIn(row.timeZone, now)) {
    throw conflict("You can leave a note once your stay is over, from the day you leave.");
  }
  const made = await db
    .insert(stayReviews)
    .values({ stayId: row.stay.id, homeId: row.stay.homeId, text })
    .onConflictDoNothing({ target: stayReviews.stayId })
    .returning({ id: stayReviews.id });
  if (made.length === 0) throw conflict("You already left a note for this stay.");
}

/** A home's notes from its guests, newest first, each with her name and when she stayed. */
export async function reviewsOf(db: Queryable, homeId: string) {
  return db
    .select({
      id: stayReviews.id,
      text: stayReviews.text,
      created_at: stayReviews.createdAt,
      guest_name: users.name,
      arrive: stays.arrive,
    })
    .from(stayReviews)
    .innerJoin(stays, eq(stays.id, stayReviews.stayId))
    .innerJoin(users, eq(users.id, stays.guestId))
    .where(eq(stayReviews.homeId, homeId))
    .orderBy(desc(stayReviews.createdAt))
    .limit(REVIEWS_SHOWN);
}
