import type { Db, Queryable } from "@club/db";
import { applicationProperties, applications, homes, homeWindows, stayReviews, stays, users } from "@club/db";
import { aliasedTable, and, asc, desc, eq, or, type SQL, sql } from "@club/db/orm";
import type { MemberType } from "@club/shared";
import { badRequest, notFound } from "../../errors";
import { preparedOnce } from "../../lib/prepared";
import { canManage, HOME_NOT_FOUND, STAY_NOT_FOUND } from "../access";
import { travelDiscounts } from "../admin/club-settings";
import { wallClockInstant } from "../events/calendar";
import { seesAddress } from "./address";
import { comingBlocks } from "./homes";
import { type HomeCover, photosOf } from "./photos";
import { reviewsOf } from "./reviews";
import { todayIn } from "./rules";

/** Who asks: her id, type and whether she is an admin. */
export interface Traveller {
  id: string;
  admin: boolean;
  type: MemberType;
}

/** The club's minimum a Travel Host offers a year (SPEC.md §9: "at least one month a year"). */
export const HOST_MINIMUM_NIGHTS = 30;
/** The most stays one list answers (her trips and bookings; an admin's whole ledger is paged elsewhere). */
export const STAYS_LIST_MAX = 200;

const units = (cents: number) => cents / 100;
/** Her rate a night, after her type's discount, in whole units (cents kept when there are some). */
export const yourRate = (nightlyRateCents: number, discountPercent: number) =>
  units(Math.round((nightlyRateCents * (100 - discountPercent)) / 100));

const hostUsers = aliasedTable(users, "host_users");

/** The member an admin lists a home for: she must exist and be a Travel Host. */
export async function requireHost(db: Queryable, id: string): Promise<{ id: string }> {
  const [host] = await db.select({ id: users.id, type: users.type }).from(users).where(eq(users.id, id));
  if (!host) throw notFound("No such member: choose the host from the members' list.");
  if (host.type !== "Travel Host") throw badRequest("Homes are listed for Travel Hosts: make her a Travel Host first.");
  return host;
}

export type HomeRow = typeof homes.$inferSelect & { hostName: string };

/** A home with its host's name, or "not found". */
export async function homeRow(db: Queryable, id: string): Promise<HomeRow> {
  const [row] = await db
    .select({ home: homes, hostName: users.name })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.hostId))
    .where(eq(homes.id, id));
  if (!row) throw notFound(HOME_NOT_FOUND);
  return { ...row.home, hostName: row.hostName };
}

/** A home as the API answers it: the address only to those who may see it (seesAddress). */
export async function homeAnswer(db: Db, home: HomeRow, viewer: Traveller, now = new Date()) {
  const manages = canManage(viewer, home.hostId);
  const [windows, address, photos, blocks, discounts, reviews] = await Promise.all([
    db
      .select({
        from: sql<string>`lower(${homeWindows.nights})::text`,
        to: sql<string>`upper(${homeWindows.nights})::text`,
      })
      .from(homeWindows)
      .where(
        and(eq(homeWindows.homeId, home.id), sql`upper(${homeWindows.nights}) > ${todayIn(home.timeZone, now)}::date`),
      )
      .orderBy(sql`lower(${homeWindows.nights})`),
    seesAddress(db, home, viewer, now),
    photosOf(db, viewer, home.id),
    manages ? comingBlocks(db, home.id) : [],
    travelDiscounts(db),
    reviewsOf(db, home.id),
  ]);
  const discount = discounts[viewer.type];
  const [first] = photos;
  const cover = first
    ? {
        url: first.url,
        sources: first.sources,
        placeholder: first.placeholder,
        width: first.width,
        height: first.height,
      }
    : undefined;
  return {
    ...cardOf(home, discount, cover),
    description: home.description,
    amenities: home.amenities,
    house_rules: home.houseRules,
    time_zone: home.timeZone,
    check_in: home.checkIn,
    check_out: home.checkOut,
    host_id: home.hostId,
    ...(address ? { address: home.address } : {}),
    your_discount: discount,
    manages,
    calendar_link: manages && home.feedTokenHash !== null,
    windows,
    blocks,
    photos,
    reviews,
  };
}

