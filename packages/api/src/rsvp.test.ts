import { hashToken, type SessionUser } from "@club/auth";
import { eventInvitations, eventParticipants, events, eventWaitlist, mailOutbox, profiles, users } from "@club/db";
import { asc, eq, inArray } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let host: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("host@rsvp.test", { type: "Founding", name: "Hostess" });
  admin = await api.member("admin@rsvp.test", { admin: true, name: "Admin" });
});
afterAll(() => api.close());

/** Members without a password hash worth the name: a crowd for the seats. */
async function crowd(n: number, tag: string): Promise<SessionUser[]> {
  const rows = await api.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `${tag} ${i + 1}`,
        email: `${tag.toLowerCase()}${i + 1}@rsvp.test`,
        passwordHash: "x",
      })),
    )
    .returning();
  return rows.map((u) => ({ ...u, mustChangePassword: false }));
}

/**
 * An event whose host then gives up her seat (as she may), so that its capacity is the other
 * members' alone: the counts below are theirs. "the host" below tests her seat.
 */
async function event(values: { capacity?: number | string; guests_per_member?: number; rsvp_deadline?: string }) {
  const created = await api
    .callerFor(host)
    .events.create({ title: "Supper club", event_date: "2027-06-01", ...values });
  await api.callerFor(host).events.leave({ id: created.id });
  return api.callerFor(host).events.get({ id: created.id });
}

const waitlistOf = async (eventId: string) =>
  (
    await api.db
      .select({ userId: eventWaitlist.userId })
      .from(eventWaitlist)
      .where(eq(eventWaitlist.eventId, eventId))
      .orderBy(asc(eventWaitlist.position))
  ).map((r) => r.userId);
const participantIds = async (eventId: string) =>
  (
    await api.db
      .select({ userId: eventParticipants.userId })
      .from(eventParticipants)
      .where(eq(eventParticipants.eventId, eventId))
  ).map((r) => r.userId);
const mailsTo = async (people: SessionUser[]) =>
  api.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        people.map((p) => p.email),
      ),
    );

