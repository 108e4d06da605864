import type { SessionUser } from "@club/auth";
import { eventParticipants, events, mailOutbox, rowsOf } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sendEventReminder } from "./domain/events/reminders";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let host: SessionUser;
let ann: SessionUser;
let bea: SessionUser;
let cat: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("host@notices.test", { type: "Founding", name: "Hostess" });
  ann = await api.member("ann@notices.test", { name: "Ann" });
  bea = await api.member("bea@notices.test", { name: "Bea" });
  cat = await api.member("cat@notices.test", { name: "Cat" });
});
afterAll(() => api.close());

/** The reminder jobs waiting, by member: when each is due. */
async function reminders(eventId: string): Promise<Map<string, string>> {
  const rows = rowsOf(
    await api.db.execute(
      sql`select singleton_key as key, start_after as start from pgboss.job
          where name = 'event.reminder' and state < 'active' and starts_with(singleton_key, ${`${eventId}:`})`,
    ),
    z.object({ key: z.string(), start: z.union([z.date(), z.string()]) }),
  );
  return new Map(rows.map((r) => [r.key.split(":")[1]!, new Date(r.start).toISOString()]));
}

const mailsTo = (who: SessionUser, subject: string) =>
  api.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, who.email), eq(mailOutbox.subject, subject)));

const supper = {
  title: "Harbour Supper",
  event_date: "2027-06-01",
  start_time: "19:00",
  end_time: "22:00",
  location: "Pier 4",
  city: "Boston",
};

describe("reminders", () => {
  it("are due the club's hours before the start, moved with the event, cancelled on leaving and deleting", async () => {
    const e = await api.callerFor(host).events.create(supper);
    await api.callerFor(ann).events.join({ id: e.id });
    await api.callerFor(bea).events.join({ id: e.id });
    // 19:00 in New York (EDT) is 23:00 UTC; 24 hours before. The host is going: hers too.
    expect(await reminders(e.id)).toEqual(
      new Map([
        [host.id, "2027-05-31T23:00:00.000Z"],
        [ann.id, "2027-05-31T23:00:00.000Z"],
        [bea.id, "2027-05-31T23:00:00.000Z"],
      ]),
    );

    await api.callerFor(host).events.update({ id: e.id, ...supper, start_time: "18:00" });
    expect([...(await reminders(e.id)).values()]).toEqual(Array(3).fill("2027-05-31T22:00:00.000Z"));

    await api.callerFor(bea).events.leave({ id: e.id });
    expect(new Set((await reminders(e.id)).keys())).toEqual(new Set([host.id, ann.id]));

    await api.callerFor(host).events.delete({ id: e.id });
    expect(await reminders(e.id)).toEqual(new Map());
  });

  it("follow the club's setting, and none is sent for a start that is closer than that", async () => {
    const e = await api.callerFor(host).events.create(supper);
    await api.callerFor(host).events.leave({ id: e.id });
    await api.callerFor(ann, { config: { ...api.contextFor(ann).config, reminderHours: 2 } }).events.join({ id: e.id });
    expect(await reminders(e.id)).toEqual(new Map([[ann.id, "2027-06-01T21:00:00.000Z"]]));
    await api.callerFor(bea, { config: { ...api.contextFor(bea).config, reminderHours: 0 } }).events.join({ id: e.id });
    expect([...(await reminders(e.id)).keys()]).toEqual([ann.id]);
  });

  it("mail the participant with the place and the calendar file, unless she turned them off or left", async () => {
    const e = await api.callerFor(host).events.create(supper);
    await api.callerFor(ann).events.join({ id: e.id });
    await api.callerFor(bea).events.join({ id: e.id });
    const deps = { db: api.db, jobs: api.jobs, config: api.contextFor(null).config };

    expect(await sendEventReminder(deps, { eventId: e.id, userId: ann.id })).toBe(true);
    const [mail] = await mailsTo(ann, "Reminder: Harbour Supper, Tuesday, June 1, 2027");
    expect(mail?.html).toContain("Pier 4, Boston");
    expect(mail?.attachments[0]?.filename).toMatch(/^harbour-supper(-\d+)?\.ics$/);

    // The club turned reminders off after this one was queued: nothing is sent.
    expect(
      await sendEventReminder(
        { ...deps, config: { ...deps.config, reminderHours: 0 } },
        { eventId: e.id, userId: bea.id },
      ),
    ).toBe(false);
    await api.callerFor(bea).preferences.update({ reminders: false });
    expect(await sendEventReminder(deps, { eventId: e.id, userId: bea.id })).toBe(false);
    expect(await sendEventReminder(deps, { eventId: e.id, userId: cat.id })).toBe(false);
  });
});

