import { events, users } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, startApp } from "../test/harness";

/**
 * The server keeps the answers of the lists and reads (ANSWER_CACHE_SECONDS): here a minute, so
 * that each check below can only pass because the server keyed the answer by its caller or was
 * told of the change, never because the kept answer aged.
 */
let h: Harness;
let ada: string; // Founding, creates the events
let bea: string; // never invited
let cleo: string; // invited to the salon
let dee: string; // never invited either: sees what Bea sees
let root: string; // admin
let ids: { bea: string; dee: string };
let salon: { id: string };
let picnic: { id: string };

beforeAll(async () => {
  h = await startApp({ answerCacheMs: 60_000, sessionCacheMs: 60_000 });
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  const b = await addUser(h, { email: "bea@club.test", name: "Bea", type: "Founding" });
  const c = await addUser(h, { email: "cleo@club.test", name: "Cleo" });
  const d = await addUser(h, { email: "dee@club.test", name: "Dee", type: "Founding" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  ids = { bea: b.id, dee: d.id };
  ada = await login(h, "ada@club.test");
  bea = await login(h, "bea@club.test");
  cleo = await login(h, "cleo@club.test");
  dee = await login(h, "dee@club.test");
  root = await login(h, "root@club.test");
  salon = (await request(h, "POST", "/api/events", { title: "Private Salon", exclusivity: "invite-only" }, ada)).json();
  picnic = (await request(h, "POST", "/api/events", { title: "Open Picnic" }, ada)).json();
  const invited = await request(h, "POST", "/api/events/invite", { eventId: salon.id, userIds: [c.id] }, ada);
  expect(invited.statusCode).toBe(200);
});
afterAll(() => h.close());

const get = (url: string, cookie?: string, etag?: string) =>
  h.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...(etag ? { "if-none-match": etag } : {}) } });
