import { Readable } from "node:stream";
import { createApiToken } from "@club/auth";
import {
  applications,
  commentLikes,
  comments,
  dataExports,
  eventInvitations,
  eventParticipants,
  events,
  eventWaitlist,
  homes,
  homeTaken,
  homeWindows,
  media,
  mediaLikes,
  notifications,
  sessions,
  stays,
  userIdentities,
  users,
} from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, mailTo, request, settle, startApp, testPhoto, uploadVia } from "./test/harness";
import { zipEntries } from "./test/zip-entries";

let h: Harness;
let ada: { id: string; email: string };
let adaCookie: string;
let bobCookie: string;
let storedBytes: Buffer;
const DISPLAY_BYTES = Buffer.from("display copy bytes");
const streamBytes = async (stream: Readable) => Buffer.concat(await stream.toArray());

const requestExport = (cookie: string) => request(h, "POST", "/trpc/dataExport.request", {}, cookie);
const list = async (cookie: string) =>
  (await request(h, "GET", "/trpc/dataExport.list", undefined, cookie)).json().result.data.json as {
    id: string;
    status: string;
    downloadUrl: string | null;
    expiresAt: string | null;
  }[];

beforeAll(async () => {
  h = await startApp();
  const made = await addUser(h, { email: "ada@club.test", name: "Ada Lovelace", type: "Founding" });
  ada = { id: made.id, email: made.email };
  const bob = await addUser(h, { email: "bob@club.test", name: "Bob" });
  adaCookie = await login(h, "ada@club.test");
  bobCookie = await login(h, "bob@club.test");
  const db = h.db.db;
  const [mine] = await db
    .insert(events)
    .values({ slug: "gala", title: "Gala", description: "d", eventDate: "2030-01-01", createdBy: ada.id })
    .returning();
  const [bobs] = await db
    .insert(events)
    .values({ slug: "hike", title: "Hike", description: "d", eventDate: "2030-02-01", createdBy: bob.id, capacity: 1 })
    .returning();
  await db.insert(eventParticipants).values({ eventId: mine!.id, userId: ada.id, guests: 1 });
  await db.insert(eventWaitlist).values({ eventId: bobs!.id, userId: ada.id });
  const [comment] = await db
    .insert(comments)
    .values({ commentableId: bobs!.id, userId: ada.id, content: "Lovely route" })
    .returning();
  await db.insert(commentLikes).values({ commentId: comment!.id, userId: ada.id });
  await db.insert(eventInvitations).values([
    { tokenHash: "invite-hash-sent", eventId: mine!.id, inviteeId: bob.id, invitedBy: ada.id, expiresAt: new Date() },
    { tokenHash: "invite-hash-got", eventId: bobs!.id, inviteeId: ada.id, invitedBy: bob.id, expiresAt: new Date() },
  ]);
  await db
    .insert(notifications)
    .values({ userId: ada.id, kind: "invited", subjectId: bobs!.id, eventId: bobs!.id, actorIds: [bob.id] });
  await db.insert(applications).values({
    fullName: "Ada Lovelace",
    email: "Ada@Club.test",
    reason: "Engines",
    membershipType: "Founding",
  });
  await db
    .insert(userIdentities)
    .values({ userId: ada.id, issuer: "https://idp.club.test", subject: "secret-subject-1", email: "ada@idp.test" });
  await createApiToken(db, { userId: ada.id, name: "my script", scope: "read" });
  // Travel: a home of hers (open in June, a block of her own), and her trip to Bob's.
  const travel = { kind: "Flat", city: "Bath", country: "UK", sleeps: 2, bedrooms: 1, nightlyRateCents: 10_000 };
  const [adasHome] = await db
    .insert(homes)
    .values({
      ...travel,
      hostId: ada.id,
      title: "Crescent flat",
      address: "1 Royal Crescent",
      timeZone: "Europe/London",
    })
    .returning();
  await db.insert(homeWindows).values({ homeId: adasHome!.id, nights: "[2031-06-01,2031-07-01)" });
  await db.insert(homeTaken).values({ homeId: adasHome!.id, nights: "[2031-06-10,2031-06-12)" });
  const [bobsHome] = await db
    .insert(homes)
    .values({ ...travel, hostId: bob.id, title: "Mill house", address: "9 Secret Lane", timeZone: "Europe/London" })
    .returning();
  await db.insert(stays).values({
    homeId: bobsHome!.id,
    guestId: ada.id,
    arrive: "2031-05-01",
    depart: "2031-05-03",
    guests: 2,
    message: "Looking forward",
    nightlyRateCents: 10_000,
    nights: 2,
    discountPercent: 80,
    totalCents: 4_000,
  });
  const upload = await uploadVia(h, {
    cookie: adaCookie,
    filename: "garden.png",
    data: await testPhoto(),
    fields: { title: "Garden" },
  });
  expect(upload.statusCode).toBe(200);
  // A display copy apart from the file as stored (what a large photo gets; this one is too small).
  const [item] = await db.select().from(media).where(eq(media.uploadedBy, ada.id));
  const displayKey = `${item!.objectPrefix}/display-test.webp`;
  await h.app.mediaStore.put(displayKey, Readable.from([DISPLAY_BYTES]), "image/webp", DISPLAY_BYTES.length);
  await db.update(media).set({ displayKey, title: "Garden" }).where(eq(media.id, item!.id));
  await db.insert(mediaLikes).values({ mediaId: item!.id, userId: ada.id });
  storedBytes = await streamBytes((await h.app.mediaStore.get(item!.storageKey))!.stream);
  await settle(h);
});
afterAll(() => h.close());