describe("capacity and the waitlist", () => {
  it("an event without a capacity answers as the spec says: no rsvp block, joins as before", async () => {
    const e = await event({});
    expect(e).not.toHaveProperty("rsvp");
    const [a] = await crowd(1, "Plain");
    const joined = await api.callerFor(a!).events.join({ id: e.id });
    expect(joined).toEqual({ message: "Joined Supper club.", participants: [{ user_id: a!.id, name: "Plain 1" }] });
    const listed = (await api.callerFor(a!).events.list()).items.find((x) => x.id === e.id);
    expect(listed).not.toHaveProperty("rsvp");
  });

  it("50 members racing for the last 5 seats: exactly 5 go, 45 wait in the order they came", async () => {
    const e = await event({ capacity: 6 });
    const [first, ...racers] = await crowd(51, "Racer");
    await api.callerFor(first!).events.join({ id: e.id });
    const answers = await Promise.all(racers.map((m) => api.callerFor(m).events.join({ id: e.id })));
    expect(await participantIds(e.id)).toHaveLength(6);
    const waiting = await waitlistOf(e.id);
    expect(waiting).toHaveLength(45);
    // Every waiting member was told her own place, and the places are 1…45 in the list's order.
    const told = new Map(
      racers.map((m, i) => [m.id, (answers[i] as { waitlist_position?: number }).waitlist_position]),
    );
    expect(waiting.map((id) => told.get(id))).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(answers.filter((a) => a.message.startsWith("Joined"))).toHaveLength(5);

    const seen = await api.callerFor(waiting[1] ? racers.find((r) => r.id === waiting[1])! : first!).events.get({
      id: e.id,
    });
    expect(seen.rsvp).toMatchObject({ capacity: 6, seats_taken: 6, seats_left: 0, waitlist_count: 45 });
    expect(seen.rsvp?.me).toEqual({ status: "waitlist", guests: 0, position: 2 });
  });

  it("seats freed at once go to the first waiting, in order, never past the capacity", async () => {
    const e = await event({ capacity: 5 });
    const people = await crowd(18, "Rush");
    const going = people.slice(0, 5);
    const waiting = people.slice(5, 15);
    const late = people.slice(15);
    for (const m of [...going, ...waiting]) await api.callerFor(m).events.join({ id: e.id });
    // Everyone going leaves while three more arrive, all at once.
    await Promise.all([
      ...going.map((m) => api.callerFor(m).events.leave({ id: e.id })),
      ...late.map((m) => api.callerFor(m).events.join({ id: e.id })),
    ]);
    expect(new Set(await participantIds(e.id))).toEqual(new Set(waiting.slice(0, 5).map((m) => m.id)));
    const queue = await waitlistOf(e.id);
    // Those who were waiting keep their order, ahead of the newcomers.
    expect(queue.slice(0, 5)).toEqual(waiting.slice(5).map((m) => m.id));
    expect(new Set(queue.slice(5))).toEqual(new Set(late.map((m) => m.id)));
    expect(await mailsTo(waiting.slice(0, 5))).toHaveLength(5);
  });

  it("a seat freed goes to the first waiting, who is e-mailed with the calendar file; the rest move up", async () => {
    const e = await event({ capacity: 2 });
    const [a, b, c, d] = await crowd(4, "Queue");
    for (const m of [a, b, c, d]) await api.callerFor(m!).events.join({ id: e.id });
    expect(await waitlistOf(e.id)).toEqual([c!.id, d!.id]);

    // Her answer shows who is going now: the one who moved up into her seat too.
    const left = await api.callerFor(a!).events.leave({ id: e.id });
    expect(left.participants.map((p) => p.user_id)).toEqual([b!.id, c!.id]);
    expect(new Set(await participantIds(e.id))).toEqual(new Set([b!.id, c!.id]));
    expect(await waitlistOf(e.id)).toEqual([d!.id]);
    const mails = await mailsTo([c!, d!]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: c!.email, subject: "A seat opened: you're going to Supper club" });
    expect(mails[0]!.attachments[0]?.content).toContain("BEGIN:VCALENDAR");
    expect((await api.callerFor(d!).events.get({ id: e.id })).rsvp?.me).toMatchObject({ position: 1 });

    // Leaving the waitlist frees nothing and mails nobody.
    await api.callerFor(d!).events.leave({ id: e.id });
    expect(await waitlistOf(e.id)).toEqual([]);
    expect(await mailsTo([d!])).toHaveLength(0);
  });

  it("a new member waits behind those already waiting, even when a seat is free for her alone", async () => {
    const e = await event({ capacity: 3, guests_per_member: 2 });
    const [a, b, c] = await crowd(3, "Fair");
    await api.callerFor(a!).events.join({ id: e.id, guests: 1 }); // 2 of 3 seats
    await api.callerFor(b!).events.join({ id: e.id, guests: 2 }); // needs 3: waits
    expect(await waitlistOf(e.id)).toEqual([b!.id]);
    const answer = await api.callerFor(c!).events.join({ id: e.id }); // 1 seat is free, but b came first
    expect(answer).toMatchObject({ message: "You are #2 on the waitlist for Supper club.", waitlist_position: 2 });
  });

  it("a larger capacity seats the waiting in order; a capacity removed seats everyone", async () => {
    const e = await event({ capacity: 1 });
    const [a, b, c, d] = await crowd(4, "Grow");
    for (const m of [a, b, c, d]) await api.callerFor(m!).events.join({ id: e.id });
    await api.callerFor(host).events.update({ id: e.id, title: "Supper club", event_date: "2027-06-01", capacity: 3 });
    expect(new Set(await participantIds(e.id))).toEqual(new Set([a!.id, b!.id, c!.id]));
    expect(await waitlistOf(e.id)).toEqual([d!.id]);
    await api.callerFor(host).events.update({ id: e.id, title: "Supper club", event_date: "2027-06-01", capacity: "" });
    expect(await participantIds(e.id)).toHaveLength(4);
    expect(await mailsTo([b!, c!, d!])).toHaveLength(3);
  });
});

describe("which events show RSVP details", () => {
  it("the list's cards and the event's page agree, with the same counts", async () => {
    const [guest, late] = await crowd(2, "Agree");
    const kinds = [{}, { capacity: 1 }, { guests_per_member: 2 }, { rsvp_deadline: "2027-05-01T12:00" }];
    for (const values of kinds) {
      const e = await event(values);
      // Guests where the event takes them, and someone waiting where it is full.
      await api.callerFor(guest!).events.join({ id: e.id, guests: values.guests_per_member ? 2 : 0 });
      await api.callerFor(late!).events.join({ id: e.id });
      const { me: _, ...page } = (await api.callerFor(host).events.get({ id: e.id })).rsvp ?? { me: null };
      const listed = (await api.callerFor(host).events.list()).items.find((x) => x.id === e.id);
      expect(listed?.rsvp ?? {}, JSON.stringify(values)).toEqual(page);
    }
  });
});

