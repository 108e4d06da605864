import { profiles } from "@club/db";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, linkIn, login, mailTo, request, startApp } from "../test/harness";

let h: Harness;
let founder: string;
let standard: string;
let other: string;
let admin: string;
let ids: { founder: string; standard: string; other: string };

beforeAll(async () => {
  h = await startApp();
  const f = await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
  const s = await addUser(h, { email: "sam@club.test", name: "Sam", type: "Standard" });
  const o = await addUser(h, { email: "oli@club.test", name: "Oli", type: "Travel Host" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true, type: "Standard" });
  ids = { founder: f.id, standard: s.id, other: o.id };
  founder = await login(h, "fay@club.test");
  standard = await login(h, "sam@club.test");
  other = await login(h, "oli@club.test");
  admin = await login(h, "root@club.test");
});
afterAll(() => h.close());

const create = async (body: Record<string, unknown>, cookie = founder) => {
  const res = await request(h, "POST", "/api/events", body, cookie);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
};

describe("creating events", () => {
  it("applies the spec's defaults to an empty event", async () => {
    const e = await create({});
    expect(e).toMatchObject({
      title: "New Event",
      type: "entertainment",
      exclusivity: "open",
      description: "Default description",
      start_time: "16:00",
      end_time: "21:00",
      location: "Unset",
      color: "#d3d3d3",
      is_physical: true,
      virtual_link: null,
      slug: "new-event",
    });
    expect(e.event_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(e.id).toMatch(/[0-9a-f-]{36}/);
  });

  it("trims text, keeps place fields for physical events and only the link for virtual ones", async () => {
    const physical = await create({
      title: "  Garden Party ",
      type: "picnic",
      event_date: "2027-05-01",
      is_physical: true,
      location: " 1 Rose Lane ",
      city: "Boston",
      state: "Massachusetts",
      country: "United States",
      virtual_link: "https://ignored.example",
    });
    expect(physical).toMatchObject({
      title: "Garden Party",
      location: "1 Rose Lane",
      virtual_link: null,
      slug: "garden-party",
    });
    const virtual = await create({
      title: "Garden Party",
      is_physical: false,
      location: "x",
      city: "y",
      virtual_link: "https://meet.example/abc",
    });
    expect(virtual).toMatchObject({
      location: null,
      city: null,
      state: null,
      country: null,
      virtual_link: "https://meet.example/abc",
    });
    expect(virtual.slug).toBe("garden-party-2");
  });

  it("refuses Standard members, end before start, and bad values", async () => {
    const res = await request(h, "POST", "/api/events", { title: "Mine" }, standard);
    expect(res.statusCode).toBe(403);
    const backwards = await request(h, "POST", "/api/events", { start_time: "20:00", end_time: "19:00" }, founder);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe("The end time must be after the start time.");
    const badType = await request(h, "POST", "/api/events", { type: "rave" }, founder);
    expect(badType.json().error).toBe("Unknown event type.");
    const badLink = await request(
      h,
      "POST",
      "/api/events",
      { is_physical: false, virtual_link: "javascript:alert(1)" },
      founder,
    );
    expect(badLink.statusCode).toBe(400);
    expect((await request(h, "POST", "/api/events", {})).statusCode).toBe(401);
  });

  it("lets admins of any type create", async () => {
    expect((await create({ title: "Admin event" }, admin)).title).toBe("Admin event");
  });
});

describe("reading, searching and sorting", () => {
  it("finds by id or slug, searches titles case-insensitively and sorts by date", async () => {
    await create({ title: "Wine Tasting Night", event_date: "2027-01-10" });
    await create({ title: "wine walk", event_date: "2027-03-01" });
    const asc = (await request(h, "GET", "/api/events?search=WINE", undefined, other)).json();
    expect(asc.map((e: { title: string }) => e.title)).toEqual(["Wine Tasting Night", "wine walk"]);
    const desc = (await request(h, "GET", "/api/events?search=wine&sort=desc", undefined, other)).json();
    expect(desc.map((e: { title: string }) => e.title)).toEqual(["wine walk", "Wine Tasting Night"]);
    const bySlug = await request(h, "GET", "/api/events/wine-walk", undefined, other);
    expect(bySlug.json().title).toBe("wine walk");
    const byId = await request(h, "GET", `/api/events/${bySlug.json().id}`, undefined, other);
    expect(byId.json().slug).toBe("wine-walk");
    expect((await request(h, "GET", "/api/events/no-such-event", undefined, other)).statusCode).toBe(404);
    expect((await request(h, "GET", "/api/events?search=%25", undefined, other)).json()).toEqual([]);
  });

  it("shows invite-only events only to those allowed", async () => {
    const secret = await create({ title: "Private Salon", exclusivity: "invite-only" });
    const seen = (cookie: string) =>
      request(h, "GET", "/api/events?search=private", undefined, cookie).then((r) => r.json().length);
    expect(await seen(founder)).toBe(1);
    expect(await seen(admin)).toBe(1);
    expect(await seen(other)).toBe(0);
    expect((await request(h, "GET", `/api/events/${secret.id}`, undefined, other)).statusCode).toBe(404);
    expect((await request(h, "POST", `/api/events/${secret.id}/join`, undefined, other)).statusCode).toBe(404);
  });
});

describe("editing and deleting", () => {
  it("lets only the creator or an admin edit, using the spec's `date` field", async () => {
    const e = await create({ title: "Book Club", type: "book-club", event_date: "2027-02-02" });
    const body = {
      date: "2027-02-03",
      title: "Book Club II",
      start_time: "18:00",
      end_time: "20:00",
      is_physical: false,
      virtual_link: "https://x.example/b",
    };
    expect((await request(h, "PUT", `/api/events/${e.id}`, body, other)).statusCode).toBe(403);
    const edited = await request(h, "PUT", `/api/events/${e.id}`, body, founder);
    expect(edited.json()).toMatchObject({
      title: "Book Club II",
      event_date: "2027-02-03",
      slug: "book-club",
      location: null,
    });
    const byAdmin = await request(h, "PUT", `/api/events/${e.id}`, { ...body, title: "Book Club III" }, admin);
    expect(byAdmin.json().title).toBe("Book Club III");
  });

  it("deletes with its participants, only by the creator or an admin", async () => {
    const e = await create({ title: "Short lived" });
    await request(h, "POST", `/api/events/${e.id}/join`, undefined, other);
    expect((await request(h, "DELETE", `/api/events/${e.id}`, undefined, other)).statusCode).toBe(403);
    expect((await request(h, "DELETE", `/api/events/${e.id}`, undefined, founder)).statusCode).toBe(200);
    expect((await request(h, "GET", `/api/events/${e.id}`, undefined, founder)).statusCode).toBe(404);
    expect((await request(h, "DELETE", `/api/events/${e.id}`, undefined, founder)).statusCode).toBe(404);
  });
});

describe("participation", () => {
  it("joins idempotently, even concurrently, and leaves", async () => {
    const e = await create({ title: "Yoga" });
    const joins = await Promise.all(
      [1, 2, 3].map(() => request(h, "POST", `/api/events/${e.id}/join`, undefined, other)),
    );
    expect(joins.every((r) => r.statusCode === 200)).toBe(true);
    const event = (await request(h, "GET", `/api/events/${e.id}`, undefined, other)).json();
    // Its host, and Oli once.
    const host = { user_id: ids.founder, name: "Fay" };
    expect(event.participants).toEqual([host, { user_id: ids.other, name: "Oli" }]);
    const left = await request(h, "DELETE", `/api/events/${e.id}/leave`, undefined, other);
    expect(left.json().participants).toEqual([host]);
    expect((await request(h, "DELETE", `/api/events/${e.id}/leave`, undefined, other)).statusCode).toBe(200);
  });

  it("sends a confirmation with the details, a calendar link and an .ics file", async () => {
    const e = await create({
      title: "Concert",
      type: "concert",
      event_date: "2027-06-05",
      start_time: "19:30",
      end_time: "22:00",
      location: "Symphony Hall",
      city: "Boston",
    });
    await request(h, "POST", `/api/events/${e.id}/join`, undefined, other);
    const notMine = await request(
      h,
      "POST",
      "/api/events/send-confirmation",
      { eventId: e.id, userId: ids.founder },
      other,
    );
    expect(notMine.statusCode).toBe(403);
    const res = await request(h, "POST", "/api/events/send-confirmation", { eventId: e.id, userId: ids.other }, other);
    expect(res.statusCode).toBe(200);
    const mail = (await mailTo(h, "oli@club.test")).at(-1)!;
    expect(mail.subject).toBe("You're joining Concert");
    expect(mail.text).toContain("Saturday, June 5, 2027");
    expect(mail.text).toContain("7:30 PM – 10:00 PM");
    // 19:30 in New York in June is 23:30 UTC.
    expect(mail.html).toContain("dates=20270605T233000Z%2F20270606T020000Z");
    expect(mail.attachments[0]).toMatchObject({ filename: "concert.ics", contentType: "text/calendar" });
    expect(mail.attachments[0]!.content).toContain("BEGIN:VEVENT");
  });

  it("offers one event as a calendar file to those who may see it", async () => {
    const open = await create({ title: "Garden Party", event_date: "2027-07-01" });
    const secret = await create({ title: "Hidden Supper", exclusivity: "invite-only" });
    const res = await request(h, "GET", `/api/events/${open.slug}/event.ics`, undefined, other);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="?${open.slug}\\.ics"?$`));
    expect(res.body).toContain(`UID:${open.id}@club.test`);
    expect((await request(h, "GET", `/api/events/${secret.id}/event.ics`, undefined, other)).statusCode).toBe(404);
    expect((await request(h, "GET", `/api/events/${open.id}/event.ics`)).statusCode).toBe(401);
  });
});

describe("capacity, waitlist and the guest list", () => {
  it("waitlists a member of a full event, tells her place, and exports the list as CSV for managers only", async () => {
    const e = await create({ title: "Tasting", capacity: 2, guests_per_member: 1, rsvp_deadline: "" });
    // Its host holds a seat, and gives it up: the two seats are for Sam and his guest.
    expect(e.rsvp).toMatchObject({ capacity: 2, guests_per_member: 1, seats_taken: 1, closed: false });
    await request(h, "DELETE", `/api/events/${e.id}/leave`, undefined, founder);
    const f = await addUser(h, { email: "formula@club.test", name: "=HYPERLINK(1)", type: "Standard" });
    // She shows her address to other members (Settings → Profile); Sam keeps his hidden, as is the default.
    await h.db.db.insert(profiles).values({ userId: f.id, showEmail: true });
    const formula = await login(h, "formula@club.test");
    expect((await request(h, "POST", `/api/events/${e.id}/join`, { guests: 1 }, standard)).json().message).toBe(
      "Joined Tasting.",
    );
    const waiting = await request(h, "POST", `/api/events/${e.id}/join`, {}, formula);
    expect(waiting.json()).toMatchObject({ message: "You are #1 on the waitlist for Tasting.", waitlist_position: 1 });
    const bad = await request(h, "POST", `/api/events/${e.id}/join`, { guests: "two" }, other);
    expect(bad.statusCode).toBe(400);

    expect((await request(h, "GET", `/api/events/${e.id}/attendees.csv`, undefined, standard)).statusCode).toBe(403);
    const csv = await request(h, "GET", `/api/events/${e.id}/attendees.csv`, undefined, founder);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe('"status","waitlist position","name","email","guests","joined at"');
    // Sam hides his address: the organiser's export has the cell, empty.
    expect(lines[1]).toMatch(/^"going","","Sam","",1,"\d{4}-/);
    // A name that a spreadsheet would run as a formula is made inert.
    expect(lines[2]).toMatch(/^"waitlist",1,"'=HYPERLINK\(1\)","formula@club.test",0,/);
    const hosts = (await request(h, "GET", `/api/events/${e.id}/attendees`, undefined, founder)).json();
    expect(hosts.participants.map((p: { email: string | null }) => p.email)).toEqual([null]);
    // An admin's export has every address.
    const admins = await request(h, "GET", `/api/events/${e.id}/attendees.csv`, undefined, admin);
    expect(admins.body.trim().split("\n")[1]).toMatch(/^"going","","Sam","sam@club.test",1,/);

    // Sam leaves: the first waiting gets the seat, and the mail.
    await request(h, "DELETE", `/api/events/${e.id}/leave`, undefined, standard);
    const json = (await request(h, "GET", `/api/events/${e.id}/attendees`, undefined, admin)).json();
    expect(json.participants.map((p: { name: string }) => p.name)).toEqual(["=HYPERLINK(1)"]);
    expect(json.waitlist).toEqual([]);
    expect((await mailTo(h, "formula@club.test")).at(-1)?.subject).toBe("A seat opened: you're going to Tasting");
  });
});

describe("an edit through the spec's payload", () => {
  it("keeps the capacity, guests and deadline it does not name, and clears them when sent empty", async () => {
    const e = await create({
      title: "Keep",
      event_date: "2027-02-01",
      capacity: 8,
      guests_per_member: 2,
      rsvp_deadline: "2027-01-01T12:00",
    });
    const spec = { title: "Kept", date: e.event_date, start_time: "16:00", end_time: "21:00" };
    const edited = await request(h, "PUT", `/api/events/${e.id}`, spec, founder);
    expect(edited.json().rsvp).toMatchObject({ capacity: 8, guests_per_member: 2, rsvp_deadline: "2027-01-01T12:00" });
    const cleared = await request(
      h,
      "PUT",
      `/api/events/${e.id}`,
      { ...spec, capacity: null, guests_per_member: "", rsvp_deadline: "" },
      founder,
    );
    expect(cleared.json()).not.toHaveProperty("rsvp");
  });
});

describe("the calendar feed URL", () => {
  it("answers text/calendar for a live secret and 404 with a message for any other", async () => {
    const made = await h.app.inject({
      method: "POST",
      url: "/trpc/calendarFeed.reset",
      headers: { origin: "http://club.test", cookie: standard },
      payload: { json: { includeOpen: true } },
    });
    const { url } = made.json().result.data.json as { url: string };
    const feed = await request(h, "GET", new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const gone = await request(h, "GET", "/calendar/not-a-secret.ics");
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe("This calendar link is no longer valid. Make a new one in Settings.");
  });
});

describe("invitations", () => {
  it("mails each invitee a link that only she can use, once", async () => {
    const e = await create({ title: "Tea Ceremony", exclusivity: "invite-only" });
    const res = await request(
      h,
      "POST",
      "/api/events/invite",
      { eventId: e.id, eventTitle: e.title, userIds: [ids.other, ids.standard] },
      founder,
    );
    expect(res.json().invited, res.body).toBe(2);
    // Her hourly allowance of invitation mails, told before she runs out of it.
    expect(res.headers["ratelimit-policy"]).toBe('"invite-mails-member";q=50;w=3600');
    expect(res.headers.ratelimit).toMatch(/^"invite-mails-member";r=48;t=\d+$/);
    // Invited again: nobody is mailed twice, and nothing is counted.
    const again = await request(h, "POST", "/api/events/invite", { eventId: e.id, userIds: [ids.other] }, founder);
    expect(again.json()).toEqual({
      message: "No invitations sent: she was going or invited already.",
      invited: 0,
      skipped: 1,
    });
    expect((await mailTo(h, "oli@club.test")).filter((m) => m.subject.includes("Tea Ceremony"))).toHaveLength(1);
    const token = linkIn((await mailTo(h, "oli@club.test")).at(-1)!.text, "/events/invite/")
      .split("/")
      .pop()!;

    const wrongUser = await request(h, "GET", `/api/events/invite/${token}`, undefined, standard);
    expect(wrongUser.statusCode).toBe(400);
    expect(wrongUser.json().error).toBe("Invalid or expired invitation");
    expect((await request(h, "GET", `/api/events/invite/${token}`)).statusCode).toBe(401);

    const ok = await request(h, "GET", `/api/events/invite/${token}`, undefined, other);
    expect(ok.json()).toMatchObject({ event: { id: e.id, title: "Tea Ceremony" } });
    const event = (await request(h, "GET", `/api/events/${e.id}`, undefined, other)).json();
    expect(event.participants.map((p: { name: string }) => p.name)).toEqual(["Fay", "Oli"]);
    expect((await request(h, "GET", `/api/events/invite/${token}`, undefined, other)).statusCode).toBe(400);
    // The other invitee can now see the invite-only event.
    expect((await request(h, "GET", `/api/events/${e.id}`, undefined, standard)).statusCode).toBe(200);
  });

  it("refuses an empty selection", async () => {
    const e = await create({ title: "Hike" });
    const res = await request(h, "POST", "/api/events/invite", { eventId: e.id, userIds: [] }, founder);
    expect(res.json().error).toBe("Select at least one member to invite.");
  });
});

describe("announcements", () => {
  it("lets the creator or an admin announce to a group, sanitised, through tRPC", async () => {
    const e = await create({ title: "Salon" });
    const announce = (cookie: string, body: Record<string, unknown>) =>
      h.app.inject({
        method: "POST",
        url: "/trpc/events.announce",
        headers: { origin: "http://club.test", cookie },
        payload: {
          json: {
            eventId: e.id,
            subject: "Upcoming Event: Salon",
            body: "<p>Join us</p><script>x()</script>",
            ...body,
          },
        },
      });
    expect((await announce(other, { recipientGroup: "all" })).statusCode).toBe(403);
    const res = await announce(founder, { recipientGroup: "selected", selectedMemberIds: [ids.standard] });
    expect(res.statusCode).toBe(200);
    const mail = (await mailTo(h, "sam@club.test")).at(-1)!;
    expect(mail.subject).toBe("Upcoming Event: Salon");
    expect(mail.html).toContain("<p>Join us</p>");
    expect(mail.html).not.toContain("<script");
  });
});

describe("events that repeat, over REST", () => {
  it("creates a series with repeat, edits following dates with scope, and cancels all with ?scope=all", async () => {
    const first = await create({
      title: "Garden walk",
      event_date: "2027-06-05",
      start_time: "09:00",
      end_time: "11:00",
      repeat: "FREQ=WEEKLY;COUNT=3",
    });
    expect(first.series).toMatchObject({ summary: "Repeats every week, 3 times" });
    const [, second] = first.series.dates;
    const edited = await request(
      h,
      "PUT",
      `/api/events/${second.id}`,
      { title: "Garden walk", date: second.event_date, start_time: "10:00", end_time: "12:00", scope: "following" },
      founder,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const times = async () =>
      (await request(h, "GET", "/api/events?search=Garden%20walk", undefined, founder))
        .json()
        .map((e: { start_time: string }) => e.start_time);
    expect(await times()).toEqual(["09:00", "10:00", "10:00"]);
    const badScope = await request(h, "DELETE", `/api/events/${first.id}?scope=some`, undefined, founder);
    expect(badScope.statusCode).toBe(400);
    const gone = await request(h, "DELETE", `/api/events/${first.id}?scope=all`, undefined, founder);
    expect(gone.json()).toMatchObject({ message: "3 events deleted." });
    expect(await times()).toEqual([]);
  });

  it("answers the rules that once stopped the server at once, with a 400 in words, and the server stays free", async () => {
    const refusals: [string, RegExp][] = [
      // Spun the event loop for good: /healthz stopped answering and SIGTERM did nothing.
      ["FREQ=DAILY;INTERVAL=-1;COUNT=3", /^INTERVAL is a whole number from 1 to 366/],
      // Answered after 37 s, every other request waiting as long.
      ["FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31;COUNT=3", /^This repeat rule gives no date in the 20 years/],
      // Answered 500.
      ["FREQ=YEARLY;BYSETPOS=-400;BYDAY=MO;COUNT=3", /^BYSETPOS takes positions from 1 to 366/],
    ];
    for (const [repeat, message] of refusals) {
      const [res, health] = await Promise.all([
        request(h, "POST", "/api/events", { title: "Spin", event_date: "2027-03-01", repeat }, founder),
        request(h, "GET", "/healthz"),
      ]);
      expect(res.statusCode, repeat).toBe(400);
      expect(res.json().message, repeat).toMatch(message);
      expect(health.statusCode).toBe(200);
    }
  });

  it("answers any rule with a series or a 400, never a 5xx", async () => {
    const part = fc.oneof(
      fc.constantFrom("FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=SECONDLY", "FREQ="),
      fc.integer({ min: -500, max: 500 }).map((n) => `INTERVAL=${n}`),
      fc.integer({ min: -3, max: 260 }).map((n) => `COUNT=${n}`),
      fc.integer({ min: 20260101, max: 99991231 }).map((n) => `UNTIL=${n}`),
      fc
        .tuple(
          fc.constantFrom("BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS"),
          fc.integer({ min: -400, max: 400 }),
        )
        .map(([name, n]) => `${name}=${n}`),
      fc.constantFrom("BYDAY=MO", "BYDAY=-1FR", "BYDAY=60MO", "BYDAY=2TU,TH", "WKST=SU", "BYHOUR=9"),
      fc.string({ maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 6 }), async (parts) => {
        const repeat = parts.join(";");
        const res = await request(
          h,
          "POST",
          "/api/events",
          { title: "Any rule", event_date: "2027-03-01", repeat },
          founder,
        );
        expect([200, 400], `${repeat}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message).toMatch(/^[A-Z"].+[.)]$/);
      }),
      { seed: 20261206, numRuns: 60 },
    );
  }, 120_000);
});
