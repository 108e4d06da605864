import { commentLikes, comments, events, media, users } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFrom, keptAnswerCounts } from "../test/answer-metrics";
import { addUser, type Harness, login, ORIGIN, request, startApp } from "../test/harness";

const METRICS_TOKEN = "kept-answers-test-metrics-token";

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
  h = await startApp({ answerCacheMs: 60_000, sessionCacheMs: 60_000, metricsToken: METRICS_TOKEN });
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

const get = (url: string, cookie?: string, etag?: string) => getFrom(h, url, cookie, etag);
const answerCounts = (app: Harness = h) => keptAnswerCounts(app, METRICS_TOKEN);
const idsOf = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((x) => x.id);
const trpcUrl = (path: string, input: unknown) =>
  `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const trpcIds = (res: { json(): { result: { data: { json: { items: { id: string }[] } } } } }) =>
  res.json().result.data.json.items.map((x) => x.id);

describe("a kept answer is served again", () => {
  it("the same request again is answered from the kept answer, and counted as a hit", async () => {
    for (const url of [`/api/events/${salon.id}`, trpcUrl("events.list", {}), "/api/media"]) {
      const before = await answerCounts();
      const first = await get(url, cleo);
      const second = await get(url, cleo);
      expect(second.statusCode, url).toBe(200);
      expect(second.body, url).toBe(first.body);
      expect(await answerCounts(), url).toEqual({ hit: before.hit + 1, miss: before.miss + 1 });
    }
  });

  it("its ETag is the kept answer's, and the 304 is served from it", async () => {
    const url = `/api/events/${picnic.id}`;
    const before = await answerCounts();
    const first = await get(url, dee);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(url, dee, first.headers.etag as string);
    expect([again.statusCode, again.headers.etag]).toEqual([304, first.headers.etag]);
    expect(await answerCounts()).toEqual({ hit: before.hit + 1, miss: before.miss + 1 });
  });
});

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

/**
 * The lists and reads of SHARED_ANSWERS are made from a member's sight (the invite-only events her
 * rows show her) and kept for every member of her sight, unless they show her id.
 */
describe("members of one type who see the same events share an answer", () => {
  let fay: string; // Founding, never invited
  let gia: string; // Founding, never invited; hosts a tea
  let hal: string; // Standard (as Cleo is), never invited
  beforeAll(async () => {
    await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
    await addUser(h, { email: "gia@club.test", name: "Gia", type: "Founding" });
    await addUser(h, { email: "hal@club.test", name: "Hal" });
    fay = await login(h, "fay@club.test");
    gia = await login(h, "gia@club.test");
    hal = await login(h, "hal@club.test");
  });

  it("the second member of a sight is served the first one's answer", async () => {
    for (const url of [
      "/api/events",
      trpcUrl("events.list", { upcoming: true, limit: 24 }),
      trpcUrl("media.tags", { prefix: "s" }),
    ]) {
      const before = await answerCounts();
      const asFay = await get(url, fay);
      const asGia = await get(url, gia);
      expect(asGia.statusCode, url).toBe(200);
      expect(asGia.body, url).toBe(asFay.body);
      expect(await answerCounts(), url).toEqual({ hit: before.hit + 1, miss: before.miss + 1 });
    }
  });

  it("a member of the same type who is not invited does not get the invited one's answer, nor the reverse", async () => {
    const url = trpcUrl("events.list", { search: "salon" });
    expect(trpcIds(await get(url, cleo))).toEqual([salon.id]);
    expect(trpcIds(await get(url, hal))).toEqual([]);
    const other = trpcUrl("events.list", { search: "Private" });
    expect(trpcIds(await get(other, hal))).toEqual([]);
    expect(trpcIds(await get(other, cleo))).toEqual([salon.id]);
  });

  it("what she may manage is not shared: an answer that shows her id is made for her", async () => {
    const tea = (await request(h, "POST", "/api/events", { title: "Gia's Tea" }, gia)).json();
    const manages = (res: { json(): unknown }) =>
      (res.json() as { id: string; can_manage: boolean }[]).find((e) => e.id === tea.id)?.can_manage;
    expect(manages(await get("/api/events", fay))).toBe(false);
    expect(manages(await get("/api/events", gia))).toBe(true);
    expect(manages(await get("/api/events", fay))).toBe(false);
  });

  it("a list of her own events is hers alone", async () => {
    // Gia's Tea, made by the test above: found by its title (the list holds other tests' events too).
    const tea = ((await get("/api/events", gia)).json() as { id: string; title: string }[]).find(
      (e) => e.title === "Gia's Tea",
    )?.id;
    const url = trpcUrl("events.list", { mine: "joined" });
    // Gia hosts the tea, so she goes to it; Fay, of her sight, is not given Gia's list.
    expect(trpcIds(await get(url, gia))).toEqual([tea]);
    expect(trpcIds(await get(url, fay))).toEqual([]);
    expect((await request(h, "POST", `/api/events/${tea}/join`, {}, fay)).statusCode).toBe(200);
    expect(trpcIds(await get(url, fay))).toEqual([tea]);
    expect((await request(h, "DELETE", `/api/events/${tea}/leave`, undefined, gia)).statusCode).toBe(200);
    expect(trpcIds(await get(url, gia))).toEqual([]);
    expect(trpcIds(await get(url, fay))).toEqual([tea]);
  });

  it("a seat taken forgets the answers that count seats, not the gallery's tags", async () => {
    const tags = trpcUrl("media.tags", { prefix: "s" });
    await get(tags, fay);
    await get("/api/events", fay);
    expect((await request(h, "POST", `/api/events/${picnic.id}/join`, {}, hal)).statusCode).toBe(200);
    let before = await answerCounts();
    await get(tags, gia);
    expect(await answerCounts()).toEqual({ hit: before.hit + 1, miss: before.miss });
    before = await answerCounts();
    await get("/api/events", gia);
    expect(await answerCounts()).toEqual({ hit: before.hit, miss: before.miss + 1 });
  });
});

describe("a seat forgets the events lists that show its event, not the others", () => {
  it("an RSVP through the app, or a seat and a place added in the database", async () => {
    const walk = (await request(h, "POST", "/api/events", { title: "Garden Walk", capacity: 1 }, ada)).json();
    const walkPage = trpcUrl("events.list", { search: "Garden" });
    const picnicPage = trpcUrl("events.list", { search: "Picnic" });
    /** Whether Bea is served the URL's answer kept (Dee, of her sight, asked it first). */
    const kept = async (url: string) => {
      const before = await answerCounts();
      await get(url, bea);
      return (await answerCounts()).hit > before.hit;
    };
    await get(walkPage, dee);
    await get(picnicPage, dee);
    expect((await request(h, "POST", `/api/events/${walk.id}/join`, {}, root)).statusCode).toBe(200);
    expect(await kept(picnicPage)).toBe(true);
    expect(await kept(walkPage)).toBe(false);
    expect(trpcIds(await get(walkPage, bea))).toEqual([walk.id]);

    // Told by the database whoever makes the change: a place on the waitlist, then a seat.
    await get(walkPage, dee);
    await h.db.db.execute(sql`insert into event_waitlist (event_id, user_id) values (${walk.id}, ${ids.dee})`);
    await expect.poll(() => kept(walkPage), { timeout: 2000 }).toBe(false);
    expect(await kept(picnicPage)).toBe(true);
    await h.db.db.execute(sql`insert into event_participants (event_id, user_id) values (${picnic.id}, ${ids.bea})`);
    await expect.poll(() => kept(picnicPage), { timeout: 2000 }).toBe(false);
    expect(await kept(walkPage)).toBe(true);
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

  it("a comment or a like forgets the kept comments of its item, not another item's", async () => {
    const picnicComments = `/api/comments?commentableId=${picnic.id}`;
    const salonComments = trpcUrl("comments.page", { commentableId: salon.id, limit: 20 });
    /** Whether the URL's answer is kept (served again) or made afresh. */
    const kept = async (url: string) => {
      const before = await answerCounts();
      await get(url, cleo);
      return (await answerCounts()).hit > before.hit;
    };
    const said = async (commentableId: string, content: string) => {
      const added = await request(h, "POST", "/api/comments", { content, commentableId }, cleo);
      expect(added.statusCode).toBe(200);
      return added.json().id as string;
    };
    const onSalon = await said(salon.id, "Who brings the wine?");
    await get(picnicComments, cleo);
    await get(salonComments, cleo);

    const onPicnic = await said(picnic.id, "See you by the lake");
    expect(await kept(salonComments)).toBe(true);
    expect(idsOf(await get(picnicComments, cleo))[0]).toBe(onPicnic);

    expect((await request(h, "POST", `/api/comments/${onPicnic}/like`, {}, bea)).statusCode).toBe(200);
    expect(await kept(salonComments)).toBe(true);
    expect(await kept(picnicComments)).toBe(false);

    // Changed in the database by someone else: told by the item all the same.
    await h.db.db.insert(commentLikes).values({ commentId: onSalon, userId: ids.dee });
    await expect.poll(() => kept(salonComments), { timeout: 2000 }).toBe(false);
    expect(await kept(picnicComments)).toBe(true);
    await h.db.db.update(comments).set({ content: "Who brings the cheese?" }).where(eq(comments.id, onSalon));
    await expect.poll(() => kept(salonComments), { timeout: 2000 }).toBe(false);
    expect(await kept(picnicComments)).toBe(true);
  });

  it("a comment deleted with its likes forgets every item's kept comments", async () => {
    const picnicComments = `/api/comments?commentableId=${picnic.id}`;
    const salonComments = `/api/comments?commentableId=${salon.id}`;
    const added = await request(h, "POST", "/api/comments", { content: "Gone soon", commentableId: picnic.id }, cleo);
    const id = added.json().id as string;
    expect((await request(h, "POST", `/api/comments/${id}/like`, {}, bea)).statusCode).toBe(200);
    const salonBefore = (await get(salonComments, cleo)).body;
    await get(picnicComments, cleo);
    // Its likes go with it and can no longer say whose comments they were: the whole table is told.
    await h.db.db.delete(comments).where(eq(comments.id, id));
    await expect.poll(async () => idsOf(await get(picnicComments, cleo)).includes(id), { timeout: 2000 }).toBe(false);
    const before = await answerCounts();
    expect((await get(salonComments, cleo)).body).toBe(salonBefore);
    expect(await answerCounts()).toEqual({ hit: before.hit, miss: before.miss + 1 });
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

/**
 * Each photo or video says whether the reader likes it (`user_liked`): the gallery's answers are
 * kept for her alone, never shared with the members of her sight, and a like forgets them.
 */
describe("a like on a photo is the reader's own in a kept answer", () => {
  let ivy: string;
  let jo: string;
  let photo: string;
  beforeAll(async () => {
    const uploader = await addUser(h, { email: "kim@club.test", name: "Kim", type: "Founding" });
    await addUser(h, { email: "ivy@club.test", name: "Ivy", type: "Founding" });
    await addUser(h, { email: "jo@club.test", name: "Jo", type: "Founding" });
    ivy = await login(h, "ivy@club.test");
    jo = await login(h, "jo@club.test");
    const [row] = await h.db.db
      .insert(media)
      .values({
        objectPrefix: "media/kept-like",
        storageKey: "media/kept-like/display.webp",
        mediaType: "image",
        contentType: "image/webp",
        sizeBytes: 1,
        title: "Liked painting",
        uploadedBy: uploader.id,
      })
      .returning({ id: media.id });
    photo = row!.id;
  });

  type Item = { id: string; like_count: number; user_liked: boolean };
  const likesIn = async (url: string, cookie: string) => {
    const body = (await get(url, cookie)).json() as Item[] | { result: { data: { json: Item } } };
    const item = Array.isArray(body) ? body.find((i) => i.id === photo) : body.result.data.json;
    return [item?.like_count, item?.user_liked];
  };

  it("one member's like never shows as another's, in the gallery or on the item, kept or not", async () => {
    for (const url of ["/api/media", trpcUrl("media.get", { id: photo })]) {
      // Both asked (and kept) before the like.
      expect(await likesIn(url, ivy), url).toEqual([0, false]);
      expect(await likesIn(url, jo), url).toEqual([0, false]);
    }
    expect((await request(h, "POST", `/api/media/${photo}/like`, {}, ivy)).json()).toEqual({
      like_count: 1,
      user_liked: true,
    });
    for (const url of ["/api/media", trpcUrl("media.get", { id: photo })]) {
      // Ivy's like forgot both members' kept answers; each is made, and kept, for her alone.
      expect(await likesIn(url, ivy), url).toEqual([1, true]);
      const before = await answerCounts();
      expect(await likesIn(url, jo), url).toEqual([1, false]);
      expect(await likesIn(url, jo), url).toEqual([1, false]);
      expect(await likesIn(url, ivy), url).toEqual([1, true]);
      expect(await answerCounts(), url).toEqual({ hit: before.hit + 2, miss: before.miss + 1 });
    }
  });
});
