import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "../test/harness";

// The plain GET of queries is answered without tRPC's fetch adapter (trpc-queries.ts). Its answers
// must be the adapter's, good and bad: the same app on the same database, once with the plain
// path and once with every request through the adapter, is asked the same things.
let plain: Harness;
let adapter: Harness;
let member: string;
let admin: string;

beforeAll(async () => {
  plain = await startApp();
  // The second app reads the first one's database (its sessions, its rows); closing it leaves the
  // database to the first.
  adapter = await startApp({}, async () => ({ ...plain.db, close: async () => {} }), { plainQueries: false });
  await addUser(plain, { email: "member@club.test", name: "Mira Member" });
  await addUser(plain, { email: "admin@club.test", name: "Ada Admin", admin: true });
  member = await login(plain, "member@club.test");
  admin = await login(plain, "admin@club.test");
});

afterAll(async () => {
  await adapter?.close();
  await plain?.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const HEADERS_THAT_DIFFER = new Set(["date", "x-request-id", "connection", "keep-alive"]);

async function ask(h: Harness, url: string, asked: Record<string, string>) {
  const res = await h.app.inject({ method: "GET", url, headers: { origin: ORIGIN, ...asked } });
  const kept = Object.entries(res.headers).filter(([name]) => !HEADERS_THAT_DIFFER.has(name));
  const headers = Object.fromEntries(kept.sort());
  // Fastify names the charset of a JSON string it sends (as the REST routes' answers do); tRPC's
  // Response does not. So the charset also tells which path answered.
  const contentType = String(headers["content-type"]);
  headers["content-type"] = contentType.replace("; charset=utf-8", "");
  return {
    answer: { status: res.statusCode, headers, body: res.body },
    plainPath: contentType === "application/json; charset=utf-8",
  };
}

describe("the plain GET of queries", () => {
  const cases: [string, string, () => string | undefined][] = [
    ["a public query, signed out", "/trpc/auth.status", () => undefined],
    ["a public query, signed in", "/trpc/auth.status", () => member],
    ["a batch of one", "/trpc/auth.status?batch=1&input=%7B%7D", () => member],
    ["a member's query, signed out (401)", `/trpc/media.list?input=${input({ json: {} })}`, () => undefined],
    ["a member's list", `/trpc/media.list?input=${input({ json: {} })}`, () => member],
    [
      "a batch with an admin's query refused to a member (207)",
      `/trpc/auth.status,users.list?batch=1&input=${input({ 1: { json: {} } })}`,
      () => member,
    ],
    [
      "the same batch as an admin",
      `/trpc/auth.status,users.list?batch=1&input=${input({ 1: { json: {} } })}`,
      () => admin,
    ],
    ["an input its schema refuses", `/trpc/media.get?input=${input({ json: { id: "nope" } })}`, () => member],
    ["an input that is not JSON", "/trpc/media.get?input=%7Bnope", () => member],
    ["a batch whose input is not an object", `/trpc/auth.status?batch=1&input=${input([1])}`, () => member],
    ["a batch's input given twice", `/trpc/auth.status?batch=1&input=%7B%7D&input=%5B%5D`, () => member],
    ["a query with no input where one is needed", "/trpc/media.get", () => member],
    ["a NUL in the input", `/trpc/media.tags?input=${input({ json: { prefix: "a\u0000" } })}`, () => member],
  ];
  for (const [what, url, cookie] of cases) {
    it(`answers as tRPC's adapter does: ${what}`, async () => {
      const headers: Record<string, string> = cookie() ? { cookie: cookie() as string } : {};
      const thin = await ask(plain, url, headers);
      expect(thin.plainPath).toBe(true);
      expect(thin.answer).toEqual((await ask(adapter, url, headers)).answer);
    });
  }

  it("leaves to the adapter what is not a plain GET of queries, with the adapter's answers", async () => {
    const headers = { cookie: member };
    for (const url of [
      "/trpc/nothing.here",
      `/trpc/account.changePassword?input=${input({ json: {} })}`,
      `/trpc/auth.status,nothing.here?batch=1`,
      `/trpc/${Array.from({ length: 21 }, () => "auth.status").join(",")}?batch=1`,
    ]) {
      const asked = await ask(plain, url, headers);
      expect(asked.plainPath, url).toBe(false);
      expect(asked.answer, url).toEqual((await ask(adapter, url, headers)).answer);
    }
  });
});
