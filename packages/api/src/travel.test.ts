import { type DbHandle, homes, homeTaken, stays, users } from "@club/db";
import { eq } from "@club/db/orm";
import { createTestDb } from "@club/db/testing";
import type { MemberType } from "@club/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "./domain/account/users";
import { travelDiscounts } from "./domain/admin/club-settings";
import { ADDRESS_DAYS_AFTER_STAY, seesAddress } from "./domain/travel/address";
import { homeMonth } from "./domain/travel/calendar";
import { EXPIRED_UNANSWERED, expireUnansweredRequests } from "./domain/travel/expiry";
import { findHomes } from "./domain/travel/find";
import { blockNights, createHome, mergeWindows, setWindows } from "./domain/travel/homes";
import { acceptStay, cancelStay, DECLINED_FOR_OVERLAP, declineStay, requestStay } from "./domain/travel/stays";

// Travel's core: homes with open windows, stays asked for and accepted, and the database's promise
// that no night of a home is taken twice. Run on the embedded database and, in CI, on Postgres
// (`pnpm test:db`), where the ten accepts below really run side by side on ten connections.

let handle: DbHandle;
let host: { id: string; type: MemberType };
const guests: { id: string; type: MemberType }[] = [];
let homeId: string;
/** A fixed "now" in the club's spring, so that no test depends on the month it runs in. */
const NOW = new Date("2031-03-01T12:00:00Z");

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

beforeEach(async () => {
  const db = handle.db;
  await db.delete(homes);
  await db.delete(users);
  guests.length = 0;
  const made = await createUser(db, {
    email: "hana@club.test",
    name: "Hana",
    password: "password1",
    type: "Travel Host",
  });
  host = { id: made.id, type: "Travel Host" };
  for (const [i, type] of (["Founding", "Standard", "Travel Host"] as const).entries()) {
    const g = await createUser(db, { email: `g${i}@club.test`, name: `Guest ${i}`, password: "password1", type });
    guests.push({ id: g.id, type });
  }
  for (let i = 3; i < 10; i++) {
    const g = await createUser(db, { email: `g${i}@club.test`, name: `Guest ${i}`, password: "password1" });
    guests.push({ id: g.id, type: "Standard" });
  }
  ({ id: homeId } = await createHome(db, host.id, {
    title: "Olive grove house",
    kind: "Villa",
    city: "Lucca",
    country: "Italy",
    region: "Tuscany",
    address: "Via delle Ville 12, 55100 Lucca",
    sleeps: 4,
    bedrooms: 2,
    nightlyRateCents: 30_000,
    minNights: 2,
    timeZone: "Europe/Rome",
  }));
  await setWindows(db, homeId, [{ from: "2031-06-01", to: "2031-09-01" }]);
});

/** A second home of the host's, a cabin in the Rockies that sleeps two. */
const lakeCabin = () =>
  createHome(handle.db, host.id, {
    title: "Lake cabin",
    kind: "Cabin",
    city: "Banff",
    region: "Alberta",
    country: "Canada",
    address: "1 Lake Road",
    sleeps: 2,
    bedrooms: 1,
    nightlyRateCents: 10_000,
    timeZone: "America/Edmonton",
  });

const ask = (guest: number, arrive: string, depart: string, guestsCount = 2) =>
  requestStay(handle.db, guests[guest]!, homeId, { arrive, depart, guests: guestsCount }, NOW);

describe("a stay's price", () => {
  it("is the nightly rate, the nights, and her member type's discount, kept when rates change", async () => {
    // The club's defaults, as the Membership page promises, until an admin sets others.
    expect(await travelDiscounts(handle.db)).toEqual({ "Travel Host": 100, Founding: 80, Standard: 50 });
    const founding = await ask(0, "2031-06-10", "2031-06-13");
    const standard = await ask(1, "2031-06-10", "2031-06-14");
    const hostGuest = await ask(2, "2031-06-10", "2031-06-12");
    await handle.db.update(homes).set({ nightlyRateCents: 99_900 }).where(eq(homes.id, homeId));
    const kept = await handle.db.select().from(stays);
    const byId = new Map(kept.map((s) => [s.id, s]));
    expect(byId.get(founding.id)).toMatchObject({
      nights: 3,
      nightlyRateCents: 30_000,
      discountPercent: 80,
      totalCents: 18_000,
    });
    expect(byId.get(standard.id)).toMatchObject({ nights: 4, discountPercent: 50, totalCents: 60_000 });
    expect(byId.get(hostGuest.id)).toMatchObject({ nights: 2, discountPercent: 100, totalCents: 0 });
  });
});

