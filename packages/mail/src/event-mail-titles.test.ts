import { describe, expect, it } from "vitest";
import { eventCancelledMail, eventChangedMail } from "./templates/events";

const details = {
  title: "Supper club",
  when: "Tuesday, January 12, 2027",
  time: "8:00 PM – 10:00 PM",
  place: "The library",
  description: "",
  eventUrl: "https://club.test/events/supper-club-2027-01-12",
  calendarUrl: "https://club.test/add",
};

describe("an event's change and cancellation mails", () => {
  it("name which date of a repeating event they are about (its dates share a title)", () => {
    const ofSeries = { ...details, ofSeries: "Jan 12, 2027" };
    const change = [{ label: "Time", before: "6:00 PM", after: "8:00 PM" }];
    expect(eventChangedMail("Ann", ofSeries, change).subject).toBe("Changed: Supper club on Jan 12, 2027");
    expect(eventChangedMail("Ann", ofSeries, change).html).toContain("<strong>Supper club on Jan 12, 2027</strong>");
    expect(eventCancelledMail("Ann", ofSeries, null).subject).toBe("Cancelled: Supper club on Jan 12, 2027");
    // An event that does not repeat is named by its title alone, as before.
    expect(eventChangedMail("Ann", details, change).subject).toBe("Changed: Supper club");
  });
});