const idsOf = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((x) => x.id);
const trpcUrl = (path: string, input: unknown) =>
  `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const trpcIds = (res: { json(): { result: { data: { json: { items: { id: string }[] } } } } }) =>
  res.json().result.data.json.items.map((x) => x.id);

describe("a kept answer is its caller's only", () => {
  it("an invite-only event stays hidden from the uninvited member right after the invited one got it", async () => {
    for (let i = 0; i < 2; i++) expect(idsOf(await get("/api/events", cleo))).toContain(salon.id);
    expect(idsOf(await get("/api/events", bea))).toEqual([picnic.id]);

    const url = trpcUrl("events.list", {});
    for (let i = 0; i < 2; i++) expect(trpcIds(await get(url, cleo))).toContain(salon.id);
    expect(trpcIds(await get(url, bea))).toEqual([picnic.id]);

    expect((await get(`/api/events/${salon.id}`, cleo)).statusCode).toBe(200);
    expect((await get(`/api/events/${salon.id}`, bea)).statusCode).toBe(404);
    expect((await get(`/api/events/${salon.id}`)).statusCode).toBe(401);
    expect((await get(`/api/comments?commentableId=${salon.id}`, cleo)).statusCode).toBe(200);
    expect((await get(`/api/comments?commentableId=${salon.id}`, bea)).statusCode).toBe(404);
    expect((await get(`/api/comments?commentableId=${salon.id}`)).statusCode).toBe(404);
  });

  it("what is only hers (her RSVP, what she may manage) is not shown to another", async () => {
    const dinner = (await request(h, "POST", "/api/events", { title: "Dinner", capacity: 10 }, ada)).json();
    expect((await request(h, "POST", `/api/events/${dinner.id}/join`, {}, cleo)).statusCode).toBe(200);
    const asCleo = (await get(`/api/events/${dinner.id}`, cleo)).json();
    const asBea = (await get(`/api/events/${dinner.id}`, bea)).json();
    const asAda = (await get(`/api/events/${dinner.id}`, ada)).json();
    expect(asCleo.rsvp).not.toEqual(asBea.rsvp);
    expect([asAda.can_manage, asBea.can_manage]).toEqual([true, false]);
    expect((await get(`/api/events/${dinner.id}`, bea)).json()).toEqual(asBea);
  });
});

describe("a kept answer gives way to a change", () => {
  it("a member who writes then reads sees her write", async () => {
    const url = `/api/comments?commentableId=${picnic.id}`;
    const before = idsOf(await get(url, cleo));
    const added = await request(
      h,
      "POST",
      "/api/comments",
      { content: "Bringing lemonade", commentableId: picnic.id },
      cleo,
    );
    expect(added.statusCode).toBe(200);
    expect(idsOf(await get(url, cleo))).toEqual([added.json().id, ...before]);
  });

  it("an invitation shows the event to the invitee at once", async () => {
    expect(idsOf(await get("/api/events", dee))).not.toContain(salon.id);
    expect(
      (await request(h, "POST", "/api/events/invite", { eventId: salon.id, userIds: [ids.dee] }, ada)).statusCode,
    ).toBe(200);
    expect(idsOf(await get("/api/events", dee))).toContain(salon.id);
  });

  it("a change made in the database by someone else reaches the kept answers", async () => {
    expect((await get(`/api/events/${picnic.id}`, bea)).json().title).toBe("Open Picnic");
    await h.db.db.update(events).set({ title: "Picnic by the Lake" }).where(eq(events.id, picnic.id));
    await expect
      .poll(async () => (await get(`/api/events/${picnic.id}`, bea)).json().title, { timeout: 2000 })
      .toBe("Picnic by the Lake");
  });

  it("a signed-out session gets no kept answer", async () => {
    const phone = await login(h, "bea@club.test");
    expect((await get("/api/events", phone)).statusCode).toBe(200);
    expect((await request(h, "POST", "/logout", undefined, phone)).statusCode).toBe(200);
    expect((await get("/api/events", phone)).statusCode).toBe(401);
  });

  it("a change of rights takes effect at once", async () => {
    const member = await login(h, "bea@club.test");
    expect(idsOf(await get("/api/events", member))).not.toContain(salon.id);
    // An admin's change of rights ends her sessions; signed in again, she sees as an admin does.
    const made = await h.app.inject({
      method: "POST",
      url: "/trpc/users.update",
      payload: { json: { userId: ids.bea, admin: true } },
      headers: { origin: ORIGIN, cookie: root },
    });
    expect(made.statusCode).toBe(200);
    expect((await get("/api/events", member)).statusCode).toBe(401);
    const asAdmin = await login(h, "bea@club.test");
    expect(idsOf(await get("/api/events", asAdmin))).toContain(salon.id);
    // Taken back in the database: her kept answer as an admin is not hers any more.
    await h.db.db.update(users).set({ admin: false }).where(eq(users.id, ids.bea));
    await expect
      .poll(async () => idsOf(await get("/api/events", asAdmin)).includes(salon.id), { timeout: 2000 })
      .toBe(false);
  });
});

describe("ETag and 304", () => {
  it("the same caller asking again with the answer's ETag gets 304 and no body", async () => {
    for (const url of ["/api/events", `/api/events/${picnic.id}`, trpcUrl("events.list", {}), "/api/media"]) {
      const first = await get(url, cleo);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers["cache-control"]).toBe("private, no-cache");
      const again = await get(url, cleo, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
    }
  });

  it("never across callers, even when their answers are the same", async () => {
    await addUser(h, { email: "eve@club.test", name: "Eve", type: "Founding" });
    const eve = await login(h, "eve@club.test");
    const url = `/api/comments?commentableId=${picnic.id}`;
    const asDee = await get(url, dee);
    const asEve = await get(url, eve);
    expect(asEve.body).toBe(asDee.body);
    const crossed = await get(url, eve, asDee.headers.etag as string);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.body).toBe(asEve.body);
  });

  it("an ETag from before a change gets the new answer", async () => {
    const url = `/api/comments?commentableId=${picnic.id}`;
    const before = await get(url, cleo);
    expect(
      (await request(h, "POST", "/api/comments", { content: "And cups", commentableId: picnic.id }, cleo)).statusCode,
    ).toBe(200);
    const after = await get(url, cleo, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(idsOf(after)).toHaveLength(idsOf(before).length + 1);
  });
});