describe("asking for a stay", () => {
  it("refuses what breaks a rule, with a sentence, and keeps nothing", async () => {
    const refusals: [() => Promise<unknown>, RegExp][] = [
      [() => ask(0, "2031-06-10", "2031-06-10"), /departure must be at least a day after the arrival/],
      [() => ask(0, "2031-06-12", "2031-06-10"), /departure must be at least a day after the arrival/],
      [() => ask(0, "2031-02-27", "2031-03-02"), /cannot start in the past/],
      [() => ask(0, "2031-06-01", "2031-08-01"), /at most 60 nights/],
      [() => ask(0, "2031-06-10", "2031-06-11"), /at least 2 nights/],
      [() => ask(0, "2031-06-10", "2031-06-13", 5), /sleeps 4: ask for 1 to 4 guests/],
      [() => ask(0, "2031-06-10", "2031-06-13", 0), /sleeps 4: ask for 1 to 4 guests/],
      [() => ask(0, "2031-08-30", "2031-09-02"), /inside one of her open windows/],
      [() => ask(0, "2031-06-31", "2031-07-03"), /"2031-06-31" is not a date: give days as YYYY-MM-DD/],
      [() => ask(0, "next friday", "2031-07-03"), /"next friday" is not a date/],
      [() => ask(0, "2031-05-30", "2031-06-02"), /inside one of her open windows/],
      [
        () => requestStay(handle.db, host, homeId, { arrive: "2031-06-10", depart: "2031-06-13", guests: 1 }, NOW),
        /your own home/,
      ],
    ];
    for (const [call, message] of refusals) await expect(call()).rejects.toThrow(message);
    expect(await handle.db.select().from(stays)).toEqual([]);
  });

  it("takes a request ending on the window's last day, and one from anywhere for the same nights", async () => {
    // Nights are days in the home's own time zone: "today" is Rome's, whatever the asker's clock.
    const lastNight = await ask(0, "2031-08-29", "2031-09-01");
    expect(lastNight.status).toBe("requested");
    const [row] = await handle.db.select().from(stays).where(eq(stays.id, lastNight.id));
    expect(row).toMatchObject({ arrive: "2031-08-29", depart: "2031-09-01", nights: 3 });
  });

  it("refuses nights that are taken, by a stay or a block", async () => {
    const first = await ask(0, "2031-07-01", "2031-07-05");
    await acceptStay(handle.db, first.id, NOW);
    await expect(ask(1, "2031-07-04", "2031-07-08")).rejects.toThrow(/already taken/);
    await blockNights(handle.db, homeId, { from: "2031-07-20", to: "2031-07-25" });
    await expect(ask(1, "2031-07-18", "2031-07-21")).rejects.toThrow(/already taken/);
  });
});

describe("never double-booked", () => {
  it("ten overlapping requests accepted at once: exactly one is accepted, the others declined or refused", async () => {
    const asked = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ask(i, `2031-07-${String(1 + i).padStart(2, "0")}`, `2031-07-${12 + i}`)),
    );
    const outcomes = await Promise.allSettled(asked.map((s) => acceptStay(handle.db, s.id, NOW)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === "rejected")) {
      expect(String((o as PromiseRejectedResult).reason)).toMatch(/cannot be accepted: it is declined|no longer free/);
    }
    const rows = await handle.db.select().from(stays);
    expect(rows.filter((r) => r.status === "accepted")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "declined")).toHaveLength(9);
    expect(rows.filter((r) => r.status === "declined").every((r) => r.statusReason === DECLINED_FOR_OVERLAP)).toBe(
      true,
    );
    expect(await handle.db.select().from(homeTaken)).toHaveLength(1);
  });

  it("accepts back-to-back stays: the departure day is the next guest's arrival", async () => {
    const first = await ask(0, "2031-07-01", "2031-07-05");
    const second = await ask(1, "2031-07-05", "2031-07-09");
    expect((await acceptStay(handle.db, first.id, NOW)).declined).toEqual([]);
    expect((await acceptStay(handle.db, second.id, NOW)).declined).toEqual([]);
    const taken = await handle.db.select({ nights: homeTaken.nights }).from(homeTaken);
    expect(taken.map((t) => t.nights).sort()).toEqual(["[2031-07-01,2031-07-05)", "[2031-07-05,2031-07-09)"]);
  });

  it("is the database's guarantee: overlapping nights written past the code are refused by Postgres", async () => {
    await handle.db.insert(homeTaken).values({ homeId, nights: "[2031-07-01,2031-07-05)" });
    await expect(handle.db.insert(homeTaken).values({ homeId, nights: "[2031-07-04,2031-07-06)" })).rejects.toThrow();
    // Another home's same nights are its own.
    const other = await lakeCabin();
    await handle.db.insert(homeTaken).values({ homeId: other.id, nights: "[2031-07-01,2031-07-05)" });
    expect(await handle.db.select().from(homeTaken)).toHaveLength(2);
  });

  it("a host's block and an accepted stay never share a night, either way round", async () => {
    const stay = await ask(0, "2031-07-01", "2031-07-05");
    await blockNights(handle.db, homeId, { from: "2031-07-03", to: "2031-07-04" });
    await expect(acceptStay(handle.db, stay.id, NOW)).rejects.toThrow(/no longer free/);
    const other = await ask(1, "2031-07-10", "2031-07-14");
    await acceptStay(handle.db, other.id, NOW);
    await expect(blockNights(handle.db, homeId, { from: "2031-07-13", to: "2031-07-15" })).rejects.toThrow(
      /already taken by a stay or another block/,
    );
    // The refused accept left its request as it was.
    const [kept] = await handle.db.select().from(stays).where(eq(stays.id, stay.id));
    expect(kept?.status).toBe("requested");
  });

  it("a cancelled stay frees its nights at once; a decided request cannot be decided again", async () => {
    const first = await ask(0, "2031-07-01", "2031-07-05");
    await acceptStay(handle.db, first.id, NOW);
    await cancelStay(handle.db, first.id, "Plans changed.", NOW);
    expect(await handle.db.select().from(homeTaken)).toEqual([]);
    const again = await ask(1, "2031-07-02", "2031-07-04");
    await acceptStay(handle.db, again.id, NOW);
    await expect(acceptStay(handle.db, first.id, NOW)).rejects.toThrow(/cannot be accepted: it is cancelled/);
    const declined = await ask(2, "2031-08-01", "2031-08-04");
    await declineStay(handle.db, declined.id, "We are away that week.", NOW);
    await expect(declineStay(handle.db, declined.id, undefined, NOW)).rejects.toThrow(
      /cannot be declined: it is declined/,
    );
    await expect(cancelStay(handle.db, declined.id, "x", NOW)).rejects.toThrow(/cannot be cancelled: it is declined/);
  });
});

