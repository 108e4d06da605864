import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { appRouter } from "@club/api";
import { type Cell, discardMadeCells, type Fixture, freshCell, procedureRows } from "@club/api/testing";
import { createSession, SESSION_COOKIE, signMailImage, unsubscribeKeys } from "@club/auth";
import { comments, events, media, sessions } from "@club/db";
import { eq, ne } from "@club/db/orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import superjson from "superjson";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isNotOurRoute, openApiPath } from "./openapi/document";
import { documentAnswers } from "./test/document-answers";
import { fuzzRoutes } from "./test/fuzz-routes";
import { addUser, type Harness, ORIGIN, startApp, testPhoto, uploadVia } from "./test/harness";
import { nasty, pathSegment, spoil, spoiling } from "./test/hostile-values";
import { startProvider, type TestProvider } from "./test/oidc-provider";
import { resumableDir } from "./uploads/resumable";

/**
 * Generated requests against every REST route and every tRPC procedure, as a visitor, a member and
 * an admin: whatever the path, query, headers or body, the answer is never a 5xx. Each request
 * starts from a valid one (fresh rows, so it gets past validation into the code behind) with one
 * part spoiled, or is anything at all.
 *
 * The routes are the app's own (Fastify tells each as it is added) and the procedures the router's
 * own: one added without a line here fails the first tests, by name.
 *
 * FUZZ_RUNS sets the number of requests per route and per procedure, and FUZZ_SEED where the
 * generator starts. The default budget, 6 from one fixed seed, sends the same ~1,300 requests at
 * every run (a failure is one to fix, never a roll of the dice) in about 25 s of a 2-core
 * machine; a long run by hand draws new ones: `FUZZ_RUNS=500 FUZZ_SEED=$RANDOM pnpm --filter
 * @club/server exec vitest run src/fuzz.test.ts`. The last line it prints (routes, procedures,
 * requests, 5xx, seed) is read by CI.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261206);
/** Each route's or procedure's runs, with room for a slow machine (and for FUZZ_RUNS raised). */
const TIMEOUT = 20_000 + RUNS * 500;

type Who = 0 | 1 | 2;
const WHO = ["visitor", "member", "admin"] as const;

let h: Harness;
let idp: TestProvider;
let fx: Fixture;
let callers: [null, { id: string; name: string }, { id: string; name: string }];
/** A stored photo (its item, and its object key under /media/), in an event of its own. */
let stored: { item: string; key: string; event: string };
/** The admin's portrait: a stored copy's key under /portraits/. */
let portraitKey: string;
/** The stored photo's signed token for a group e-mail. */
let mailImageToken: string;
/** A small valid photo, for uploads. */
let photoBytes: Buffer;

const routes = fuzzRoutes({
  newUpload: (c) => newUpload(c),
  storedPhoto: () => stored,
  storedPortrait: () => portraitKey,
  mailImage: () => mailImageToken,
});

const _b64 = (text: string) => Buffer.from(text).toString("base64");

/**
 * A resumable upload the member has begun (nothing sent yet): its id. The earlier requests' ones
 * are removed first: a member may keep only 20 unfinished, and each request needs just its own.
 */
async function newUpload(c: Cell): Promise<string> {
  const waiting = resumableDir(h.app.dataDir);
  for (const name of existsSync(waiting) ? readdirSync(waiting) : []) rmSync(join(waiting, name), { force: true });
  const res = await h.app.inject({
    method: "POST",
    url: "/uploads",
    headers: { origin: ORIGIN, cookie: (await sessionOf(1))!, ...routes["POST /uploads"]!.headers!(c) },
  });
  if (res.statusCode !== 201) throw new Error(`the fuzzer's own upload failed: ${res.statusCode} ${res.body}`);
  return res.headers.location!.split("/").pop()!;
}