/** A home's card: where it is, what it sleeps, the club's rate and hers. */
export function cardOf(
  home: Pick<
    HomeRow,
    | "id"
    | "title"
    | "kind"
    | "region"
    | "city"
    | "country"
    | "sleeps"
    | "bedrooms"
    | "minNights"
    | "nightlyRateCents"
    | "hostName"
  >,
  /** Her member type's discount, in percent (the club's setting). */
  discountPercent: number,
  cover?: HomeCover,
) {
  return {
    id: home.id,
    title: home.title,
    kind: home.kind,
    region: home.region,
    city: home.city,
    country: home.country,
    sleeps: home.sleeps,
    bedrooms: home.bedrooms,
    min_nights: home.minNights,
    nightly_rate: units(home.nightlyRateCents),
    your_rate: yourRate(home.nightlyRateCents, discountPercent),
    host_name: home.hostName,
    photo: cover ?? null,
  };
}

/** A host's homes, and the nights she offers members this year against the club's minimum. */
export async function hostHomes(db: Db, viewer: Traveller, now = new Date()) {
  const year = Number(todayIn("UTC", now).slice(0, 4));
  const rows = await db
    .select({ home: homes, hostName: users.name })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.hostId))
    .where(eq(homes.hostId, viewer.id))
    .orderBy(asc(homes.title));
  const yearRange = sql`daterange(${`${year}-01-01`}::date, ${`${year + 1}-01-01`}::date)`;
  const [offered] = await db
    .select({
      nights: sql<number>`coalesce(sum(upper(${homeWindows.nights} * ${yearRange}) - lower(${homeWindows.nights} * ${yearRange})), 0)::int`,
    })
    .from(homeWindows)
    .innerJoin(homes, eq(homes.id, homeWindows.homeId))
    .where(and(eq(homes.hostId, viewer.id), sql`${homeWindows.nights} && ${yearRange}`));
  return {
    homes: await Promise.all(rows.map((r) => homeAnswer(db, { ...r.home, hostName: r.hostName }, viewer, now))),
    // Her first home starts from what she told the club when she applied.
    fromApplication: rows.length === 0 ? await propertyFromApplication(db, viewer.id) : null,
    year,
    nightsOffered: offered?.nights ?? 0,
    minimumNights: HOST_MINIMUM_NIGHTS,
  };
}

export /**
 * The property she described in her accepted application (type, description, address), for her
 * first home's form: the club has it already. The application is hers by its e-mail, as the data
 * export finds it. Null when there is none.
 */
async function propertyFromApplication(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      kind: applicationProperties.type,
      description: applicationProperties.description,
      address: applicationProperties.address,
      availability: applicationProperties.availability,
    })
    .from(applicationProperties)
    .innerJoin(applications, eq(applications.id, applicationProperties.applicationId))
    .innerJoin(users, eq(sql`lower(${applications.email})`, sql`lower(${users.email})`))
    .where(and(eq(users.id, userId), eq(applications.accepted, true)))
    .orderBy(desc(applications.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    kind: row.kind ?? "",
    description: row.description ?? "",
    address: row.address ?? "",
    availability: row.availability ?? "",
  };
}

export function staySelect(db: Queryable) {
  return db
    .select({
      stay: stays,
      homeTitle: homes.title,
      city: homes.city,
      country: homes.country,
      timeZone: homes.timeZone,
      checkIn: homes.checkIn,
      checkOut: homes.checkOut,
      address: homes.address,
      hostId: homes.hostId,
      hostName: hostUsers.name,
      guestName: users.name,
      guestEmail: users.email,
      hostEmail: hostUsers.email,
      reviewId: stayReviews.id,
      conversationId: sql<
        string | null
      >`(select c.id from conversations c where c.stay_id = ${stays.id} order by c.created_at limit 1)`,
    })
    .from(stays)
    .innerJoin(homes, eq(homes.id, stays.homeId))
    .innerJoin(users, eq(users.id, stays.guestId))
    .innerJoin(hostUsers, eq(hostUsers.id, homes.hostId))
    .leftJoin(stayReviews, eq(stayReviews.stayId, stays.id));
}
export type StayRow = Awaited<ReturnType<typeof staySelect>>[number];

