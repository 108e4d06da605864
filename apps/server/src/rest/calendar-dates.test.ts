import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, startApp } from "../test/harness";

/**
 * Days that do not exist (February 30, February 29 of a year that is not a leap year) are refused
 * with a 400 and a message on every route that takes a date, instead of rolling over into March or
 * reaching the database (which answered 500).
 */
let h: Harness;
let ada: string;
let root: string;
let eventId: string;

const IMPOSSIBLE = ["2026-02-30", "2027-02-29", "2026-04-31", "2026-13-01", "0000-01-01"];

function trpc(path: string, json: unknown, cookie: string) {
  return h.app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    payload: { json },
    headers: { origin: ORIGIN, cookie },
  });
}

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  ada = await login(h, "ada@club.test");
  root = await login(h, "root@club.test");
  const created = await request(h, "POST", "/api/events", { title: "Dates", event_date: "2027-03-01" }, ada);
  expect(created.statusCode, created.body).toBe(200);
  eventId = created.json().id;
});
afterAll(() => h.close());

describe.each(IMPOSSIBLE)("the impossible date %s", (day) => {
  it("is refused by the REST event routes, with the field's message", async () => {
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ["POST", "/api/events", { title: "T", event_date: day }, /The date must be a real day/],
      [
        "POST",
        "/api/events",
        { title: "T", event_date: "2026-01-01", end_date: day },
        /The end date must be a real day/,
      ],
      ["POST", "/api/events", { title: "T", rsvp_deadline: `${day}T18:00` }, /The RSVP deadline must/],
      ["PUT", `/api/events/${eventId}`, { date: day }, /The date must be a real day/],
      ["PUT", `/api/events/${eventId}`, { event_date: day }, /The date must be a real day/],
      ["PUT", `/api/events/${eventId}`, { end_date: day }, /The end date must be a real day/],
      ["PUT", `/api/events/${eventId}`, { rsvp_deadline: `${day}T18:00` }, /The RSVP deadline must/],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await request(h, method as "POST", url, body, ada);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it("is refused by the procedures that take a date or a moment", async () => {
    const cases: [string, unknown, string][] = [
      ["events.create", { title: "T", event_date: day }, ada],
      ["events.update", { id: eventId, event_date: day }, ada],
      ["invitationCodes.create", { expiresAt: day }, root],
      ["invitationCodes.create", { expiresAt: `${day}T12:00:00Z` }, root],
      ["apiTokens.create", { name: "ci", expiresAt: day }, ada],
    ];
    for (const [path, json, cookie] of cases) {
      const res = await trpc(path, json, cookie);
      expect(res.statusCode, `${path} ${JSON.stringify(json)} → ${res.body}`).toBe(400);
      expect(res.json().error.json.message).toMatch(/real day|must look like/);
    }
  });
});

describe("real days", () => {
  it("are taken, February 29 of a leap year included", async () => {
    const res = await request(
      h,
      "PUT",
      `/api/events/${eventId}`,
      { date: "2028-02-29", rsvp_deadline: "2028-02-28T18:00" },
      ada,
    );
    expect(res.statusCode, res.body).toBe(200);
    const read = await request(h, "GET", `/api/events/${eventId}`, undefined, ada);
    expect(read.json().event_date).toBe("2028-02-29");
    const code = await trpc("invitationCodes.create", { expiresAt: "2028-02-29" }, root);
    expect(code.statusCode, code.body).toBe(200);
    const token = await trpc("apiTokens.create", { name: "ci", expiresAt: "2028-02-29T12:00:00Z" }, ada);
    expect(token.statusCode, token.body).toBe(200);
  });
});
