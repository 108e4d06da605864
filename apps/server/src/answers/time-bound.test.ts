import { eventInvitations, events } from "@club/db";
import { and, eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

/**
 * What changes with time alone, with nothing written for the database to tell: an RSVP deadline
 * passing, an invitation she has not accepted expiring. Answers are kept a minute here, so each
 * check after the moment passes only holds because the kept answer ended with it.
 */
let h: Harness;
let ada: string; // Founding, creates the events
let cleo: string; // Standard
let cleoId: string;

beforeAll(async () => {
  h = await startApp({ answerCacheMs: 60_000, sessionCacheMs: 60_000 });
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  cleoId = (await addUser(h, { email: "cleo@club.test", name: "Cleo" })).id;
  ada = await login(h, "ada@club.test");
  cleo = await login(h, "cleo@club.test");
});
afterAll(() => h.close());

/** Long enough for the reads before it on a busy machine; the test checks that they were. */
const WINDOW_MS = 3_000;
const get = (url: string, cookie: string) => h.app.inject({ url, headers: { cookie } });
const pastIt = (instant: Date) => new Promise((resolve) => setTimeout(resolve, instant.getTime() - Date.now() + 50));
const trpcUrl = (path: string, input: unknown) =>
  `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
type Card = { id: string; rsvp?: { closed: boolean } };
const listed = async (cookie: string): Promise<Card[]> => {
  const res = await get(trpcUrl("events.list", { upcoming: true, limit: 50 }), cookie);
  expect(res.statusCode).toBe(200);
  return res.json().result.data.json.items;
};

describe("an answer kept while time changes it", () => {
  it("an RSVP deadline that passes closes the event's page and its card", async () => {
    const supper = (await request(h, "POST", "/api/events", { title: "Deadline Supper", capacity: 8 }, ada)).json();
    const deadline = new Date(Date.now() + WINDOW_MS);
    await h.db.db.update(events).set({ rsvpDeadline: deadline }).where(eq(events.id, supper.id));
    const state = async () => ({
      page: (await get(`/api/events/${supper.id}`, cleo)).json().rsvp.closed,
      card: (await listed(cleo)).find((e) => e.id === supper.id)?.rsvp?.closed,
    });
    // Asked twice: the second is the kept answer.
    expect([await state(), await state()]).toEqual([
      { page: false, card: false },
      { page: false, card: false },
    ]);
    expect(Date.now()).toBeLessThan(deadline.getTime());
    await pastIt(deadline);
    expect(await state()).toEqual({ page: true, card: true });
  });

  it("an invitation she has not accepted hides its event once it expires", async () => {
    const salon = (
      await request(h, "POST", "/api/events", { title: "Expiring Salon", exclusivity: "invite-only" }, ada)
    ).json();
    expect(
      (await request(h, "POST", "/api/events/invite", { eventId: salon.id, userIds: [cleoId] }, ada)).statusCode,
    ).toBe(200);
    const expiry = new Date(Date.now() + WINDOW_MS);
    await h.db.db
      .update(eventInvitations)
      .set({ expiresAt: expiry })
      .where(and(eq(eventInvitations.eventId, salon.id), eq(eventInvitations.inviteeId, cleoId)));
    const sees = async () => ({
      page: (await get(`/api/events/${salon.id}`, cleo)).statusCode,
      listed: (await listed(cleo)).some((e) => e.id === salon.id),
    });
    expect([await sees(), await sees()]).toEqual([
      { page: 200, listed: true },
      { page: 200, listed: true },
    ]);
    expect(Date.now()).toBeLessThan(expiry.getTime());
    await pastIt(expiry);
    expect(await sees()).toEqual({ page: 404, listed: false });
  });
});
