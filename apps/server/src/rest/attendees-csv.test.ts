import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";
import { attendeesCsv } from "./attendees-csv";

type Attendees = Parameters<typeof attendeesCsv>[0];
const joined = new Date("2026-05-01T10:00:00Z");
const member = (name: string, email: string | null = "member@club.test") => ({
  user_id: "u",
  name,
  email,
  guests: 0,
  joined_at: joined,
});
const listOf = (...participants: ReturnType<typeof member>[]): Attendees => ({
  event: { id: "e", slug: "picnic" },
  participants,
  waitlist: [],
});
/** The cells of the one member's row, as written. */
const rowOf = (name: string, email?: string) => attendeesCsv(listOf(member(name, email))).split("\n")[1];

describe("attendeesCsv", () => {
  it("quotes every text cell", () => {
    expect(attendeesCsv(listOf(member("Sam", "sam@club.test")))).toBe(
      '"status","waitlist position","name","email","guests","joined at"\n' +
        '"going","","Sam","sam@club.test",0,"2026-05-01T10:00:00.000Z"\n',
    );
  });

  // A spreadsheet told to split on ";" (or "," or a tab) ignores the quotes: each part after a
  // separator is a cell of its own, and one that starts a formula is made inert as well.
  it.each([
    ['=HYPERLINK("http://x.test","y")', '"\'=HYPERLINK(""http://x.test"",""y"")"'],
    ["-2+3", `"'-2+3"`],
    ["+1", `"'+1"`],
    ["@SUM(1)", `"'@SUM(1)"`],
    ["\tTab", `"'\tTab"`],
    ["Zed;=1+2", `"Zed;'=1+2"`],
    ["a,@SUM(1)", `"a,'@SUM(1)"`],
    ["b\t-1", `"b\t'-1"`],
    ["c; =1", `"c;' =1"`],
    ["d;\t=1", `"d;'\t'=1"`],
    ["Mary-Jane O'Neil", `"Mary-Jane O'Neil"`],
  ])("writes the name %j as %s", (name, cell) => {
    expect(rowOf(name)).toBe(`"going","",${cell},"member@club.test",0,"2026-05-01T10:00:00.000Z"`);
  });

  it("leaves the e-mail cell empty where the member keeps her address from the caller", () => {
    expect(attendeesCsv(listOf(member("Sam", null)))).toBe(
      '"status","waitlist position","name","email","guests","joined at"\n' +
        '"going","","Sam","",0,"2026-05-01T10:00:00.000Z"\n',
    );
  });

  it("makes an e-mail address inert the same way", () => {
    expect(rowOf("Sam", "-x@club.test")).toContain(`,"'-x@club.test",`);
  });
});

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
