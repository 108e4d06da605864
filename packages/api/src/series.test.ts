import type { SessionUser } from "@club/auth";
import { eventSeries, events, mailOutbox } from "@club/db";
import { count, eq } from "@club/db/orm";
import { formatCardDate } from "@club/shared";
import type { TRPCError } from "@trpc/server";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { type TestApi, testApi } from "./test/api";
import { firstMessage } from "./trpc";

// Events that repeat: a rule (RRULE) gives the dates of a series, each an event of its own, at the
// form's wall-clock times in the club's zone (America/New_York here, which leaves daylight-saving
// time on 2026-11-01 and enters it on 2027-03-14).

let api: TestApi;
let host: SessionUser;
let ann: SessionUser;
let bea: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("host@series.test", { type: "Founding", name: "Hostess" });
  ann = await api.member("ann@series.test", { name: "Ann" });
  bea = await api.member("bea@series.test", { name: "Bea" });
});
afterAll(() => api.close());

const circle = {
  title: "Book circle",
  event_date: "2027-01-01",
  start_time: "18:00",
  end_time: "20:00",
  city: "Boston",
};
/** Her calendar feed (every open event too). */
async function feedOf(who: SessionUser): Promise<string> {
  const feedUrl = (await api.callerFor(who).calendarFeed.reset({ includeOpen: true })).url;
  return api.callerFor(null).calendarFeed.feed({ secret: feedUrl.split("/calendar/")[1]!.replace(".ics", "") });
}

/**
 * A calendar's events as a calendar application sees them: ical.js expands each recurring event
 * (its RRULE, less its EXDATEs, with its RECURRENCE-ID exceptions) in the feed's own time zones.
 */
function expand(text: string): { start: string; title: string }[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const occurrences: { start: string; title: string }[] = [];
  for (const vevent of vevents.filter((v) => !v.hasProperty("recurrence-id"))) {
    const uid = vevent.getFirstPropertyValue("uid");
    const exceptions = vevents.filter((v) => v.hasProperty("recurrence-id") && v.getFirstPropertyValue("uid") === uid);
    const event = new ICAL.Event(vevent, { exceptions, strictExceptions: true });
    if (!event.isRecurring()) {
      occurrences.push({ start: event.startDate.toJSDate().toISOString(), title: event.summary });
      continue;
    }
    const dates = event.iterator();
    for (let next = dates.next(); next; next = dates.next()) {
      const one = event.getOccurrenceDetails(next);
      occurrences.push({ start: one.startDate.toJSDate().toISOString(), title: one.item.summary });
    }
  }
  return occurrences.sort((a, b) => a.start.localeCompare(b.start));
}

/** The mails to someone whose subject starts so. */
const mailsTo = async (to: string, subject: string) =>
  (await api.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject.startsWith(subject));
const eventCount = async () => (await api.db.select({ n: count() }).from(events))[0]?.n ?? 0;