beforeAll(async () => {
  idp = await startProvider(`${ORIGIN}/auth/oidc/callback`, {});
  h = await startApp({
    maxUploadBytes: 64 * 1024,
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, label: "Fuzz IdP" },
  });
  documented = documentAnswers((await h.app.inject({ url: "/api/openapi.json" })).json());
  const user = (email: string, extra: Omit<Parameters<typeof addUser>[1], "email"> = {}) =>
    addUser(h, { email, name: email.split("@")[0]!, ...extra });
  // The member owns every cell's rows, so what only an owner may do is fuzzed past its check.
  const owner = await user("owner@club.test", { type: "Founding" });
  const admin = await user("admin@club.test", { admin: true });
  const people = {
    owner,
    other: await user("other@club.test", { type: "Travel Host" }),
    founding: await user("founding@club.test", { type: "Founding" }),
    victim: await user("victim@club.test"),
  };
  await user("login@club.test");
  // A route's or procedure's cells are made together, RUNS at a time (its rows go after each test).
  fx = { db: h.db.db, jobs: h.app.jobs, people, cellsAhead: RUNS };
  callers = [null, owner, admin];

  photoBytes = await testPhoto();
  const cookie = await sessionOf(1);
  const created = await h.app.inject({
    method: "POST",
    url: "/api/events",
    headers: { origin: ORIGIN, cookie: cookie! },
    payload: { title: "Photos" },
  });
  const open: string = created.json().id;
  const photo = await uploadVia(h, {
    cookie,
    filename: "f.png",
    data: photoBytes,
    fields: { associated_event_id: open },
  });
  const url: string = photo.json().url;
  stored = {
    item: photo.json().id,
    key: url.slice(url.indexOf("/media/") + "/media/".length),
    event: open,
  };
  mailImageToken = signMailImage(await unsubscribeKeys(h.db.db, undefined), stored.item);
  const portrait = await uploadVia(h, {
    cookie: await sessionOf(2),
    url: "/api/me/portrait",
    filename: "me.png",
    data: photoBytes,
  });
  const portraitUrl: string = portrait.json().portrait.small;
  portraitKey = portraitUrl.slice("/portraits/".length);
  if (created.statusCode !== 200 || photo.statusCode !== 200 || portrait.statusCode !== 200)
    throw new Error("the fuzzer's own event and photo failed");
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

/**
 * Each route's and procedure's rows go with it: lists stay the size one route's runs make (the
 * events list is every event; thousands of cells would make each call slow), and sessions do not pile up.
 */
afterEach(async () => {
  const { db } = h.db;
  discardMadeCells(fx);
  await db.delete(comments);
  await db.delete(media).where(ne(media.id, stored.item));
  await db.delete(events).where(ne(events.id, stored.event));
  await db.delete(sessions);
});

/**
 * A fresh session for each request: a request that signs out, changes the password or resets it
 * ends only its own.
 */
async function sessionOf(who: Who): Promise<string | undefined> {
  const user = callers[who];
  if (!user) return undefined;
  return `${SESSION_COOKIE}=${(await createSession(h.db.db, user.id)).token}`;
}

/**
 * A path parameter: the valid one mostly; or the event it names by a slug, as given or in another
 * case (upper case, or `k` as the Kelvin sign, which lowercases to `k`); or an id of nothing or
 * hostile text.
 */
const paramChoice = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: "valid" as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("slug" as const), fold: fc.constantFrom("none", "upper", "kelvin") }),
  },
  { weight: 1, arbitrary: fc.uuid().map((value) => ({ kind: "text" as const, value })) },
  { weight: 2, arbitrary: nasty.map((value) => ({ kind: "text" as const, value })) },
);
type ParamChoice = typeof paramChoice extends fc.Arbitrary<infer T> ? T : never;

async function resolveParam(pick: ParamChoice, valid: string, c: Cell): Promise<string> {
  if (pick.kind === "text") return pick.value;
  if (pick.kind === "valid") return valid;
  let value = valid;
  if (valid === c.open || valid === c.private) {
    // The cell's event gets a slug with a letter that has a look-alike (cells' slugs have none).
    value = `kick-off-${valid.slice(0, 8)}`;
    await c.db.update(events).set({ slug: value }).where(eq(events.id, valid));
  }
  return pick.fold === "upper" ? value.toUpperCase() : pick.fold === "kelvin" ? value.replace(/k/g, "\u212a") : value;
}

/** The route's path with its parameter (and its second, if it has one) in place. */
function fillPath(template: string, param: string | null, second: string | undefined): string {
  if (param === null) return template;
  const first = template.replace(/:[a-z_]+|\*/i, pathSegment(param));
  return second === undefined ? first : first.replace(/:[a-z_]+/i, pathSegment(second));
}

