import type { SessionUser } from "@club/auth";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let host: SessionUser;
let guest: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("host@ics.test", { type: "Founding", name: "Hostess" });
  guest = await api.member("guest@ics.test", { name: "Guest" });
});
afterAll(() => api.close());

const veventOf = (text: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);

describe("an event's Add to calendar file", () => {
  it("is the event as calendars read it, with the UID every mail and the feed use, and its SEQUENCE", async () => {
    const e = await api.callerFor(host).events.create({
      title: "Garden Salon",
      event_date: "2027-06-05",
      start_time: "19:30",
      end_time: "22:00",
      location: "The Conservatory",
      city: "Boston",
    });
    const file = await api.callerFor(guest).events.calendarFile({ id: e.slug });
    expect(file.filename).toBe("garden-salon.ics");
    const first = veventOf(file.text);
    expect(first.summary).toBe("Garden Salon");
    expect(first.uid).toBe(`${e.id}@club.test`);
    // 19:30 in New York in June is 23:30 UTC.
    expect(first.startDate.toJSDate().toISOString()).toBe("2027-06-05T23:30:00.000Z");
    expect(first.endDate.toJSDate().toISOString()).toBe("2027-06-06T02:00:00.000Z");
    expect(first.location).toContain("Boston");

    // Moved: the same UID, a higher SEQUENCE, so the calendar replaces its entry.
    await api.callerFor(host).events.update({ id: e.id, start_time: "20:00" });
    const moved = veventOf((await api.callerFor(guest).events.calendarFile({ id: e.id })).text);
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBeGreaterThan(first.sequence);
  });

  it("is not found for an invite-only event she may not see", async () => {
    const secret = await api.callerFor(host).events.create({
      title: "Private Salon",
      event_date: "2027-06-06",
      exclusivity: "invite-only",
    });
    await expect(api.callerFor(guest).events.calendarFile({ id: secret.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
