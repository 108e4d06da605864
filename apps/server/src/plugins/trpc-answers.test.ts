import { brotliDecompressSync } from "node:zlib";
import { events } from "@club/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addUser, type Harness, login, startApp } from "../test/harness";

/**
 * tRPC's answers as they go out: an answer in hand, compressed only above the 1 KB threshold and
 * with its length, as Fastify sends any body; not a stream compressed whatever its size.
 */
let h: Harness;
let cookie: string;
let memberId: string;
const browser = { "accept-encoding": "gzip, deflate, br" };
const trpc = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`;

beforeAll(async () => {
  h = await startApp();
  memberId = (await addUser(h, { email: "member@club.test", name: "Mia Member" })).id;
  cookie = await login(h, "member@club.test");
});
afterAll(async () => h?.close());

it("a small answer goes as it is, with its length, though the browser accepts brotli", async () => {
  const res = await h.app.inject({ url: trpc("notifications.unread"), headers: { ...browser, cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-encoding"]).toBeUndefined();
  expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
  expect(res.json()).toEqual({ result: { data: { json: { unread: 0 } } } });
});

it("a large answer goes compressed, with its compressed length", async () => {
  const bio = "Painter of harbours and northern light. ".repeat(20);
  const saved = await h.app.inject({
    method: "POST",
    url: "/trpc/profile.update",
    headers: { cookie, "content-type": "application/json", origin: "http://club.test" },
    payload: { json: { bio, talents: ["painting"], interests: [], showEmail: false } },
  });
  expect(saved.statusCode).toBe(200);
  const res = await h.app.inject({
    url: trpc("members.get", { id: memberId }),
    headers: { ...browser, cookie },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-encoding"]).toBe("br");
  expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
  expect(brotliDecompressSync(res.rawPayload).toString()).toContain("northern light");
});

it("an answer of tens of kilobytes is compressed in hand too, with its length, not streamed in chunks", async () => {
  // 60 published events: a list of about 40 KB, over the 8 KB above which the compression plugin
  // streams by default on two cores.
  await h.db.db.insert(events).values(
    Array.from({ length: 60 }, (_, i) => ({
      slug: `salon-${i}`,
      title: `Salon ${i}: leadership and boards`,
      description: "An evening of conversation about leadership, boards and growth. ".repeat(4),
      eventDate: "2030-05-01",
      createdBy: memberId,
      publishedAt: new Date(),
    })),
  );
  const res = await h.app.inject({ url: trpc("events.list", { limit: 60 }), headers: { ...browser, cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-encoding"]).toBe("br");
  expect(res.headers["transfer-encoding"]).toBeUndefined();
  expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
  const text = brotliDecompressSync(res.rawPayload).toString();
  expect(text.length).toBeGreaterThan(16 * 1024);
  expect(text).toContain("Salon 59");
});

it("an error keeps its status and body", async () => {
  const res = await h.app.inject({ url: trpc("members.get", { id: "not-an-id" }), headers: { ...browser, cookie } });
  expect(res.statusCode).toBe(400);
  expect(res.headers["content-type"]).toContain("application/json");
  expect(JSON.stringify(res.json())).toContain("BAD_REQUEST");
});