let sent = 0;
const fiveHundreds: string[] = [];
/** Successful JSON answers checked against the OpenAPI document. */
let answersChecked = 0;
let documented: ReturnType<typeof documentAnswers>;
const procedureTypes = Object.fromEntries(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(
    ([path, p]) => [path, p._def.type],
  ),
);
/** Sends one request; a 5xx is recorded and fails the run. */
async function send(target: string, request: InjectOptions, describeIt: () => string): Promise<void> {
  const res = await h.app.inject(request);
  sent++;
  // A tRPC batch of one answers with that call's status; its body says INTERNAL_SERVER_ERROR too.
  // ("GET /path" is a route, "events.get" a procedure.)
  const isProcedure = !target.includes(" ");
  const failed = res.statusCode >= 500 || (isProcedure && res.body.includes('"INTERNAL_SERVER_ERROR"'));
  if (failed) {
    const line = `${target} → ${res.statusCode} ${res.body.slice(0, 300)} | ${describeIt()}`;
    fiveHundreds.push(line);
    expect.fail(line);
  }
  const wrong = wrongAnswer(target, res);
  if (wrong) expect.fail(`${wrong} | ${describeIt()}`);
}

/**
 * What is wrong with a successful JSON answer, by the OpenAPI document: a route's answer against its
 * route's schema, a procedure's (each of a batch) against its procedure's.
 */
function wrongAnswer(target: string, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 200 || res.statusCode >= 300) return undefined;
  if (!String(res.headers["content-type"] ?? "").startsWith("application/json")) return undefined;
  answersChecked++;
  if (target.includes(" ")) {
    const [method, url] = target.split(" ") as [string, string];
    return documented.check(method, url, res.statusCode, res.json());
  }
  const method = procedureTypes[target] === "mutation" ? "POST" : "GET";
  const body: unknown = res.json();
  for (const one of Array.isArray(body) ? body : [body]) {
    const wrong = documented.check(method, `/trpc/${target}`, res.statusCode, one);
    if (wrong) return wrong;
  }
  return undefined;
}

describe("coverage", () => {
  it("lists every REST route of the app, and only those", () => {
    const all = new Set(h.routes.map((r) => `${r.method} ${r.url}`));
    const rest = [...all].filter((key) => {
      const [method, url] = key.split(" ") as [string, string];
      return !isNotOurRoute(method, url, all);
    });
    const missing = rest.filter((key) => !(key in routes));
    const stale = Object.keys(routes).filter((key) => !rest.includes(key));
    expect(missing, `routes the fuzzer's table does not list (add them to \`routes\`): ${missing.join(", ")}`).toEqual(
      [],
    );
    expect(stale, `routes in the fuzzer's table the app no longer has: ${stale.join(", ")}`).toEqual([]);
  });

  it("has a valid input for every tRPC procedure", () => {
    const procedures = Object.keys(appRouter._def.procedures);
    const missing = procedures.filter((p) => !procedureRows.some((r) => r.path === p));
    expect(missing, `procedures without a row in the procedure table (packages/api): ${missing.join(", ")}`).toEqual(
      [],
    );
  });
});