/** A stay with its home, guest and host, or "not found" (who may see it is the access module's). */
export async function stayRow(db: Queryable, id: string): Promise<StayRow & { guestId: string }> {
  const [row] = await staySelect(db).where(eq(stays.id, id));
  if (!row) throw notFound(STAY_NOT_FOUND);
  return { ...row, guestId: row.stay.guestId };
}

/** Her trips and the requests and stays at her homes (an admin with `all`: every stay), latest arrival first. */
export async function listStays(db: Queryable, viewer: Traveller, options: { all?: boolean } = {}) {
  const where: SQL | undefined =
    options.all && viewer.admin ? undefined : or(eq(stays.guestId, viewer.id), eq(homes.hostId, viewer.id));
  const rows = await staySelect(db)
    .where(where)
    .orderBy(desc(stays.arrive), desc(stays.createdAt))
    .limit(STAYS_LIST_MAX);
  return rows.map((r) => stayAnswer(r, viewer));
}

export function stayAnswer(r: StayRow, viewer: { id: string }) {
  const s = r.stay;
  return {
    id: s.id,
    status: s.status as "requested" | "accepted" | "declined" | "expired" | "cancelled",
    status_reason: s.statusReason,
    home_id: s.homeId,
    home_title: r.homeTitle,
    city: r.city,
    country: r.country,
    time_zone: r.timeZone,
    guest_id: s.guestId,
    guest_name: r.guestName,
    host_id: r.hostId,
    host_name: r.hostName,
    arrive: s.arrive,
    depart: s.depart,
    guests: s.guests,
    message: s.message,
    nights: s.nights,
    nightly_rate: units(s.nightlyRateCents),
    discount_percent: s.discountPercent,
    total: units(s.totalCents),
    role:
      viewer.id === s.guestId ? ("guest" as const) : viewer.id === r.hostId ? ("host" as const) : ("admin" as const),
    created_at: s.createdAt,
    /** Whether her note for the club about this stay is written. */
    reviewed: r.reviewId !== null,
    /** Its guest's and host's conversation (theirs only: an admin reads no conversation). */
    conversation_id: viewer.id === s.guestId || viewer.id === r.hostId ? r.conversationId : null,
  };
}

/**
 * Her next stay as a guest (My club): the soonest accepted or requested one she has not left yet
 * (days in each home's time zone), or null. Never the address: the home's page shows it to her.
 * `answerChangesAt` is told when the answer changes by itself (ApiContext's).
 */
export async function nextStayOf(
  db: Queryable,
  guestId: string,
  now = new Date(),
  answerChangesAt?: (instant: Date) => void,
) {
  // Asked by every member's home: built once per database, only her id changes (preparedOnce).
  const query = preparedOnce(db, "nextStayOf", () =>
    db
      .select({
        id: stays.id,
        status: stays.status,
        arrive: stays.arrive,
        depart: stays.depart,
        nights: stays.nights,
        guests: stays.guests,
        homeId: homes.id,
        homeTitle: homes.title,
        city: homes.city,
        country: homes.country,
        timeZone: homes.timeZone,
        hostName: users.name,
      })
      .from(stays)
      .innerJoin(homes, eq(homes.id, stays.homeId))
      .innerJoin(users, eq(users.id, homes.hostId))
      .where(
        and(
          eq(stays.guestId, sql.placeholder("guestId")),
          sql`${stays.status} in ('accepted', 'requested')`,
          // A day either side of every time zone; each row is then held to its own home's day.
          sql`${stays.depart} >= current_date - 1`,
        ),
      )
      .orderBy(asc(stays.arrive))
      .limit(5)
      .prepare("next_stay"),
  );
  const rows = await query.execute({ guestId });
  const next = rows.find((r) => r.depart > todayIn(r.timeZone, now));
  if (!next) return null;
  // Hers until the day she leaves begins in the home's zone; a later one may then be next.
  answerChangesAt?.(wallClockInstant(`${next.depart}T00:00`, next.timeZone));
  const { timeZone: _zone, ...stay } = next;
  return { ...stay, status: stay.status as "accepted" | "requested" };
}