describe("change notices", () => {
  it("mail everyone going or waiting once, with old and new values and an .ics of a higher SEQUENCE", async () => {
    const e = await api.callerFor(host).events.create({ ...supper, title: "Rooftop Tasting", capacity: 2 });
    for (const m of [host, ann, bea]) await api.callerFor(m).events.join({ id: e.id }); // bea waits
    await api.callerFor(host).events.update({
      id: e.id,
      ...supper,
      title: "Rooftop Tasting",
      capacity: 2,
      event_date: "2027-06-02",
      location: "Pier 5",
    });
    for (const m of [ann, bea]) {
      const mails = await mailsTo(m, "Changed: Rooftop Tasting");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.html).toContain("<s>Tuesday, June 1, 2027</s><br>Wednesday, June 2, 2027");
      expect(mails[0]!.html).toContain("<s>Pier 4, Boston</s><br>Pier 5, Boston");
      expect(mails[0]!.html).not.toContain("Time");
      const vevent = new ICAL.Component(ICAL.parse(mails[0]!.attachments[0]!.content)).getFirstSubcomponent("vevent")!;
      expect(vevent.getFirstPropertyValue("sequence")).toBe(1);
      expect(vevent.getFirstPropertyValue("uid")).toBe(`${e.id}@club.test`);
    }
    // The one who made the change is not told about it.
    expect(await mailsTo(host, "Changed: Rooftop Tasting")).toHaveLength(0);

    // A change of the title or description alone tells nobody.
    await api.callerFor(host).events.update({
      id: e.id,
      ...supper,
      title: "Rooftop Tasting",
      capacity: 2,
      event_date: "2027-06-02",
      location: "Pier 5",
      description: "Now with cheese.",
    });
    expect(await mailsTo(ann, "Changed: Rooftop Tasting")).toHaveLength(1);
    const [row] = await api.db.select({ sequence: events.sequence }).from(events).where(eq(events.id, e.id));
    expect(row?.sequence).toBe(1);
  });

  it("deleting a coming event mails a cancellation with the organiser's message and a CANCELLED .ics", async () => {
    const e = await api.callerFor(host).events.create({ ...supper, title: "Garden Party" });
    await api.callerFor(ann).events.join({ id: e.id });
    await api.callerFor(host).events.delete({ id: e.id, message: "The marquee blew away. <b>Sorry!</b>" });
    const [mail] = await mailsTo(ann, "Cancelled: Garden Party");
    expect(mail?.html).toContain("The marquee blew away. &lt;b&gt;Sorry!&lt;/b&gt;");
    const cal = new ICAL.Component(ICAL.parse(mail!.attachments[0]!.content));
    expect(cal.getFirstPropertyValue("method")).toBe("CANCEL");
    const vevent = cal.getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(1);
  });

  it("deleting an event that is over mails nobody", async () => {
    const e = await api.callerFor(host).events.create({ ...supper, title: "Old Supper" });
    await api.db.update(events).set({ eventDate: "2020-01-01" }).where(eq(events.id, e.id));
    await api.db.insert(eventParticipants).values({ eventId: e.id, userId: cat.id });
    await api.callerFor(host).events.delete({ id: e.id });
    expect(await mailsTo(cat, "Cancelled: Old Supper")).toHaveLength(0);
    expect(await api.db.select().from(events).where(eq(events.id, e.id))).toHaveLength(0);
  });
});