describe("a repeating event", () => {
  it("is one event per date the rule gives, from the first matching day, each at the same wall-clock time", async () => {
    const first = await api.callerFor(host).events.create({ ...circle, repeat: "FREQ=MONTHLY;BYDAY=2TU;COUNT=6" });
    // 2027-01-01 is a Friday: the first second Tuesday on or after it is 2027-01-12.
    expect(first).toMatchObject({ event_date: "2027-01-12", start_time: "18:00", title: "Book circle" });
    expect(first.series).toMatchObject({ summary: "Repeats every month on the 2nd Tuesday, 6 times" });
    const dates = ["2027-01-12", "2027-02-09", "2027-03-09", "2027-04-13", "2027-05-11", "2027-06-08"];
    expect(first.series?.dates.map((d) => d.event_date)).toEqual(dates);

    // Every date is an event of its own: listed, opened by its own address, naming the series.
    const listed = (await api.callerFor(ann).events.list({ search: "Book circle" })).items;
    expect(listed.map((e) => e.event_date)).toEqual(dates);
    expect(new Set(listed.map((e) => e.series?.id))).toEqual(new Set([first.series?.id]));
    expect(new Set(listed.map((e) => e.slug)).size).toBe(6);
    const april = await api.callerFor(ann).events.get({ id: listed[3]!.slug });
    expect(april).toMatchObject({ event_date: "2027-04-13", start_time: "18:00", can_manage: false });
    expect(april.series?.dates.map((d) => d.id)).toEqual(listed.map((e) => e.id));

    // 18:00 in Boston on each date: 23:00 UTC before 2027-03-14, 22:00 UTC after it. The feed
    // carries the series as one recurring event, which a calendar (ical.js) expands to those dates.
    const feed = await feedOf(ann);
    expect(feed.match(/^RRULE:FREQ=MONTHLY.*$/gm)).toEqual(["RRULE:FREQ=MONTHLY;COUNT=6;BYDAY=2TU"]);
    expect(feed).toContain("DTSTART;TZID=America/New_York:20270112T180000");
    const starts = [
      "2027-01-12T23:00:00.000Z",
      "2027-02-09T23:00:00.000Z",
      "2027-03-09T23:00:00.000Z",
      "2027-04-13T22:00:00.000Z",
      "2027-05-11T22:00:00.000Z",
      "2027-06-08T22:00:00.000Z",
    ];
    expect(expand(feed).filter((o) => o.title === "Book circle")).toEqual(
      starts.map((start) => ({ start, title: "Book circle" })),
    );
    // A date's .ics download is the series too.
    const file = await api.callerFor(ann).events.calendarFile({ id: listed[3]!.slug });
    expect(expand(file.text).map((o) => o.start)).toEqual(starts);
  });

  it("is in the feed as its dates are in the app: a date cancelled is an EXDATE, one moved alone a RECURRENCE-ID", async () => {
    const dates = await newSeries("Supper club", "FREQ=MONTHLY;BYDAY=2TU;COUNT=5");
    // The second supper moves alone to the Wednesday at 19:30; the fourth is cancelled alone.
    await api.callerFor(host).events.update({
      id: dates[1]!.id,
      title: "Supper club",
      event_date: "2027-02-10",
      start_time: "19:30",
      end_time: "21:30",
    });
    await api.callerFor(host).events.delete({ id: dates[3]!.id });
    const shown = (await api.callerFor(ann).events.list({ search: "Supper club" })).items;
    expect(shown.map((e) => `${e.event_date} ${e.start_time}`)).toEqual([
      "2027-01-12 18:00",
      "2027-02-10 19:30",
      "2027-03-09 18:00",
      "2027-05-11 18:00",
    ]);
    const feed = await feedOf(ann);
    expect(feed).toContain("EXDATE;TZID=America/New_York:20270413T180000");
    expect(feed).toContain("RECURRENCE-ID;TZID=America/New_York:20270209T180000");
    expect(expand(feed).filter((o) => o.title === "Supper club")).toEqual(
      [
        "2027-01-12T23:00:00.000Z",
        "2027-02-11T00:30:00.000Z",
        "2027-03-09T23:00:00.000Z",
        "2027-05-11T22:00:00.000Z",
      ].map((start) => ({ start, title: "Supper club" })),
    );
  });

  it("tells a member's calendar nothing of the dates hidden from her", async () => {
    const dates = await newSeries("Garden supper", "FREQ=WEEKLY;COUNT=5", { event_date: "2027-03-02" });
    const days = dates.map((e) => e.event_date);
    // The last two dates become invitation-only; Ann is invited to none.
    await api.callerFor(host).events.update({
      ...circle,
      title: "Garden supper",
      event_date: days[3]!,
      id: dates[3]!.id,
      exclusivity: "invite-only",
      scope: "following",
    });
    const file = async () => (await api.callerFor(ann).events.calendarFile({ id: dates[0]!.id })).text;
    // Her calendar once carried COUNT=5 and an EXDATE for each of them: when they were, and that they were.
    const cut = await file();
    expect(cut).toMatch(/^RRULE:FREQ=WEEKLY;COUNT=3$/m);
    expect(cut).not.toContain("EXDATE");
    expect(expand(cut).map((o) => o.start.slice(0, 10))).toEqual(days.slice(0, 3));
    expect(
      expand(await feedOf(ann))
        .filter((o) => o.title === "Garden supper")
        .map((o) => o.start.slice(0, 10)),
    ).toEqual(days.slice(0, 3));

    // A date hidden between two of hers: her dates come as events of their own, the hidden one nowhere.
    await api.callerFor(host).events.update({
      ...circle,
      title: "Garden supper",
      event_date: days[1]!,
      id: dates[1]!.id,
      exclusivity: "invite-only",
    });
    const apart = await file();
    // (The zone's own rules are the only RRULEs left.)
    expect(apart).not.toMatch(/^RRULE:FREQ=WEEKLY/m);
    expect(apart).not.toContain("EXDATE");
    expect(apart).not.toContain(days[1]!.replaceAll("-", ""));
    expect(expand(apart).map((o) => o.start.slice(0, 10))).toEqual([days[0], days[2]]);
    // So when its host's account is gone (no creator: the rule's null-safe).
    await api.db.update(events).set({ createdBy: null }).where(eq(events.seriesId, dates[0]!.series!.id));
    const orphan = await file();
    expect(orphan).not.toContain("EXDATE");
    expect(expand(orphan).map((o) => o.start.slice(0, 10))).toEqual([days[0], days[2]]);
    await api.db.update(events).set({ createdBy: host.id }).where(eq(events.seriesId, dates[0]!.series!.id));
    // The host, who sees every date, still has the series as one recurring event.
    const hers = (await api.callerFor(host).events.calendarFile({ id: dates[0]!.id })).text;
    expect(hers).toMatch(/^RRULE:FREQ=WEEKLY;COUNT=5$/m);
    expect(expand(hers)).toHaveLength(5);
  });

  it("still has calendars when its stored rule is one the club no longer reads", async () => {
    // Made before the club's own reader: rrule took a numbered day in a weekly rule.
    const dates = await newSeries("Old weekly", "FREQ=WEEKLY;COUNT=3", { event_date: "2027-05-04" });
    await api.db
      .update(eventSeries)
      .set({ rule: "FREQ=WEEKLY;BYDAY=+1TU;COUNT=3" })
      .where(eq(eventSeries.id, dates[0]!.series!.id));
    const file = (await api.callerFor(ann).events.calendarFile({ id: dates[0]!.id })).text;
    expect(file).not.toMatch(/^RRULE:FREQ=WEEKLY/m);
    expect(expand(file).map((o) => o.start.slice(0, 10))).toEqual(["2027-05-04", "2027-05-11", "2027-05-18"]);
    expect(expand(await feedOf(ann)).filter((o) => o.title === "Old weekly")).toHaveLength(3);
  });

  it("ends in calendars on the day its UNTIL names, as in the app", async () => {
    // Tuesdays until Tuesday 2027-01-26: that day's date is the last one, in the app and in calendars.
    const dates = await newSeries("Yoga", "FREQ=WEEKLY;UNTIL=20270126", { event_date: "2027-01-05" });
    expect(dates.map((e) => e.event_date)).toEqual(["2027-01-05", "2027-01-12", "2027-01-19", "2027-01-26"]);
    expect(expand(await feedOf(ann)).filter((o) => o.title === "Yoga")).toHaveLength(4);
  });

  it("moves a multi-day event's end and its RSVP deadline with each date", async () => {
    const first = await api.callerFor(host).events.create({
      title: "Weekend retreat",
      event_date: "2027-02-06",
      end_date: "2027-02-07",
      start_time: "10:00",
      end_time: "16:00",
      rsvp_deadline: "2027-02-01T12:00",
      repeat: "FREQ=WEEKLY;INTERVAL=6;COUNT=3",
    });
    expect(first.series?.summary).toBe("Repeats every 6 weeks, 3 times");
    const all = (await api.callerFor(host).events.list({ search: "Weekend retreat" })).items;
    // The deadline keeps its wall-clock time (the club's), five days before each date.
    expect(all.map((e) => [e.event_date, e.end_date, e.rsvp?.rsvp_deadline])).toEqual([
      ["2027-02-06", "2027-02-07", "2027-02-01T12:00"],
      ["2027-03-20", "2027-03-21", "2027-03-15T12:00"],
      ["2027-05-01", "2027-05-02", "2027-04-26T12:00"],
    ]);
  });

  it("is refused with the reason when its rule cannot be used, and nothing is written", async () => {
    const before = await eventCount();
    const refusal = (repeat: string) =>
      api
        .callerFor(host)
        .events.create({ ...circle, title: "Refused", repeat })
        .then(
          () => "created",
          (err: TRPCError) => `${err.code}: ${err.cause instanceof ZodError ? firstMessage(err.cause) : err.message}`,
        );
    expect(await refusal("FREQ=WEEKLY")).toBe(
      "BAD_REQUEST: A repeating event needs an end: a number of times (COUNT, at most 200) or a last date (UNTIL).",
    );
    expect(await refusal("FREQ=DAILY;COUNT=201")).toBe(
      "BAD_REQUEST: A series has at most 200 dates; COUNT=201 asks for more.",
    );
    expect(await refusal("FREQ=DAILY;UNTIL=20291231")).toBe(
      "BAD_REQUEST: A series has at most 200 dates; this rule gives more. Set an earlier end.",
    );
    expect(await refusal("FREQ=WEEKLY;UNTIL=20261201")).toBe(
      "BAD_REQUEST: The series ends (UNTIL 2026-12-01) before the event's date, 2027-01-01.",
    );
    expect(await refusal("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=2")).toBe(
      "BAD_REQUEST: This repeat rule gives no date in the 20 years from the event's date, 2027-01-01.",
    );
    expect(await refusal("FREQ=HOURLY;COUNT=3")).toMatch(/^BAD_REQUEST: An event repeats daily, weekly, monthly/);
    expect(await refusal("every tuesday")).toMatch(
      /^BAD_REQUEST: Each part of a repeat rule is NAME=VALUE; "EVERY TUESDAY" is not/,
    );
    // Rules that once spun the server's thread for good, for 37 s, or failed with a 500.
    expect(await refusal("FREQ=DAILY;INTERVAL=-1;COUNT=3")).toBe(
      'BAD_REQUEST: INTERVAL is a whole number from 1 to 366 (every so many days); "-1" is not.',
    );
    expect(await refusal("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31;COUNT=3")).toBe(
      "BAD_REQUEST: This repeat rule gives no date in the 20 years from the event's date, 2027-01-01.",
    );
    expect(await refusal("FREQ=YEARLY;BYSETPOS=-400;BYDAY=MO;COUNT=3")).toBe(
      'BAD_REQUEST: BYSETPOS takes positions from 1 to 366 or -366 to -1, separated by commas; "-400" is not one.',
    );
    expect(await refusal("FREQ=FORTNIGHTLY;COUNT=3")).toBe(
      "BAD_REQUEST: FORTNIGHTLY is not a frequency; use WEEKLY with INTERVAL=2.",
    );
    expect(await refusal("DTSTART:20270101T180000Z;FREQ=DAILY;COUNT=2")).toMatch(/^BAD_REQUEST: Leave DTSTART out/);
    expect(await refusal("FREQ=DAILY;BYHOUR=9;COUNT=2")).toMatch(/^BAD_REQUEST: A repeat rule gives days/);
    // An event form that is wrong is refused as for a single event.
    await expect(
      api.callerFor(host).events.create({ ...circle, end_time: "17:00", repeat: "FREQ=WEEKLY;COUNT=2" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The end time must be after the start time." });
    await expect(
      api.callerFor(host).events.create({ ...circle, draft: true, repeat: "FREQ=WEEKLY;COUNT=2" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await eventCount()).toBe(before);
  });

  it("is made by those who may create events, like any event", async () => {
    await expect(
      api.callerFor(ann).events.create({ ...circle, title: "Not hers", repeat: "FREQ=WEEKLY;COUNT=2" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

/** A new series of the host's; its dates as the list shows them, in order. */
async function newSeries(title: string, repeat: string, extra: Record<string, unknown> = {}) {
  await api.callerFor(host).events.create({ ...circle, title, ...extra, repeat });
  return (await api.callerFor(host).events.list({ search: title })).items;
}
const when = (items: { event_date: string; start_time: string; title: string }[]) =>
  items.map((e) => `${e.event_date} ${e.start_time} ${e.title}`);

describe("editing a date of a series", () => {
  it("edits this and the following dates, and leaves the earlier ones as they were", async () => {
    const dates = await newSeries("Salon", "FREQ=MONTHLY;BYDAY=2TU;COUNT=4");
    await api.callerFor(ann).events.joinSeries({ id: dates[0]!.id });
    const third = dates[2]!;
    await api.callerFor(host).events.update({
      id: third.id,
      title: "Salon",
      event_date: third.event_date,
      start_time: "19:00",
      end_time: "21:00",
      scope: "following",
    });
    expect(when((await api.callerFor(ann).events.list({ search: "Salon" })).items)).toEqual([
      "2027-01-12 18:00 Salon",
      "2027-02-09 18:00 Salon",
      "2027-03-09 19:00 Salon",
      "2027-04-13 19:00 Salon",
    ]);
    // One mail for Ann, listing the two dates she is on that changed, with their calendar files.
    const mails = await mailsTo("ann@series.test", "Changed: Salon");
    expect(mails.map((m) => [m.subject, m.attachments.length])).toEqual([["Changed: Salon (2 dates)", 2]]);
    expect(mails[0]!.text).toContain("Tuesday, March 9, 2027");
    expect(mails[0]!.text).toContain("Tuesday, April 13, 2027");
    expect(mails[0]!.text).not.toContain("February 9");
  });

  it("names the date when one date changes alone, in the bell (its dates share a title)", async () => {
    const dates = (await newSeries("Wine circle", "FREQ=MONTHLY;BYDAY=2TU;COUNT=3")).filter(
      (e) => e.title === "Wine circle",
    );
    const sue = await api.member("sue@series.test", { name: "Sue" });
    await api.callerFor(sue).events.joinSeries({ id: dates[0]!.id });
    const second = dates[1]!;
    await api.callerFor(host).events.update({
      id: second.id,
      title: "Wine circle",
      event_date: second.event_date,
      start_time: "20:00",
      end_time: "22:00",
    });
    const day = formatCardDate(second.event_date);
    const bell = (await api.callerFor(sue).notifications.list()).items.map((i) => i.text);
    expect(bell).toContain(`“Wine circle” on ${day} changed its date, time or place`);
  });

  it("keeps a date moved alone where it is when the whole series is edited later", async () => {
    const dates = await newSeries("Walk", "FREQ=WEEKLY;BYDAY=SA;COUNT=3", { event_date: "2027-01-02" });
    const second = dates[1]!;
    // The second walk moves to the Sunday, alone.
    await api.callerFor(host).events.update({
      id: second.id,
      title: "Walk",
      event_date: "2027-01-10",
      start_time: "18:00",
      end_time: "20:00",
    });
    // Then every walk moves a day later and an hour earlier, and is renamed.
    await api.callerFor(host).events.update({
      id: dates[0]!.id,
      title: "Morning walk",
      event_date: "2027-01-03",
      start_time: "17:00",
      end_time: "20:00",
      scope: "all",
    });
    expect(when((await api.callerFor(ann).events.list({ search: "walk" })).items)).toEqual([
      "2027-01-03 17:00 Morning walk",
      "2027-01-10 17:00 Morning walk",
      "2027-01-17 17:00 Morning walk",
    ]);
  });

  it("cancels this and the following dates, or all of them (and then the series)", async () => {
    const dates = await newSeries("Tasting", "FREQ=WEEKLY;COUNT=4");
    const seriesId = dates[0]!.series!.id;
    await api.callerFor(bea).events.joinSeries({ id: dates[0]!.id });
    const answer = await api.callerFor(host).events.delete({ id: dates[2]!.id, scope: "following" });
    expect(answer.message).toBe("2 events deleted.");
    expect((await api.callerFor(ann).events.list({ search: "Tasting" })).items.map((e) => e.id)).toEqual([
      dates[0]!.id,
      dates[1]!.id,
    ]);
    expect((await mailsTo("bea@series.test", "Cancelled: Tasting")).map((m) => m.subject)).toEqual([
      "Cancelled: Tasting (2 dates)",
    ]);
    expect((await api.callerFor(host).events.delete({ id: dates[1]!.id, scope: "all" })).message).toBe(
      "2 events deleted.",
    );
    expect((await api.callerFor(ann).events.list({ search: "Tasting" })).items).toEqual([]);
    expect(await api.db.select().from(eventSeries).where(eq(eventSeries.id, seriesId))).toEqual([]);
  });

  it("is refused to a member who may not edit it, on every date", async () => {
    const dates = await newSeries("Not for Ann", "FREQ=WEEKLY;COUNT=2");
    await expect(
      api.callerFor(ann).events.update({ id: dates[0]!.id, title: "Mine now", scope: "all" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api.callerFor(ann).events.delete({ id: dates[0]!.id, scope: "all" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("joining a series", () => {
  it("leaves out today's date once it is over, and joins the coming ones", async () => {
    // Noon in New York on a day of the series whose first date ran from 9 to 10 that morning: the
    // JavaScript clock alone is moved (the database's own is not read for this).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-05-06T16:00:00Z") });
    try {
      const dates = await newSeries("Dawn stroll", "FREQ=DAILY;COUNT=3", {
        event_date: "2030-05-06",
        start_time: "09:00",
        end_time: "10:00",
      });
      // Once, its ended date stopped the whole series from being joined for the rest of the day.
      expect(await api.callerFor(ann).events.joinSeries({ id: dates[0]!.id })).toMatchObject({ joined: 2, closed: 0 });
      const standing = await Promise.all(
        dates.map(async (d) =>
          (await api.callerFor(ann).events.get({ id: d.id })).participants.some((p) => p.user_id === ann.id),
        ),
      );
      expect(standing).toEqual([false, true, true]);
      expect(await api.callerFor(ann).events.leaveSeries({ id: dates[0]!.id })).toMatchObject({ left: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("joins every coming date, each against its capacity, and leaving the series leaves them all", async () => {
    // Two seats a date: its host's, and one.
    const dates = await newSeries("Small dinner", "FREQ=WEEKLY;COUNT=3", { capacity: 2 });
    await api.callerFor(bea).events.join({ id: dates[1]!.id });
    const joined = await api.callerFor(ann).events.joinSeries({ id: dates[0]!.id });
    expect(joined).toEqual({
      message: "Joined 2 dates of Small dinner; on the waitlist for 1 date.",
      joined: 2,
      waitlisted: 1,
      already: 0,
      closed: 0,
    });
    const standing = async () =>
      Promise.all(dates.map(async (d) => (await api.callerFor(ann).events.get({ id: d.id })).rsvp?.me?.status ?? null));
    expect(await standing()).toEqual(["going", "waitlist", "going"]);
    // Each date of the series on her page says where she stands on it.
    const page = await api.callerFor(ann).events.get({ id: dates[1]!.id });
    expect(page.series?.dates.map((d) => d.me)).toEqual(["going", "waitlist", "going"]);
    // Asked again, nothing changes.
    expect((await api.callerFor(ann).events.joinSeries({ id: dates[2]!.id })).message).toBe(
      "You are on every coming date of Small dinner already.",
    );
    expect(await api.callerFor(ann).events.leaveSeries({ id: dates[0]!.id })).toEqual({
      message: "Left 3 dates of Small dinner.",
      left: 3,
    });
    expect(await standing()).toEqual([null, null, null]);
    // Bea keeps her seat on the date she joined alone.
    expect((await api.callerFor(bea).events.get({ id: dates[1]!.id })).rsvp?.me?.status).toBe("going");
  });

  it("is refused on an event that does not repeat", async () => {
    const single = await api.callerFor(host).events.create({ ...circle, title: "Once" });
    await expect(api.callerFor(ann).events.joinSeries({ id: single.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Once does not repeat: join it with Join.",
    });
  });
});