describe("open windows", () => {
  it("are merged when they overlap or touch, and refused when they end before they start", async () => {
    expect(
      mergeWindows([
        { from: "2031-08-01", to: "2031-08-08" },
        { from: "2031-07-01", to: "2031-08-01" },
        { from: "2031-10-01", to: "2031-10-05" },
        { from: "2031-10-03", to: "2031-10-04" },
      ]),
    ).toEqual([
      { from: "2031-07-01", to: "2031-08-08" },
      { from: "2031-10-01", to: "2031-10-05" },
    ]);
    expect(() => mergeWindows([{ from: "2031-07-05", to: "2031-07-05" }])).toThrow(/must end after it starts/);
    const many = Array.from({ length: 101 }, () => ({ from: "2031-07-01", to: "2031-07-02" }));
    expect(() => mergeWindows(many)).toThrow(/at most 100 open windows/);
    // Written merged: the database's own no-overlap rule holds.
    await setWindows(handle.db, homeId, [
      { from: "2031-06-01", to: "2031-06-20" },
      { from: "2031-06-10", to: "2031-07-01" },
    ]);
    await expect(ask(0, "2031-06-18", "2031-06-25")).resolves.toMatchObject({ status: "requested" });
  });

  it("go with the home, as do its stays, when its host's account is deleted", async () => {
    await ask(0, "2031-07-01", "2031-07-05");
    await handle.db.delete(users).where(eq(users.id, host.id));
    expect(await handle.db.select().from(homes)).toEqual([]);
    expect(await handle.db.select().from(stays)).toEqual([]);
  });
});

describe("the exact address", () => {
  const home = () => ({ id: homeId, hostId: host.id, timeZone: "Europe/Rome" });
  const sees = (id: string, at: Date, admin = false) => seesAddress(handle.db, home(), { id, admin }, at);

  it("is the host's, the admins', and an accepted guest's until a week after she leaves", async () => {
    const stay = await ask(0, "2031-07-01", "2031-07-05");
    expect(await sees(host.id, NOW)).toBe(true);
    expect(await sees(guests[5]!.id, NOW, true)).toBe(true);
    // Asked for, not yet accepted: region, city and country only.
    expect(await sees(guests[0]!.id, NOW)).toBe(false);
    await acceptStay(handle.db, stay.id, NOW);
    expect(await sees(guests[0]!.id, NOW)).toBe(true);
    expect(await sees(guests[1]!.id, NOW)).toBe(false);
    // Days in Rome: she left on July 5; the address is hers through July 12 there, not on July 13.
    expect(ADDRESS_DAYS_AFTER_STAY).toBe(7);
    expect(await sees(guests[0]!.id, new Date("2031-07-12T21:59:00Z"))).toBe(true);
    expect(await sees(guests[0]!.id, new Date("2031-07-12T22:01:00Z"))).toBe(false);
  });

  it("is no longer hers the moment her stay is cancelled", async () => {
    const stay = await ask(0, "2031-07-01", "2031-07-05");
    await acceptStay(handle.db, stay.id, NOW);
    await cancelStay(handle.db, stay.id, "Plans changed.", NOW);
    expect(await sees(guests[0]!.id, NOW)).toBe(false);
  });
});

