import { generateToken, hashToken } from "@club/auth";
import type { Queryable } from "@club/db";
import { homes, homeTaken } from "@club/db";
import { and, asc, eq, sql } from "@club/db/orm";
import { todayIn } from "./rules";
import { calendarOf, day } from "./stay-file";

/** How far back the link keeps taken nights (another site needs only what is coming), and how many. */
const PAST_DAYS = 30;
const MAX_ENTRIES = 1000;

/**
 * A new calendar link for a home (the previous one stops working): the URL holds a secret, kept
 * here only as its hash, and is shown once.
 */
export async function newHomeFeed(db: Queryable, appOrigin: string, homeId: string) {
  const secret = generateToken(32);
  await db
    .update(homes)
    .set({ feedTokenHash: hashToken(secret) })
    .where(eq(homes.id, homeId));
  const url = `${appOrigin}/homes/calendar/${secret}.ics`;
  return { url, webcal: url.replace(/^https?:\/\//, "webcal://") };
}

/**
 * A home's taken nights for another site's calendar, to block them there: each accepted stay and
 * each of the host's blocks an all-day "Reserved" from its first night to the day after its last
 * (DTEND exclusive, so a departure day stays free there too). No guest's name, no address, no
 * message: another site learns only that the nights are taken.
 */
export async function homeFeedText(db: Queryable, home: { id: string; timeZone: string }, now = new Date()) {
  const since = todayIn(home.timeZone, new Date(now.getTime() - PAST_DAYS * 86_400_000));
  const rows = await db
    .select({
      id: homeTaken.id,
      from: sql<string>`lower(${homeTaken.nights})::text`,
      to: sql<string>`upper(${homeTaken.nights})::text`,
    })
    .from(homeTaken)
    .where(and(eq(homeTaken.homeId, home.id), sql`upper(${homeTaken.nights}) >= ${since}::date`))
    .orderBy(asc(sql`lower(${homeTaken.nights})`))
    .limit(MAX_ENTRIES);
  return calendarOf(
    rows.map((r) => ({
      start: day(r.from),
      end: day(r.to),
      title: "Reserved",
      uid: `taken-${r.id}@club`,
      status: "CONFIRMED" as const,
      busyStatus: "BUSY" as const,
      productId: "club/travel",
    })),
    "Reserved",
  );
}
