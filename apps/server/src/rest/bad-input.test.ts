import { sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, startApp, testPhoto, uploadVia } from "../test/harness";

/** Inputs found by probing that used to answer 500; each now gets a 4xx a person can act on. */
let h: Harness;
let ada: string;
let root: string;
let item: { id: string };

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  ada = await login(h, "ada@club.test");
  root = await login(h, "root@club.test");
  item = (await uploadVia(h, { cookie: ada, filename: "p.png", data: await testPhoto() })).json();
});
afterAll(() => h.close());

describe("NUL characters", () => {
  it("are refused in any text field, REST or tRPC, with the field named", async () => {
    const cases: [string, string, unknown][] = [
      ["POST", "/api/events", { title: "Tea\u0000time" }],
      ["POST", "/api/comments", { content: "hi\u0000", commentableId: item.id }],
      ["PUT", `/api/media/${item.id}`, { description: "x\u0000y" }],
      ["PUT", `/api/media/${item.id}`, { tags: ["ok", "b\u0000d"] }],
      ["POST", "/update-user", { name: "A\u0000da" }],
    ];
    for (const [method, url, body] of cases) {
      const res = await request(h, method as "POST", url, body, ada);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(/contains an invisible NUL character/);
    }
    const login = await request(h, "POST", "/login", { email: "ada@club.test\u0000", password: "x" });
    expect(login.statusCode).toBe(400);
    const search = await request(h, "GET", "/api/events?search=a%00b", undefined, ada);
    expect(search.statusCode).toBe(400);
    const trpc = await h.app.inject({
      method: "POST",
      url: "/trpc/events.create",
      payload: { json: { title: "x", description: "a\u0000" } },
      headers: { origin: ORIGIN, cookie: ada },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.json.message).toBe(
      'The field "description" contains an invisible NUL character; please remove it and try again.',
    );
  });

  it("are removed from an uploaded file's name", async () => {
    const res = await uploadVia(h, { cookie: ada, filename: "a\u0000b.png", data: await testPhoto() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file_name).toBe("ab.png");
  });
});

describe("updates with nothing to change", () => {
  it("answer 400 for an empty or unknown-fields-only media or image update", async () => {
    for (const url of [`/api/media/${item.id}`, `/api/images/${item.id}`]) {
      for (const body of [{}, { colour: "red", id: "x" }]) {
        const res = await request(h, "PUT", url, body, ada);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().error).toBe("Nothing to change: send a name, description, tags or associatedEventId.");
      }
    }
  });
});

describe("events created at once with one title", () => {
  it("all succeed, each with its own address", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => request(h, "POST", "/api/events", { title: "Double Click" }, ada)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const slugs = answers.map((r) => r.json().slug as string);
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain("double-click");
  });

  it("a chosen slug that is taken is a conflict", async () => {
    const first = await request(h, "POST", "/api/events", { title: "A", slug: "my-salon" }, ada);
    expect(first.statusCode).toBe(200);
    const again = await request(h, "POST", "/api/events", { title: "B", slug: "my-salon" }, ada);
    expect(again.statusCode).toBe(409);
  });
});

describe("a row deleted between its look-up and its update", () => {
  it("answers 404, not 500", async () => {
    const event = (await request(h, "POST", "/api/events", { title: "Vanishing" }, ada)).json();
    // A trigger that skips every update stands in for a delete landing in between: the UPDATE
    // then returns no row, exactly as when the row is gone.
    const run = (statement: string) => h.db.db.execute(sql.raw(statement));
    await run("create function vanish() returns trigger language plpgsql as $$ begin return null; end $$");
    await run("create trigger vanish_events before update on events for each row execute function vanish()");
    await run("create trigger vanish_media before update on media for each row execute function vanish()");
    try {
      const res = await request(h, "PUT", `/api/events/${event.id}`, { title: "Renamed" }, ada);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe("Event not found");
      const media = await request(h, "PUT", `/api/media/${item.id}`, { description: "new" }, ada);
      expect(media.statusCode, media.body).toBe(404);
    } finally {
      await run("drop trigger vanish_events on events");
      await run("drop trigger vanish_media on media");
      await run("drop function vanish()");
    }
  });
});

describe("two accounts created at once with one e-mail", () => {
  it("one is created, the other is told the e-mail is taken", async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        h.app.inject({
          method: "POST",
          url: "/trpc/users.create",
          payload: { json: { email: "twin@club.test", name: "Twin", password: "password1" } },
          headers: { origin: ORIGIN, cookie: root },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe("an upload whose multipart body is cut short or malformed", () => {
  it("is refused as such (400), on both upload URLs, whether the cut is before or inside the file", async () => {
    const boundary = "----cut";
    const photo = await testPhoto();
    const cutInFile = (field: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="p.png"\r\n\r\n`),
        photo.subarray(0, 40),
      ]);
    for (const [url, field] of [
      ["/upload-media", "media"],
      ["/upload-image", "image"],
    ] as const) {
      const cases: [string, string | Buffer][] = [
        [`multipart/form-data; boundary=${boundary}`, "not multipart at all"],
        [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\n`],
        [
          `multipart/form-data; boundary=${boundary}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nab`,
        ],
        [`multipart/form-data; boundary=${boundary}`, cutInFile(field)],
        ["multipart/form-data", cutInFile(field)],
      ];
      for (const [type, payload] of cases) {
        const res = await h.app.inject({
          method: "POST",
          url,
          payload,
          headers: { origin: ORIGIN, cookie: ada, "content-type": type },
        });
        expect(res.statusCode, `${url} ${type} ${String(payload).slice(0, 60)}: ${res.body}`).toBe(400);
        expect(res.json().error).toMatch(/incomplete or malformed/);
      }
    }
  });
});

describe("a NUL character in the event of an event's download-all link", () => {
  it("is refused with the field named (400), as on the event's other URLs", async () => {
    const res = await request(h, "GET", "/api/events/a%00b/media.zip", undefined, ada);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(/contains an invisible NUL character/);
  });
});
