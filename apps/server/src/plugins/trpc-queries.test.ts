import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "../test/harness";
import { plainQueries } from "./trpc-queries";

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
  return { status: res.statusCode, headers: Object.fromEntries(kept.sort()), body: res.body };
}

/** Whether the plain path takes a GET of this address (the rest goes to tRPC's adapter). */
function takenByPlainPath(url: string, headers: Record<string, string> = {}): boolean {
  const { pathname, searchParams } = new URL(url, ORIGIN);
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of searchParams) {
    const before = query[name];
    query[name] = before === undefined ? value : [before, value].flat();
  }
  const request = { method: "GET", headers, query } as unknown as FastifyRequest;
  return plainQueries(request, decodeURIComponent(pathname.slice("/trpc/".length))) !== undefined;
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
      expect(takenByPlainPath(url, headers)).toBe(true);
      expect(await ask(plain, url, headers)).toEqual(await ask(adapter, url, headers));
    });
  }

  it("leaves to the adapter what is not a plain GET of queries, with the adapter's answers", async () => {
    const headers = { cookie: member };
    for (const url of [
      "/trpc/nothing.here",
      // Names an object's prototype has: tRPC's table of procedures has none.
      "/trpc/constructor",
      "/trpc/__proto__",
      `/trpc/account.changePassword?input=${input({ json: {} })}`,
      `/trpc/auth.status,nothing.here?batch=1`,
      `/trpc/${Array.from({ length: 21 }, () => "auth.status").join(",")}?batch=1`,
    ]) {
      expect(takenByPlainPath(url, headers), url).toBe(false);
      expect(await ask(plain, url, headers), url).toEqual(await ask(adapter, url, headers));
    }
  });

  it("leaves a streamed batch and an input sent as a body to the adapter", () => {
    expect(takenByPlainPath("/trpc/auth.status?batch=1", { "trpc-accept": "application/jsonl" })).toBe(false);
    expect(takenByPlainPath("/trpc/auth.status?batch=1", { accept: "application/jsonl" })).toBe(false);
    expect(takenByPlainPath("/trpc/auth.status", { "content-type": "multipart/form-data" })).toBe(false);
    expect(takenByPlainPath("/trpc/auth.status", { "content-type": "application/json; charset=utf-8" })).toBe(true);
  });
});