describe("answers as the document describes them", () => {
  it("each REST route with a JSON answer answers its valid request as the document says", async () => {
    const document = (await h.app.inject({ url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const jsonRoutes = Object.keys(routes).filter((key) => {
      const [method, url] = key.split(" ") as [string, string];
      const op = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      return Object.entries(op?.responses ?? {}).some(
        ([status, r]) => /^2/.test(status) && r.content?.["application/json"],
      );
    });
    const answered = new Set<string>();
    for (const key of jsonRoutes) {
      const [method, template] = key.split(" ") as [string, string];
      const spec = routes[key]!;
      // The admin, then the member, then a visitor: the first one the route lets through.
      for (const who of [2, 1, 0] as const) {
        const c = await freshCell(fx, callers[who]);
        const param = spec.param ? await spec.param(c) : null;
        const url = fillPath(template, param, spec.second?.(c));
        const cookie = await sessionOf(who);
        let payload: string | Buffer | undefined;
        let type: string | undefined;
        if (spec.multipart) {
          const form = multipart(spec.multipart.field, spec.multipart.fields?.(c) ?? {}, photoBytes);
          payload = form.payload;
          type = form.type;
        } else if (spec.body || method !== "GET") {
          payload = JSON.stringify(spec.body ? await spec.body(c) : {});
          type = "application/json";
        }
        const res = await h.app.inject({
          method: method as "GET",
          url,
          ...(spec.query ? { query: spec.query(c) } : {}),
          ...(payload === undefined ? {} : { payload }),
          headers: {
            origin: ORIGIN,
            ...(spec.headers?.(c) ?? {}),
            ...(type ? { "content-type": type } : {}),
            ...(cookie ? { cookie } : {}),
          },
        });
        if (res.statusCode >= 300) continue;
        expect(wrongAnswer(key, res), `${WHO[who]} ${method} ${url}`).toBeUndefined();
        answered.add(key);
        break;
      }
    }
    const unanswered = jsonRoutes.filter((key) => !answered.has(key));
    expect(unanswered, "JSON routes whose valid request succeeded for no one").toEqual([]);
  }, 120_000);
});

describe("generated REST requests", () => {
  /** A body: the valid one spoiled, or bytes of any content type. */
  const body = fc.oneof(
    { weight: 5, arbitrary: spoiling.map((how) => ({ how })) },
    {
      weight: 1,
      arbitrary: fc.record({
        raw: fc.string({ unit: "binary", maxLength: 300 }),
        type: fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=F",
          "multipart/form-data",
          "application/octet-stream",
          "application/offset+octet-stream",
          "",
        ),
      }),
    },
  );
  const query = fc.dictionary(
    fc.constantFrom(
      "tag",
      "eventId",
      "commentableId",
      "search",
      "sort",
      "cursor",
      "offset",
      "before",
      "limit",
      "download",
      "x",
    ),
    fc.oneof(nasty, fc.uuid(), fc.array(nasty, { maxLength: 3 })),
    { maxKeys: 3 },
  );
  const headers = fc.dictionary(
    fc.constantFrom("tus-resumable", "upload-length", "upload-offset", "upload-metadata", "range", "content-type"),
    fc.oneof(
      fc.constantFrom("1.0.0", "0", "-1", "1000", "99999999999999999999", "bytes=0-0", "bytes=5-1", "bytes=-0"),
      fc.string({ maxLength: 40 }),
    ),
    { maxKeys: 2 },
  );

  it.each(Object.keys(routes))(
    "%s never answers 5xx",
    async (key) => {
      const [method, template] = key.split(" ") as [string, string];
      const spec = routes[key]!;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Who>(0, 1, 2),
          paramChoice,
          query,
          body,
          headers,
          async (who, paramPick, query, bodyPick, headerPick) => {
            const c = await freshCell(fx, callers[who]);
            const param = spec.param ? await resolveParam(paramPick, await spec.param(c), c) : null;
            const path = fillPath(template, param, spec.second?.(c));
            let payload: string | Buffer | undefined;
            let type: string | undefined;
            let input: unknown;
            if ("raw" in bodyPick) {
              payload = bodyPick.raw;
              type = bodyPick.type || undefined;
            } else if (spec.multipart) {
              const fields = spoil(spec.multipart.fields?.(c) ?? {}, bodyPick.how);
              input = fields;
              const form = multipart(
                spec.multipart.field,
                fields,
                bodyPick.how.kind === "any" ? Buffer.from("x") : photoBytes,
              );
              payload = form.payload;
              type = form.type;
            } else if (spec.body || method !== "GET") {
              input = spoil(spec.body ? await spec.body(c) : {}, bodyPick.how);
              payload = JSON.stringify(input) ?? "null";
              type = "application/json";
            }
            const valid = spec.headers?.(c) ?? {};
            const sentHeaders = { ...valid, ...headerPick, ...(type ? { "content-type": type } : {}) };
            const cookie = await sessionOf(who);
            await send(
              key,
              {
                method: method as "GET",
                url: path,
                query,
                ...(method === "GET" || method === "HEAD" || payload === undefined ? {} : { payload }),
                headers: { origin: ORIGIN, ...sentHeaders, ...(cookie ? { cookie } : {}) },
              },
              () =>
                `${WHO[who]} ${method} ${path} ?${JSON.stringify(query)} ${JSON.stringify(sentHeaders)} ${String(payload).slice(0, 300)}`,
            );
          },
        ),
        // No shrinking: each request is recorded whole, and a shrink would send (and count) many more.
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});

/** A multipart upload: the file in its field, and text fields (whatever they were spoiled into). */
function multipart(field: string, fields: unknown, data: Buffer): { payload: Buffer; type: string } {
  const boundary = "----club-fuzz";
  const entries = fields && typeof fields === "object" ? Object.entries(fields) : [["value", fields]];
  const parts = entries.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${String(name).replace(/["\r\n]/g, "")}"\r\n\r\n${typeof value === "string" ? value : JSON.stringify(value)}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(
        `${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.png"\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The input as the client's transformer sends it. superjson refuses to write a `__proto__`,
 * `prototype` or `constructor` key; a client without it can still send one, so it goes as plain JSON.
 */
function asSuperjson(input: unknown): unknown {
  try {
    return superjson.serialize(input);
  } catch {
    return { json: input };
  }
}

describe("generated tRPC requests", () => {
  /** How the input travels: as the web client sends it (a batch of one), or alone, or not as superjson at all. */
  const encoding = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: "batch" as const }) },
    { weight: 2, arbitrary: fc.constant({ kind: "single" as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("raw" as const),
        text: fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ""),
          // superjson's annotations, wrong: unknown kinds, kinds on the wrong values, paths to nowhere.
          fc
            .record({
              json: fc.jsonValue({ maxDepth: 2 }),
              meta: fc.record({
                values: fc.oneof(
                  fc.constantFrom(
                    ["Date"],
                    ["bigint"],
                    ["regexp"],
                    ["set"],
                    ["map"],
                    ["undefined"],
                    ["number"],
                    ["symbol", "x"],
                    ["class", "X"],
                    ["custom", "nope"],
                    ["nope"],
                    ["Error"],
                    ["URL"],
                  ),
                  fc.dictionary(
                    fc.constantFrom("a", "id", "__proto__", "a.b", "0"),
                    fc.constantFrom(["Date"], ["set"], ["map"], ["bigint"], ["class", "X"], ["custom", "x"], "x"),
                  ),
                ),
                referentialEqualities: fc.option(
                  fc.dictionary(fc.constantFrom("a", "", "__proto__"), fc.array(fc.constantFrom("b", "__proto__.x"))),
                  { nil: undefined },
                ),
              }),
            })
            .map((v) => JSON.stringify(v)),
        ),
      }),
    },
  );
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS") },
  );

  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  it.each(Object.entries(procedures).map(([path, p]) => [path, p._def.type] as const))(
    "%s (%s) never answers 5xx",
    async (path, type) => {
      const rows = procedureRows.filter((r) => r.path === path);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Who>(0, 1, 2),
          fc.nat(),
          spoiling,
          encoding,
          method,
          async (who, rowPick, how, encode, otherMethod) => {
            const c = await freshCell(fx, callers[who]);
            const row = rows[rowPick % rows.length]!;
            const input = spoil(await row.input(c), how);
            const serialized = JSON.stringify(asSuperjson(input));
            const text =
              encode.kind === "raw" ? encode.text : encode.kind === "batch" ? `{"0":${serialized}}` : serialized;
            const batch = encode.kind === "batch" ? "batch=1&" : "";
            // A valid GET of a live stream (a subscription) is answered 200 and stays open for as long
            // as the session: the injected request would wait for its end. Streams are read over a
            // real connection in two-instances.test.ts and the end-to-end specs; here their input
            // checks are fuzzed through the other methods.
            const picked = type === "subscription" && otherMethod === "GET" ? "POST" : otherMethod;
            const httpMethod = picked ?? (type === "query" ? "GET" : "POST");
            const url =
              httpMethod === "GET"
                ? `/trpc/${path}?${batch}input=${encodeURIComponent(text)}`
                : `/trpc/${path}?${batch}`;
            const cookie = await sessionOf(who);
            await send(
              path,
              {
                method: httpMethod as "GET",
                url,
                ...(httpMethod === "GET" ? {} : { payload: text }),
                headers: {
                  origin: ORIGIN,
                  ...(httpMethod === "GET" ? {} : { "content-type": "application/json" }),
                  ...(cookie ? { cookie } : {}),
                },
              },
              () => `${WHO[who]} ${httpMethod} ${url.slice(0, 300)} ${httpMethod === "GET" ? "" : text.slice(0, 300)}`,
            );
          },
        ),
        // No shrinking: each request is recorded whole, and a shrink would send (and count) many more.
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});

afterAll(() => {
  console.info(
    `fuzz: ${Object.keys(routes).length} routes, ${Object.keys(appRouter._def.procedures).length} procedures, ${sent} requests, ${fiveHundreds.length} 5xx, ${answersChecked} successful JSON answers checked against the document, seed ${SEED}`,
  );
});