describe("Download my data", () => {
  it("builds her zip in a job, mails her, and lets only her download it, with no secret in it", async () => {
    const asked = await requestExport(adaCookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().result.data.json.status).toBe("pending");
    await settle(h);

    const [ready] = await list(adaCookie);
    expect(ready).toMatchObject({ status: "ready", downloadUrl: `/api/me/data-export/${ready!.id}` });
    const mail = await mailTo(h, ada.email);
    expect(mail.at(-1)?.subject).toBe("Your club data is ready to download");
    expect(mail.at(-1)?.text).toContain("http://club.test/settings/data");

    const url = ready!.downloadUrl!;
    const res = await request(h, "GET", url, undefined, adaCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="?club-data-\d{4}-\d{2}-\d{2}\.zip"?$/);
    const entries = await zipEntries(res.rawPayload);
    const names = entries.map((e) => e.name);
    expect(names[0]).toBe("data.json");
    expect(names).toEqual(["data.json", "uploads/Garden.webp", "uploads/display/Garden.webp"]);
    expect(entries[1]!.data.equals(storedBytes)).toBe(true);
    expect(entries[2]!.data.equals(DISPLAY_BYTES)).toBe(true);

    const data = JSON.parse(entries[0]!.data.toString("utf8"));
    expect(data.profile).toMatchObject({ name: "Ada Lovelace", email: "ada@club.test", type: "Founding" });
    // Every mail switch of Settings, and when she last opened her home.
    expect(data.profile).toMatchObject({
      eventReminders: true,
      mailGroup: true,
      mailAnnouncements: true,
      mailEventChanges: true,
      mailDigest: true,
      homeSeenAt: null,
    });
    // Her profile and her notifications are hers too (not who caused them: others' acts).
    expect(data.memberProfile).toMatchObject({ showcase: [] });
    expect(data.notifications).toEqual([expect.objectContaining({ kind: "invited", readAt: null })]);
    expect(data.notifications[0]).not.toHaveProperty("actorIds");
    expect(data.notificationSettings).toBeNull();
    expect(data.applications).toEqual([expect.objectContaining({ reason: "Engines", properties: [] })]);
    expect(data.eventsCreated.map((e: { title: string }) => e.title)).toEqual(["Gala"]);
    expect(data.eventsJoined).toEqual([expect.objectContaining({ title: "Gala", guests: 1 })]);
    expect(data.waitlistPlaces).toEqual([expect.objectContaining({ title: "Hike" })]);
    expect(data.comments).toEqual([expect.objectContaining({ content: "Lovely route" })]);
    expect(data.likes).toHaveLength(1);
    expect(data.mediaLikes).toEqual([expect.objectContaining({ mediaId: expect.any(String) })]);
    expect(data.invitationsSent).toEqual([expect.objectContaining({ event: "Gala", invitee: "Bob" })]);
    expect(data.invitationsReceived).toEqual([expect.objectContaining({ event: "Hike", invitedBy: "Bob" })]);
    expect(data.apiTokens).toEqual([expect.objectContaining({ name: "my script", scope: "read" })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).toHaveProperty("address");
    expect(data.linkedIdentities).toEqual([
      expect.objectContaining({ issuer: "https://idp.club.test", email: "ada@idp.test" }),
    ]);
    expect(data.passkeys).toEqual([]);
    // Travel: her home with its address, windows and blocks; her trip, without another member's address.
    expect(data.homes).toEqual([
      expect.objectContaining({
        title: "Crescent flat",
        address: "1 Royal Crescent",
        openWindows: [{ from: "2031-06-01", to: "2031-07-01" }],
        blocks: [{ from: "2031-06-10", to: "2031-06-12" }],
      }),
    ]);
    expect(data.trips).toEqual([
      expect.objectContaining({ home: "Mill house", host: "Bob", arrive: "2031-05-01", totalCents: 4_000 }),
    ]);
    expect(data.staysAtHerHomes).toEqual([]);
    expect(JSON.stringify(data)).not.toContain("9 Secret Lane");
    expect(data.uploads).toEqual([
      expect.objectContaining({
        title: "Garden",
        files: { file: "uploads/Garden.webp", display: "uploads/display/Garden.webp" },
      }),
    ]);

    // No secret of hers anywhere in the zip: password hash, tokens' and sessions' hashes, invitation hashes.
    const all = Buffer.concat(entries.map((e) => e.data)).toString("latin1");
    const [row] = await h.db.db.select().from(users).where(eq(users.id, ada.id));
    const sessionIds = (await h.db.db.select().from(sessions).where(eq(sessions.userId, ada.id))).map((s) => s.id);
    const { apiTokens } = await import("@club/db");
    const tokenHashes = (await h.db.db.select().from(apiTokens).where(eq(apiTokens.userId, ada.id))).map(
      (t) => t.tokenHash,
    );
    for (const secret of [row!.passwordHash, ...sessionIds, ...tokenHashes, "invite-hash-sent", "secret-subject-1"]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/passwordHash|tokenHash|password_hash/);

    // Only she fetches it: another member is told it does not exist, a visitor to sign in, a token no.
    expect((await request(h, "GET", url, undefined, bobCookie)).statusCode).toBe(404);
    expect((await request(h, "GET", url, undefined)).statusCode).toBe(401);
    const { token } = await createApiToken(h.db.db, { userId: ada.id, name: "script", scope: "admin" });
    const byToken = await h.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    expect(byToken.statusCode).toBe(403);
    const askByToken = await h.app.inject({
      method: "POST",
      url: "/trpc/dataExport.request",
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(askByToken.statusCode).toBe(403);
    expect(await list(bobCookie)).toEqual([]);
    expect((await request(h, "GET", "/api/me/data-export/not-a-uuid", undefined, adaCookie)).statusCode).toBe(404);
  });

  it("is gone after its day, and housekeeping removes its file", async () => {
    const [ready] = await list(adaCookie);
    const [row] = await h.db.db.select().from(dataExports).where(eq(dataExports.id, ready!.id));
    expect(await h.app.mediaStore.stat(row!.objectKey!)).toBeDefined();
    await h.db.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready!.id));

    const res = await request(h, "GET", ready!.downloadUrl!, undefined, adaCookie);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/expired/);
    expect((await list(adaCookie))[0]).toMatchObject({ status: "expired", downloadUrl: null });

    // A zip no export refers to any more (its account was deleted with its exports) goes too.
    const leftover = "exports/00000000-0000-4000-8000-00000000abcd/club-data.zip";
    await h.app.mediaStore.put(leftover, Readable.from([Buffer.from("zip")]), "application/zip", 3);
    await h.app.runHousekeeping();
    expect(await h.app.mediaStore.stat(row!.objectKey!)).toBeUndefined();
    expect(await h.app.mediaStore.stat(leftover)).toBeUndefined();
    const [after] = await h.db.db.select().from(dataExports).where(eq(dataExports.id, ready!.id));
    expect(after!.objectKey).toBeNull();
  });

  it("prepares one copy at a time, and a few a day", async () => {
    await h.db.db.insert(dataExports).values({ userId: ada.id });
    const busy = await requestExport(adaCookie);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.json.message).toMatch(/still preparing/);
    await h.db.db.update(dataExports).set({ status: "failed" }).where(eq(dataExports.status, "pending"));
    // Three asked for today already (the first test's, the pending one, and this one).
    expect((await requestExport(adaCookie)).statusCode).toBe(200);
    await settle(h);
    const limited = await requestExport(adaCookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
