import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, startApp, testPhoto, uploadVia } from "./test/harness";

/**
 * Generated requests against every REST route, as a visitor, a member and an admin: whatever the
 * path, query, body or content type, the answer is never a 5xx. FUZZ_RUNS sets the number of
 * requests per route (CI runs a few dozen; by hand, `FUZZ_RUNS=2000 pnpm --filter @club/server
 * exec vitest run src/fuzz.test.ts`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Known = { event: string; media: string; comment: string; user: string };
/**
 * Every route of the spec's REST surface, with what its `:id` names and a valid body. Requests
 * start from the valid body and spoil one field, so they get past validation into the code behind.
 */
const routes: [Method, string, keyof Known | null, (k: Known) => Record<string, unknown>][] = [
  ["GET", "/auth-status", null, () => ({})],
  ["POST", "/login", null, () => ({ email: "ada@club.test", password: "password1" })],
  ["POST", "/logout", null, () => ({})],
  ["GET", "/user-details", null, () => ({})],
  ["POST", "/update-user", null, () => ({ name: "Ada", type: "Founding", admin: false })],
  ["POST", "/update-password", null, () => ({ oldPassword: "password1", newPassword: "password1" })],
  ["GET", "/api/register/validate-token/:id", null, () => ({})],
  ["POST", "/api/register", null, () => ({ token: "t", password: "password1", name: "N", type: "Standard" })],
  ["POST", "/forgot-password", null, () => ({ email: "ada@club.test" })],
  ["POST", "/reset-password", null, () => ({ token: "t", newPassword: "password1" })],
  ["POST", "/api/validate-code", null, () => ({ code: "FUZZ-CODE-0001" })],
  [
    "POST",
    "/request",
    null,
    () => ({
      invitationCode: "FUZZ-CODE-0001",
      full_name: "Fay",
      email: "fay@club.test",
      phone: "1-5551234567",
      reason: "r",
      interests: ["Travel"],
      availability: "Weekends",
      membershipType: "Travel Host",
      propertyAddress: "1 Lane",
      propertyType: "House",
      propertyDescription: "d",
      propertyAvailability: "Seasonal",
    }),
  ],
  ["GET", "/api/applications", null, () => ({})],
  ["PATCH", "/api/applications/:id/status", "event", () => ({ accepted: true })],
  ["GET", "/api/users", null, () => ({})],
  ["PUT", "/api/users/:id/privilege", "user", () => ({ type: "Standard" })],
  ["PUT", "/api/users/:id/reset-password-to-temp", "user", () => ({ password: "x" })],
  ["PUT", "/api/users/:id/testing-team", "user", () => ({ testingTeam: true })],
  ["GET", "/api/admin/get-members", null, () => ({})],
  [
    "POST",
    "/api/admin/send-email",
    null,
    (k) => ({ subject: "S", body: "<p>B</p>", recipientGroup: "selected", selectedMemberIds: [k.user] }),
  ],
  ["GET", "/api/events", null, () => ({})],
  [
    "POST",
    "/api/events",
    null,
    () => ({
      title: "T",
      type: "golf",
      exclusivity: "open",
      event_date: "2027-01-02",
      start_time: "10:00",
      capacity: 20,
      guests_per_member: 1,
      rsvp_deadline: "2027-01-01T18:00",
    }),
  ],
  ["GET", "/api/events/:id", "event", () => ({})],
  ["GET", "/api/events/:id/attendees", "event", () => ({})],
  ["GET", "/calendar/:id", null, () => ({})],
  ["GET", "/api/events/:id/attendees.csv", "event", () => ({})],
  ["GET", "/api/events/:id/media.zip", "event", () => ({})],
  [
    "PUT",
    "/api/events/:id",
    "event",
    () => ({ title: "T", date: "2027-01-02", end_time: "22:00", is_physical: false, virtual_link: "https://x.test" }),
  ],
  ["DELETE", "/api/events/:id", "event", () => ({})],
  ["POST", "/api/events/:id/join", "event", () => ({ guests: 0 })],
  ["DELETE", "/api/events/:id/leave", "event", () => ({})],
  ["POST", "/api/events/send-confirmation", null, (k) => ({ eventId: k.event, userId: k.user })],
  ["POST", "/api/events/invite", null, (k) => ({ eventId: k.event, eventTitle: "T", userIds: [k.user] })],
  ["GET", "/api/events/invite/:id", null, () => ({})],
  ["GET", "/api/media", null, () => ({})],
  ["PUT", "/api/media/:id", "media", (k) => ({ description: "d", tags: ["a"], name: "n", associatedEventId: k.event })],
  ["POST", "/api/delete-media", null, (k) => ({ media: [k.media] })],
  ["GET", "/api/images/event/:id", "event", () => ({})],
  ["PUT", "/api/images/:id", "media", (k) => ({ description: "d", associated_event_id: k.event })],
  ["GET", "/api/images/:id", null, () => ({})],
  ["GET", "/api/comments", null, () => ({})],
  ["POST", "/api/comments", null, (k) => ({ content: "c", commentableId: k.media })],
  ["PUT", "/api/comments/:id", "comment", () => ({ content: "c" })],
  ["DELETE", "/api/comments/:id", "comment", () => ({})],
  ["POST", "/api/comments/:id/like", "comment", () => ({})],
  ["DELETE", "/api/comments/:id/unlike", "comment", () => ({})],
  ["POST", "/upload-media", null, () => ({})],
  ["POST", "/upload-image", null, () => ({})],
  ["GET", "/media/:id", null, () => ({})],
];