describe("finding a home", () => {
  it("by dates, guests and place, with her own rate, and never the address", async () => {
    const cabin = await lakeCabin();
    await setWindows(handle.db, cabin.id, [{ from: "2031-07-01", to: "2031-08-01" }]);
    const titles = async (type: MemberType, search: Parameters<typeof findHomes>[2]) =>
      (await findHomes(handle.db, type, search)).map((h) => h.title);

    expect(await titles("Standard", {})).toEqual(["Lake cabin", "Olive grove house"]);
    expect(await titles("Standard", { guests: 3 })).toEqual(["Olive grove house"]);
    expect(await titles("Standard", { place: "tusc" })).toEqual(["Olive grove house"]);
    expect(await titles("Standard", { place: "%" })).toEqual([]);
    expect(await titles("Standard", { arrive: "2031-06-10", depart: "2031-06-12" })).toEqual(["Olive grove house"]);
    // The cabin's one open night short of the stay; the house's minimum of two nights.
    expect(await titles("Standard", { arrive: "2031-07-31", depart: "2031-08-02" })).toEqual(["Olive grove house"]);
    expect(await titles("Standard", { arrive: "2031-07-10", depart: "2031-07-11" })).toEqual(["Lake cabin"]);
    // Taken nights leave the house out.
    const stay = await ask(0, "2031-07-10", "2031-07-14");
    await acceptStay(handle.db, stay.id, NOW);
    expect(await titles("Standard", { arrive: "2031-07-12", depart: "2031-07-15" })).toEqual(["Lake cabin"]);

    const [house] = await findHomes(handle.db, "Founding", { place: "Italy" });
    expect(house).toMatchObject({ nightly_rate: 300, your_rate: 60 });
    expect(JSON.stringify(await findHomes(handle.db, "Founding", {}))).not.toContain("Via delle Ville");
    await expect(findHomes(handle.db, "Standard", { arrive: "2031-07-12" })).rejects.toThrow(
      /both an arrival and a departure/,
    );
    await expect(findHomes(handle.db, "Standard", { arrive: "2031-07-12", depart: "2031-07-12" })).rejects.toThrow(
      /at least a day after/,
    );
  });
});

describe("a home's month", () => {
  it("shows each night open, closed, blocked or taken, and never whose stay", async () => {
    await setWindows(handle.db, homeId, [{ from: "2031-06-20", to: "2031-07-10" }]);
    const stay = await ask(0, "2031-07-01", "2031-07-04");
    await acceptStay(handle.db, stay.id, NOW);
    await blockNights(handle.db, homeId, { from: "2031-07-06", to: "2031-07-08" });
    const july = await homeMonth(handle.db, homeId, "2031-07");
    expect(july).toHaveLength(31);
    const states = Object.fromEntries(july.map((n) => [n.day, n.state]));
    expect(states).toMatchObject({
      "2031-07-01": "taken",
      "2031-07-03": "taken",
      "2031-07-04": "open",
      "2031-07-06": "blocked",
      "2031-07-07": "blocked",
      "2031-07-08": "open",
      "2031-07-09": "open",
      "2031-07-10": "closed",
      "2031-07-31": "closed",
    });
    expect((await homeMonth(handle.db, homeId, "2031-02")).length).toBe(28);
    await expect(homeMonth(handle.db, homeId, "2031-13")).rejects.toThrow(/YYYY-MM/);
  });
});

describe("a request nobody answers", () => {
  it("expires after 72 hours with a sentence, and its nights can be asked for and accepted again", async () => {
    const stay = await ask(0, "2031-07-01", "2031-07-05");
    expect(await expireUnansweredRequests(handle.db, new Date(Date.now() + 71 * 3_600_000))).toEqual([]);
    const expired = await expireUnansweredRequests(handle.db, new Date(Date.now() + 73 * 3_600_000));
    expect(expired.map((e) => e.id)).toEqual([stay.id]);
    const [row] = await handle.db.select().from(stays).where(eq(stays.id, stay.id));
    expect(row).toMatchObject({ status: "expired", statusReason: EXPIRED_UNANSWERED });
    await expect(acceptStay(handle.db, stay.id, NOW)).rejects.toThrow(/it is expired/);
    const again = await ask(1, "2031-07-01", "2031-07-05");
    await expect(acceptStay(handle.db, again.id, NOW)).resolves.toEqual({ declined: [] });
  });
});
