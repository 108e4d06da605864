import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSeedFile } from "./load";

const dir = mkdtempSync(join(tmpdir(), "club-seed-load-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The message a file's problems make, as `club` prints it after "club: ". */
function failure(path: string): string {
  try {
    loadSeedFile(path);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error(`${path} was accepted`);
}

describe("a seed file's unknown keys", () => {
  it("are refused at every level of a YAML file, each with its path, line and column", () => {
    const path = write(
      "typos.yaml",
      `users:
  - { email: a@seed.test, nmae: Ada, name: Ada, password: seed-pass-1 }
invitationCodes:
  - code: SEED-CODE-0001
    usses: 5
events:
  - slug: spring-salon
    titel: Spring Salon
    comments:
      - { author: a@seed.test, content: Hello, lang: en }
media:
  - file: clip.mp4
    tag: [x]
    comments:
      - text: Lovely
        content: Lovely
gallery: []
`,
    );
    expect(failure(path)).toBe(
      [
        `${path} has 7 errors; nothing was written.`,
        `${path}:2:27: users[0].nmae: Unknown key "nmae".`,
        `${path}:5:5: invitationCodes[0].usses: Unknown key "usses".`,
        `${path}:8:5: events[0].titel: Unknown key "titel".`,
        `${path}:10:48: events[0].comments[0].lang: Unknown key "lang".`,
        `${path}:13:5: media[0].tag: Unknown key "tag".`,
        `${path}:15:9: media[0].comments[0].text: Unknown key "text".`,
        `${path}:17:1: gallery: Unknown key "gallery".`,
      ].join("\n"),
    );
  });

  it("are refused in JSON too, with the line and column of the key", () => {
    const path = write(
      "typos.json",
      JSON.stringify(
        { events: [{ slug: "spring-salon", titel: "Spring Salon" }], media: [{ file: "a.jpg", tgs: [] }] },
        null,
        2,
      ),
    );
    expect(failure(path)).toBe(
      [
        `${path} has 2 errors; nothing was written.`,
        `${path}:5:7: events[0].titel: Unknown key "titel".`,
        `${path}:11:7: media[0].tgs: Unknown key "tgs".`,
      ].join("\n"),
    );
  });
});

describe("a seed file's values", () => {
  it("refuse a day that is not in the calendar, for an event and a code's expiry, at the value", () => {
    const path = write(
      "dates.yaml",
      `invitationCodes:
  - { code: SEED-CODE-0002, expires: 2030-02-30 }
events:
  - slug: leap
    event_date: 2026-02-30
`,
    );
    expect(failure(path)).toBe(
      [
        `${path} has 2 errors; nothing was written.`,
        `${path}:2:38: invitationCodes[0].expires: The date must be a real day, like 2027-01-31 or 2027-01-31T18:00:00Z.`,
        `${path}:5:17: events[0].event_date: The date must be a real day, like 2026-12-31.`,
      ].join("\n"),
    );
  });

  it("place a missing field at its entry, and a wrong whole file at its start", () => {
    const missing = write("missing.yaml", "users:\n  - email: a@seed.test\n    name: Ada\n");
    expect(failure(missing)).toBe(
      `${missing} has 1 error; nothing was written.\n${missing}:2:5: users[0].password: Invalid input: expected string, received undefined`,
    );
    const list = write("list.json", "[1, 2]");
    expect(failure(list)).toBe(
      `${list} has 1 error; nothing was written.\n${list}:1:1: (file): Invalid input: expected object, received array`,
    );
  });

  it("that do not parse are placed too, in YAML and in JSON", () => {
    const yaml = write("broken.yaml", "users:\n  - { email: a@seed.test\nevents: []\n");
    expect(failure(yaml)).toMatch(
      new RegExp(`^${yaml} has 1 error; nothing was written.\\n${yaml}:3:1: Not valid YAML: `),
    );
    const json = write("broken.json", '{\n  "users": [,]\n}');
    expect(failure(json)).toBe(
      `${json} has 1 error; nothing was written.\n${json}:2:13: Not valid JSON: Unexpected , in flow sequence`,
    );
    // YAML takes bare words and comments; a .json file is JSON.
    const bare = write("bare.json", "{\n  users: []\n}");
    expect(failure(bare)).toBe(
      `${bare} has 1 error; nothing was written.\n${bare}:2:3: Not valid JSON: Expected property name or '}'.`,
    );
    expect(failure(join(dir, "absent.yaml"))).toBe(
      `${join(dir, "absent.yaml")} has 1 error; nothing was written.\n${join(dir, "absent.yaml")}: Cannot read the seed file.`,
    );
  });

  it("knows which keys an entry states", () => {
    const path = write("stated.yaml", "events:\n  - { slug: a-b, title: A, city: Paris }\n");
    const { seed, places } = loadSeedFile(path);
    expect([...places.stated(["events", 0])]).toEqual(["slug", "title", "city"]);
    expect(seed.events[0]?.description).toBe("");
    expect(places.where(["events", 0, "city"])).toBe(`${path}:2:34`);
  });
});
