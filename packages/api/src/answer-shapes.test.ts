import type { SessionUser } from "@club/auth";
import { eventParticipants, events } from "@club/db";
import { hiddenClassesOf, madeAfterWarmUp } from "@club/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireMember, withholdAdminRight } from "./domain/access";
import { listEvents } from "./domain/events/list";
import { loadEventDto } from "./domain/events/queries";
import { memberHome } from "./domain/home/home";
import { type TestApi, testApi } from "./test/api";
import { insertMediaRow } from "./test/media-row";

// Answers' rows, and what each request carries, are built so that objects of one shape share one
// hidden class: see hiddenClassesOf.

let api: TestApi;
let host: SessionUser;
let member: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("shapes-host@club.test", { type: "Founding" });
  member = await api.member("shapes-member@club.test", { type: "Standard" });
  // Forty events: notes and places on some, seats counted on a few (their cards carry `rsvp`).
  await api.db.insert(events).values(
    Array.from({ length: 40 }, (_, i) => ({
      slug: `shapes-${i}`,
      title: `Shapes ${i}`,
      description: `About ${i}`,
      note: i % 3 === 0 ? "Bring a friend" : null,
      location: i % 2 === 0 ? "The club house" : null,
      capacity: i % 10 === 0 ? 12 : null,
      eventDate: `2031-0${1 + (i % 9)}-1${i % 10}`,
      startTime: "18:00",
      createdBy: host.id,
    })),
  );
  // Her home: two events she is going to, a photo of one of them by someone else.
  const going = await api.db.query.events.findMany({
    where: (t, { inArray }) => inArray(t.slug, ["shapes-2", "shapes-4"]),
  });
  await api.db.insert(eventParticipants).values(going.map((e) => ({ eventId: e.id, userId: member.id })));
  await insertMediaRow(api.db, { uploadedBy: host.id, associatedEventId: going[0]!.id, title: "Toast" });
});
afterAll(() => api.close());

describe("objects of one shape share one hidden class", () => {
  it("the class check itself tells a spread-first literal from a built one", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, n: i }));
    expect(hiddenClassesOf(rows.map((r) => ({ ...r, extra: 1 })))).toBeGreaterThan(10);
    expect(hiddenClassesOf(rows.map((r) => Object.assign({}, r, { extra: 1 })))).toBe(1);
  });

  it("the events list's cards: one class per set of optional keys", async () => {
    const ctx = requireMember(api.contextFor(member));
    const { items } = await listEvents(ctx, { limit: 200 });
    expect(items).toHaveLength(40);
    expect(items.filter((e) => e.rsvp)).toHaveLength(4);
    // Plain cards, and cards with their seats: two classes, whatever the number of events.
    expect(hiddenClassesOf(items.filter((e) => !e.rsvp))).toBe(1);
    expect(hiddenClassesOf(items.filter((e) => e.rsvp))).toBe(1);
  });

  it("an event's page, asked again and again", async () => {
    const ctx = requireMember(api.contextFor(member));
    for (const slug of ["shapes-1", "shapes-10"]) {
      const row = await api.db.query.events.findFirst({ where: (t, { eq }) => eq(t.slug, slug) });
      if (!row) throw new Error("no event");
      expect(hiddenClassesOf(await madeAfterWarmUp(10, () => loadEventDto(ctx, row)))).toBe(1);
    }
  });

  it("a request's caller, once the admins' rule has seen it (every request)", async () => {
    const admin = await api.member("shapes-admin@club.test", { type: "Founding", admin: true });
    for (const user of [member, admin]) {
      const { session } = api.contextFor(user);
      expect(hiddenClassesOf(await madeAfterWarmUp(10, () => withholdAdminRight(api.db, { session, user })))).toBe(1);
    }
  });

  it("a member's home, asked again and again: its events and its new photos", async () => {
    const ctx = requireMember(api.contextFor(member));
    const homes = await madeAfterWarmUp(5, () => memberHome(ctx));
    const events = homes.flatMap((h) => h.nextEvents);
    const photos = homes.flatMap((h) => h.newMedia);
    expect(events).toHaveLength(10);
    expect(photos).toHaveLength(5);
    expect(hiddenClassesOf(events)).toBe(1);
    expect(hiddenClassesOf(photos)).toBe(1);
  });
});