let h: Harness;
let cookies: (string | undefined)[];
let known: Known;

beforeAll(async () => {
  h = await startApp({ maxUploadBytes: 64 * 1024 });
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  const bea = await addUser(h, { email: "bea@club.test", name: "Bea" });
  const ada = await login(h, "ada@club.test");
  cookies = [undefined, ada, await login(h, "root@club.test")];
  const event = (await request(h, "POST", "/api/events", { title: "Fuzz" }, ada)).json().id;
  const item = await uploadVia(h, { cookie: ada, filename: "f.png", data: await testPhoto() });
  const comment = await request(h, "POST", "/api/comments", { content: "c", commentableId: event }, ada);
  known = { event, media: item.json().id, comment: comment.json().id, user: bea.id };
});
afterAll(() => h.close());

/** Text that has broken servers: NUL, lone surrogates, huge, numeric-looking, path tricks. */
const nasty = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x".repeat(300_000),
    "",
    " ",
    "%00",
    "%E0%A4%A",
    "..%2F..%2Fetc%2Fpasswd",
    "1e309",
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ maxLength: 60 }),
);
const hostile = fc.oneof(
  nasty,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(-1, 0, 1e308, true, false, null, [], {}, ["\u0000"], [null]),
  fc.array(fc.oneof(fc.uuid(), nasty), { maxLength: 4 }),
);

/** A path segment: the right kind of id mostly, otherwise an id of nothing or hostile text. */
const segment = (kind: keyof Known | null) =>
  fc.oneof(
    { weight: kind ? 3 : 0, arbitrary: fc.constant(null).map(() => (kind ? known[kind] : "")) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: nasty },
  );

/** A URL-encoded segment; raw escapes (`%00`, a cut-off `%E0`) are kept as they are. */
const pathSegment = (text: string) =>
  text.startsWith("%") ? text : encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd"));
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A body: the valid one with one field spoiled, or fields dropped, or anything at all. */
const body = (valid: () => Record<string, unknown>) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(fc.nat(), hostile).map(([i, value]) => {
        const base = valid();
        const keys = [...Object.keys(base), "unexpected"];
        return { payload: JSON.stringify({ ...base, [keys[i % keys.length]!]: value }), type: "application/json" };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.nat().map((mask) => {
        const base = valid();
        const kept = Object.entries(base).filter((_, i) => (mask >> i) & 1);
        return { payload: JSON.stringify(Object.fromEntries(kept)), type: "application/json" };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 4 })
        .map((v) => ({ payload: JSON.stringify(v) ?? "null", type: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.string({ unit: "binary", maxLength: 300 }),
        type: fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=F",
          "multipart/form-data",
          "application/octet-stream",
          "",
        ),
      }),
    },
  );

describe("generated requests", () => {
  let sent = 0;
  const fiveHundreds: string[] = [];

  it.each(routes)("%s %s never answers 5xx", async (method, template, idKind, valid) => {
    await fc.assert(
      fc.asyncProperty(
        segment(idKind),
        fc.dictionary(fc.constantFrom("tag", "eventId", "commentableId", "search", "sort", "x"), nasty, {
          maxKeys: 3,
        }),
        body(() => valid(known)),
        fc.integer({ min: 0, max: 2 }),
        async (id, query, { payload, type }, who) => {
          const path = template.replace(":id", pathSegment(id));
          const res = await h.app.inject({
            method,
            url: path,
            query,
            ...(method === "GET" ? {} : { payload }),
            headers: {
              origin: ORIGIN,
              ...(type ? { "content-type": type } : {}),
              ...(cookies[who] ? { cookie: cookies[who] } : {}),
            },
          });
          sent++;
          if (res.statusCode >= 500) fiveHundreds.push(`${method} ${path} ${type} → ${res.statusCode} ${res.body}`);
          expect(res.statusCode, `${method} ${path} (${type}) ${payload.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });

  afterAll(() => {
    console.info(
      `fuzz: ${routes.length} routes × ${RUNS} requests = ${sent} sent; 5xx answers: ${fiveHundreds.length}`,
    );
  });
});
