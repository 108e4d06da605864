import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

describe("GET /api/events/{id}/attendees.csv", () => {
  let h: Harness;
  let fay: string;
  beforeAll(async () => {
    h = await startApp();
    await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
    fay = await login(h, "fay@club.test");
  });
  afterAll(() => h?.close());

  it("names the file after the event's stored slug, however the event was named in the path", async () => {
    const event = (await request(h, "POST", "/api/events", { title: "Kayak", slug: "kayak-trip" }, fay)).json();
    // The Kelvin sign (U+212A) lower-cases to an ASCII "k": the path finds the event, but is not its slug.
    for (const ref of [encodeURIComponent("\u212Aayak-trip"), "KAYAK-TRIP", event.id]) {
      const res = await request(h, "GET", `/api/events/${ref}/attendees.csv`, undefined, fay);
      expect(res.statusCode, ref).toBe(200);
      expect(res.headers["content-disposition"], ref).toBe("attachment; filename=attendees-kayak-trip.csv");
    }
  });
});
