import { homes, homeTaken, homeWindows, type Queryable, stays, users } from "@club/db";
import { and, asc, eq, inArray, isNull, sql } from "@club/db/orm";
import type { Section } from "./paging";

/** A stay's columns as her export shows them: the dates, the people, the price kept, what became of it. */
const stayColumns = {
  id: stays.id,
  home: homes.title,
  city: homes.city,
  country: homes.country,
  arrive: stays.arrive,
  depart: stays.depart,
  nights: stays.nights,
  guests: stays.guests,
  message: stays.message,
  status: stays.status,
  statusReason: stays.statusReason,
  nightlyRateCents: stays.nightlyRateCents,
  discountPercent: stays.discountPercent,
  totalCents: stays.totalCents,
  createdAt: stays.createdAt,
  decidedAt: stays.decidedAt,
};

/**
 * Travel in her data export: the homes she lists (with their exact address, hers to know, their
 * open windows and her blocks), her trips (stays she asked for), and the requests and stays at her
 * homes (with the guest's name and message to her). Another member's address is never in it.
 */
export function travelSections(db: Queryable, userId: string): Section[] {
  return [
    {
      name: "homes",
      value: async () => {
        const rows = await db
          .select({
            id: homes.id,
            title: homes.title,
            kind: homes.kind,
            description: homes.description,
            region: homes.region,
            city: homes.city,
            country: homes.country,
            address: homes.address,
            sleeps: homes.sleeps,
            bedrooms: homes.bedrooms,
            amenities: homes.amenities,
            houseRules: homes.houseRules,
            nightlyRateCents: homes.nightlyRateCents,
            minNights: homes.minNights,
            timeZone: homes.timeZone,
            createdAt: homes.createdAt,
          })
          .from(homes)
          .where(eq(homes.hostId, userId))
          .orderBy(asc(homes.createdAt));
        const ids = rows.map((r) => r.id);
        const nights = (column: typeof homeWindows.nights | typeof homeTaken.nights) => ({
          from: sql<string>`lower(${column})::text`,
          to: sql<string>`upper(${column})::text`,
        });
        const [windows, blocks] = ids.length
          ? await Promise.all([
              db
                .select({ homeId: homeWindows.homeId, ...nights(homeWindows.nights) })
                .from(homeWindows)
                .where(inArray(homeWindows.homeId, ids))
                .orderBy(sql`lower(${homeWindows.nights})`),
              db
                .select({ homeId: homeTaken.homeId, ...nights(homeTaken.nights) })
                .from(homeTaken)
                .where(and(inArray(homeTaken.homeId, ids), isNull(homeTaken.stayId)))
                .orderBy(sql`lower(${homeTaken.nights})`),
            ])
          : [[], []];
        const of = <T extends { homeId: string }>(list: T[], id: string) =>
          list.filter((w) => w.homeId === id).map(({ homeId: _, ...w }) => w);
        return rows.map((r) => ({ ...r, openWindows: of(windows, r.id), blocks: of(blocks, r.id) }));
      },
    },
    {
      name: "trips",
      value: () =>
        db
          .select({ ...stayColumns, host: users.name })
          .from(stays)
          .innerJoin(homes, eq(homes.id, stays.homeId))
          .innerJoin(users, eq(users.id, homes.hostId))
          .where(eq(stays.guestId, userId))
          .orderBy(asc(stays.arrive), asc(stays.createdAt)),
    },
    {
      name: "staysAtHerHomes",
      value: () =>
        db
          .select({ ...stayColumns, guest: users.name })
          .from(stays)
          .innerJoin(homes, eq(homes.id, stays.homeId))
          .innerJoin(users, eq(users.id, stays.guestId))
          .where(eq(homes.hostId, userId))
          .orderBy(asc(stays.arrive), asc(stays.createdAt)),
    },
  ];
}