describe("an invitation to a full event", () => {
  it("puts the invitee on the waitlist when she accepts, and says so", async () => {
    const e = await event({ capacity: 1 });
    const [a, b] = await crowd(2, "Invited");
    await api.callerFor(a!).events.join({ id: e.id });
    await api.db.insert(eventInvitations).values({
      eventId: e.id,
      inviteeId: b!.id,
      invitedBy: host.id,
      tokenHash: hashToken("invitation-to-a-full-event"),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const accepted = await api.callerFor(b!).events.acceptInvite({ token: "invitation-to-a-full-event" });
    expect(accepted).toMatchObject({ event: { id: e.id }, waitlist_position: 1 });
    expect(await waitlistOf(e.id)).toEqual([b!.id]);
  });
});

describe("found in review", () => {
  it("a waitlisted member keeps sight of an invite-only event after her invitation expired", async () => {
    const e = await api
      .callerFor(host)
      .events.create({ title: "Private Table", event_date: "2027-06-01", exclusivity: "invite-only", capacity: 1 });
    const [a, b] = await crowd(2, "Sight");
    await api.callerFor(admin).events.addParticipants({ eventId: e.id, userIds: [a!.id] });
    await api.db.insert(eventInvitations).values({
      eventId: e.id,
      inviteeId: b!.id,
      invitedBy: host.id,
      tokenHash: hashToken("sight-invitation"),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await api.callerFor(b!).events.join({ id: e.id });
    await api.db
      .update(eventInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventInvitations.eventId, e.id));
    expect((await api.callerFor(b!).events.get({ id: e.id })).rsvp?.me).toMatchObject({ status: "waitlist" });
    await api.callerFor(b!).events.leave({ id: e.id });
    await expect(api.callerFor(b!).events.get({ id: e.id })).rejects.toThrow("Event not found");
  });

  it("a waitlisted member who brings fewer guests gets the seat that now fits", async () => {
    const e = await event({ capacity: 4, guests_per_member: 2 });
    const [a, b] = await crowd(2, "Fewer");
    await api.callerFor(a!).events.join({ id: e.id, guests: 2 }); // 3 of 4
    await api.callerFor(b!).events.join({ id: e.id, guests: 1 }); // needs 2: waits
    expect(await api.callerFor(b!).events.join({ id: e.id, guests: 0 })).toMatchObject({
      message: "Joined Supper club.",
    });
    expect(new Set(await participantIds(e.id))).toEqual(new Set([a!.id, b!.id]));
  });

  it("guests are not added ahead of those waiting; a lowered guest limit does not refuse a plain re-join", async () => {
    const e = await event({ capacity: 4, guests_per_member: 2 });
    const [a, b] = await crowd(2, "Ahead");
    await api.callerFor(a!).events.join({ id: e.id, guests: 1 }); // 2 of 4
    await api.callerFor(b!).events.join({ id: e.id, guests: 2 }); // needs 3: waits
    await expect(api.callerFor(a!).events.join({ id: e.id, guests: 2 })).rejects.toThrow(
      "Others are waiting for a seat: guests can be added once the waitlist is empty.",
    );
    await api.db.update(events).set({ guestsPerMember: 0 }).where(eq(events.id, e.id));
    expect(await api.callerFor(a!).events.join({ id: e.id })).toMatchObject({ message: "Joined Supper club." });
  });

  it("an admin adding a waitlisted member takes her off the waitlist", async () => {
    const e = await event({ capacity: 1 });
    const [a, b] = await crowd(2, "Added");
    await api.callerFor(a!).events.join({ id: e.id });
    await api.callerFor(b!).events.join({ id: e.id });
    await api.callerFor(admin).events.addParticipants({ eventId: e.id, userIds: [b!.id] });
    expect(await waitlistOf(e.id)).toEqual([]);
    expect(new Set(await participantIds(e.id))).toEqual(new Set([a!.id, b!.id]));
  });
});

describe("guests", () => {
  it("count against the capacity, are limited per member, and fewer guests free seats for the waiting", async () => {
    const e = await event({ capacity: 4, guests_per_member: 2 });
    const [a, b] = await crowd(2, "Guest");
    await expect(api.callerFor(a!).events.join({ id: e.id, guests: 3 })).rejects.toThrow(
      "You can bring up to 2 guests.",
    );
    await api.callerFor(a!).events.join({ id: e.id, guests: 2 });
    await api.callerFor(b!).events.join({ id: e.id, guests: 1 }); // 3 + 2 > 4: waits
    expect(await waitlistOf(e.id)).toEqual([b!.id]);
    const seen = await api.callerFor(a!).events.get({ id: e.id });
    expect(seen.rsvp).toMatchObject({ going: 1, guests: 2, seats_taken: 3, seats_left: 1, waitlist_count: 1 });
    expect(seen.rsvp?.me).toEqual({ status: "going", guests: 2 });

    // One guest fewer: 2 seats free, b and her guest get in.
    await api.callerFor(a!).events.join({ id: e.id, guests: 1 });
    expect(new Set(await participantIds(e.id))).toEqual(new Set([a!.id, b!.id]));
    // More guests than seats left: refused with what is left.
    await expect(api.callerFor(a!).events.join({ id: e.id, guests: 2 })).rejects.toThrow(
      "The event is full: no seats left for guests.",
    );
  });

  it("are refused where the event takes none", async () => {
    const e = await event({ capacity: 10 });
    const [a] = await crowd(1, "NoGuest");
    await expect(api.callerFor(a!).events.join({ id: e.id, guests: 1 })).rejects.toThrow(
      "This event does not take guests.",
    );
  });
});

describe("the RSVP deadline", () => {
  it("closes joining (not leaving) once passed, and says when it closed", async () => {
    const e = await event({ capacity: 10, rsvp_deadline: "2027-05-30T18:00" });
    expect(e.rsvp).toMatchObject({ rsvp_deadline: "2027-05-30T18:00", closed: false });
    // The wall clock is the club's (New York): 18:00 EDT is 22:00 UTC.
    const [row] = await api.db.select({ d: events.rsvpDeadline }).from(events).where(eq(events.id, e.id));
    expect(row!.d!.toISOString()).toBe("2027-05-30T22:00:00.000Z");

    const [a, b] = await crowd(2, "Late");
    await api.callerFor(a!).events.join({ id: e.id });
    await api.db
      .update(events)
      .set({ rsvpDeadline: new Date(Date.now() - 60_000) })
      .where(eq(events.id, e.id));
    await expect(api.callerFor(b!).events.join({ id: e.id })).rejects.toThrow(/^RSVPs for Supper club closed on /);
    expect((await api.callerFor(b!).events.get({ id: e.id })).rsvp?.closed).toBe(true);
    await api.callerFor(a!).events.leave({ id: e.id });
    expect(await participantIds(e.id)).toEqual([]);
  });

  it("must come before the event ends", async () => {
    await expect(event({ rsvp_deadline: "2027-06-02T10:00" })).rejects.toThrow(
      "The RSVP deadline must be before the event ends.",
    );
    await expect(event({ rsvp_deadline: "tomorrow" })).rejects.toThrow(
      "The RSVP deadline must be a real day and time, like 2026-12-31T18:00.",
    );
    await expect(event({ capacity: 0 })).rejects.toThrow("Capacity must be a whole number from 1 to 100000.");
  });
});

describe("the guest list", () => {
  type Person = { name: string; email: string | null };

  it("shows participants with guests and the waitlist in order; a manager can seat someone past the capacity", async () => {
    const e = await event({ capacity: 1, guests_per_member: 1 });
    const [a, b, c] = await crowd(3, "List");
    await api.callerFor(a!).events.join({ id: e.id, guests: 0 });
    await api.callerFor(b!).events.join({ id: e.id, guests: 1 });
    await api.callerFor(c!).events.join({ id: e.id });
    const list = await api.callerFor(host).events.attendees({ id: e.id });
    expect(list.participants.map((p) => [p.name, p.guests])).toEqual([["List 1", 0]]);
    expect(list.waitlist.map((w) => [w.name, w.guests, w.position])).toEqual([
      ["List 2", 1, 1],
      ["List 3", 0, 2],
    ]);

    const moved = await api.callerFor(admin).events.moveFromWaitlist({ eventId: e.id, userId: c!.id });
    expect(moved.participants.map((p) => p.name)).toEqual(["List 1", "List 3"]);
    expect(moved.waitlist.map((w) => [w.name, w.position])).toEqual([["List 2", 1]]);
    expect(await mailsTo([c!])).toHaveLength(1);
    await expect(api.callerFor(admin).events.moveFromWaitlist({ eventId: e.id, userId: a!.id })).rejects.toThrow(
      "That member is not on the waitlist.",
    );
  });
  // "Show my e-mail address to other members" (Settings → Profile) holds for the organiser too: a
  // guest list is not a way round it. Admins see every address, and the organiser her own.
  it("gives the organiser only the addresses their members show; admins get them all", async () => {
    const e = await event({ capacity: 2 });
    const [shows, hides, waits] = await crowd(3, "Address");
    await api.db.insert(profiles).values([
      { userId: shows!.id, showEmail: true },
      { userId: hides!.id, showEmail: false },
    ]);
    // `waits` never wrote a profile: hidden, as the setting is off until she turns it on.
    for (const who of [host, shows!, hides!, waits!]) await api.callerFor(who).events.join({ id: e.id });
    /** Each name on the list (going, then waiting) with the address the caller got. */
    const addresses = (list: { participants: Person[]; waitlist: Person[] }) =>
      Object.fromEntries([...list.participants, ...list.waitlist].map((p) => [p.name, p.email]));
    const hidden = {
      Hostess: "host@rsvp.test",
      "Address 1": "address1@rsvp.test",
      "Address 2": null,
      "Address 3": null,
    };

    const list = await api.callerFor(host).events.attendees({ id: e.id });
    expect(list.waitlist.map((w) => w.name)).toEqual(["Address 2", "Address 3"]);
    expect(addresses(list)).toEqual(hidden);
    expect(addresses(await api.callerFor(admin).events.attendees({ id: e.id }))).toEqual({
      ...hidden,
      "Address 2": "address2@rsvp.test",
      "Address 3": "address3@rsvp.test",
    });
    // Moving her in answers the list again, by the same rule.
    const moved = await api.callerFor(host).events.moveFromWaitlist({ eventId: e.id, userId: waits!.id });
    expect(moved.waitlist.map((w) => w.name)).toEqual(["Address 2"]);
    expect(addresses(moved)).toEqual(hidden);
  });
});

describe("the host", () => {
  it("is her event's first guest: seated when it is published, counted, shown to guests, free to leave", async () => {
    const me = api.callerFor(host);
    const [guest] = await crowd(1, "Guest of the host");
    const e = await me.events.create({ title: "Host's table", event_date: "2027-06-01", capacity: 2 });
    expect(e.participants).toEqual([{ user_id: host.id, name: "Hostess" }]);
    expect(e.rsvp).toMatchObject({ capacity: 2, seats_taken: 1, seats_left: 1, me: { status: "going", guests: 0 } });
    expect((await me.events.list()).items.find((x) => x.id === e.id)?.participant_count).toBe(1);
    // A guest sees who hosts, by name (and portrait, null until she has one).
    const seen = await api.callerFor(guest!).events.get({ id: e.id });
    expect(seen.host).toEqual({ user_id: host.id, name: "Hostess", portrait: null });

    // A draft has nobody going; publishing it seats her.
    const draft = await me.events.create({ title: "Host's draft", event_date: "2027-06-02", draft: true });
    expect(draft.participants).toEqual([]);
    expect((await me.events.publish({ id: draft.id })).participants).toEqual([{ user_id: host.id, name: "Hostess" }]);

    // Every date of a series.
    const first = await me.events.create({
      title: "Host's series",
      event_date: "2027-06-07",
      repeat: "FREQ=WEEKLY;COUNT=3",
    });
    const dates = await api.db.select({ id: events.id }).from(events).where(eq(events.seriesId, first.series!.id));
    expect(dates).toHaveLength(3);
    for (const d of dates) expect(await participantIds(d.id)).toEqual([host.id]);

    // She may leave it, as anyone may (the first waiting would take her seat, as anyone's).
    await me.events.leave({ id: e.id });
    expect((await api.callerFor(guest!).events.get({ id: e.id })).participants).toEqual([]);
  });
});
