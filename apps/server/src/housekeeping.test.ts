import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  apiTokens,
  type DbHandle,
  eventInvitations,
  events,
  homes,
  homeWindows,
  invitationCodes,
  mailOutbox,
  media,
  notifications,
  passwordResetTokens,
  registrationTokens,
  sessions,
  stays,
  users,
} from "@club/db";
import { createTestDb } from "@club/db/testing";
import { JobQueue, jobKinds } from "@club/jobs";
import { createFileStore, type MediaStore } from "@club/storage";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHousekeeping } from "./housekeeping";
import { resumableStore } from "./uploads/resumable";

const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const ahead = (days: number) => new Date(Date.now() + days * DAY);

let h: DbHandle;
let store: MediaStore;
const dir = mkdtempSync(join(tmpdir(), "club-housekeeping-"));
const warnings: { obj: unknown; msg: string }[] = [];
const log = {
  info() {},
  warn(obj: unknown, msg: string) {
    warnings.push({ obj, msg });
  },
  error() {},
  child() {
    return log;
  },
} as unknown as FastifyBaseLogger;

let jobs: JobQueue;
const appOrigin = "http://club.test";
const housekeeping = () =>
  runHousekeeping({
    db: h.db,
    store,
    tmpDir: join(dir, "tmp"),
    resumable: resumableStore(dir),
    mailKeepDays: 7,
    log,
    jobs,
    appOrigin,
  });

beforeAll(async () => {
  h = await createTestDb();
  store = createFileStore(join(dir, "media"));
  jobs = new JobQueue({ connection: h.raw, kinds: jobKinds, log, schedule: false });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop(1000);
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("housekeeping", () => {
  it("deletes sessions, one-time links, API tokens and codes past their retention, and keeps the rest", async () => {
    const [ada] = await h.db
      .insert(users)
      .values({ name: "Ada", email: "ada@club.test", passwordHash: "x" })
      .returning({ id: users.id });
    const userId = ada!.id;
    const [event] = await h.db
      .insert(events)
      .values({
        slug: "gala",
        title: "Gala",
        description: "A gala",
        eventDate: "2027-01-01",
        exclusivity: "invite-only",
      })
      .returning({ id: events.id });
    const eventId = event!.id;
    await h.db.insert(sessions).values([
      { id: "s-expired", userId, expiresAt: ago(1) },
      { id: "s-live", userId, expiresAt: ahead(10) },
    ]);
    const token = (name: string) => ({ tokenHash: name });
    await h.db.insert(registrationTokens).values([
      { ...token("reg-expired-long-ago"), email: "a@x.test", memberType: "Standard", expiresAt: ago(31) },
      {
        ...token("reg-used-long-ago"),
        email: "b@x.test",
        memberType: "Standard",
        expiresAt: ahead(1),
        usedAt: ago(31),
      },
      { ...token("reg-expired-recently"), email: "c@x.test", memberType: "Standard", expiresAt: ago(2) },
      { ...token("reg-live"), email: "d@x.test", memberType: "Standard", expiresAt: ahead(7) },
    ]);
    await h.db.insert(passwordResetTokens).values([
      { ...token("reset-old"), userId, expiresAt: ago(40) },
      { ...token("reset-recent"), userId, expiresAt: ago(1), usedAt: ago(1) },
    ]);
    await h.db.insert(eventInvitations).values([
      { ...token("inv-unaccepted-old"), eventId, inviteeId: userId, expiresAt: ago(31) },
      // Accepted long ago: it is what lets her see the event, so it stays.
      { ...token("inv-accepted-old"), eventId, inviteeId: userId, expiresAt: ago(31), acceptedAt: ago(40) },
      { ...token("inv-pending"), eventId, inviteeId: userId, expiresAt: ahead(3) },
    ]);
    await h.db.insert(apiTokens).values([
      { ...token("api-expired"), userId, name: "old script", scope: "read", expiresAt: ago(31) },
      { ...token("api-forever"), userId, name: "seed script", scope: "seed", expiresAt: null },
    ]);
    await h.db.insert(invitationCodes).values([
      { codeHash: "code-expired-long-ago", hint: "AAAA", expiresAt: ago(91) },
      { codeHash: "code-revoked-long-ago", hint: "BBBB", revokedAt: ago(91) },
      { codeHash: "code-revoked-recently", hint: "CCCC", revokedAt: ago(10) },
      { codeHash: "code-open", hint: "DDDD" },
    ]);

    await housekeeping();

    const hashes = async (rows: Promise<{ h: string }[]>) => (await rows).map((r) => r.h).sort();
    expect((await h.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id)).toEqual(["s-live"]);
    expect(await hashes(h.db.select({ h: registrationTokens.tokenHash }).from(registrationTokens))).toEqual([
      "reg-expired-recently",
      "reg-live",
    ]);
    expect(await hashes(h.db.select({ h: passwordResetTokens.tokenHash }).from(passwordResetTokens))).toEqual([
      "reset-recent",
    ]);
    expect(await hashes(h.db.select({ h: eventInvitations.tokenHash }).from(eventInvitations))).toEqual([
      "inv-accepted-old",
      "inv-pending",
    ]);
    expect(await hashes(h.db.select({ h: apiTokens.tokenHash }).from(apiTokens))).toEqual(["api-forever"]);
    expect(await hashes(h.db.select({ h: invitationCodes.codeHash }).from(invitationCodes))).toEqual([
      "code-open",
      "code-revoked-recently",
    ]);
  });

  it("lapses stay requests unanswered for 72 hours, telling both members, and leaves younger ones", async () => {
    const [host, guest] = await h.db
      .insert(users)
      .values([
        { email: "lapse-host@club.test", name: "Lapse Host", passwordHash: "x", type: "Travel Host" },
        { email: "lapse-guest@club.test", name: "Lapse Guest", passwordHash: "x", type: "Standard" },
      ])
      .returning({ id: users.id });
    const [home] = await h.db
      .insert(homes)
      .values({
        hostId: host!.id,
        title: "Quiet barn",
        kind: "Barn",
        city: "Bath",
        country: "England",
        address: "1 Mill Lane",
        sleeps: 2,
        bedrooms: 1,
        nightlyRateCents: 10_000,
        timeZone: "Europe/London",
      })
      .returning({ id: homes.id });
    await h.db.insert(homeWindows).values({ homeId: home!.id, nights: "[2031-05-01,2031-06-01)" });
    const price = { nightlyRateCents: 10_000, nights: 2, discountPercent: 50, totalCents: 10_000, guests: 1 };
    const hours = (n: number) => new Date(Date.now() - n * 3_600_000);
    const [old, young] = await h.db
      .insert(stays)
      .values([
        {
          homeId: home!.id,
          guestId: guest!.id,
          arrive: "2031-05-02",
          depart: "2031-05-04",
          createdAt: hours(73),
          ...price,
        },
        {
          homeId: home!.id,
          guestId: guest!.id,
          arrive: "2031-05-10",
          depart: "2031-05-12",
          createdAt: hours(71),
          ...price,
        },
      ])
      .returning({ id: stays.id });
    await housekeeping();
    const byId = new Map((await h.db.select().from(stays)).map((s) => [s.id, s]));
    expect(byId.get(old!.id)).toMatchObject({
      status: "expired",
      statusReason: "The host did not answer within 72 hours.",
    });
    expect(byId.get(young!.id)?.status).toBe("requested");
    const mails = await h.db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox);
    expect(mails).toEqual(
      expect.arrayContaining([
        { to: "lapse-guest@club.test", subject: "Your request to stay at “Quiet barn” expired unanswered" },
        { to: "lapse-host@club.test", subject: "A request to stay at “Quiet barn” expired unanswered" },
      ]),
    );
    const told = await h.db.select({ userId: notifications.userId, kind: notifications.kind }).from(notifications);
    expect(told).toEqual(
      expect.arrayContaining([
        { userId: guest!.id, kind: "stay" },
        { userId: host!.id, kind: "stay" },
      ]),
    );
  });

  it("reports the stored objects no media item refers to, and deletes none of them", async () => {
    const put = (key: string) => store.put(key, Readable.from([Buffer.from("x")]), "image/jpeg", 1);
    const kept = "media/00000000-0000-4000-8000-000000000001";
    const orphan = "media/00000000-0000-4000-8000-000000000002";
    await put(`${kept}/original`);
    await put(`${orphan}/original`);
    await put(`${orphan}/thumb.webp`);
    await h.db.insert(media).values({
      objectPrefix: kept,
      storageKey: `${kept}/original`,
      mediaType: "image",
      contentType: "image/jpeg",
      sizeBytes: 1,
    });
    warnings.length = 0;
    await housekeeping();
    const report = warnings.find((w) => w.msg.startsWith("media objects that no media item refers to"));
    expect(report?.obj).toEqual({ count: 1, examples: [orphan] });
    expect(readdirSync(join(dir, "media/media")).sort()).toEqual([kept, orphan].map((p) => p.slice("media/".length)));
  });

  it("says nothing when every object has its item, and a failing step does not stop the others", async () => {
    rmSync(join(dir, "media/media/00000000-0000-4000-8000-000000000002"), { recursive: true });
    mkdirSync(join(dir, "tmp"), { recursive: true });
    writeFileSync(join(dir, "tmp", "upload-stale"), "x");
    utimesSync(join(dir, "tmp", "upload-stale"), ago(2), ago(2));
    warnings.length = 0;
    const broken: MediaStore = {
      ...store,
      // biome-ignore lint/correctness/useYield: a listing that fails before its first item
      async *listPrefixes() {
        throw new Error("store unreachable");
      },
    };
    await runHousekeeping({
      db: h.db,
      store: broken,
      tmpDir: join(dir, "tmp"),
      resumable: resumableStore(dir),
      mailKeepDays: 7,
      log,
      jobs,
      appOrigin,
    });
    // Both steps that list the store fail; the others still run.
    expect(warnings.map((w) => (w.obj as { step?: string }).step)).toEqual([
      "expired data exports",
      "unreferenced objects",
    ]);
    expect(readdirSync(join(dir, "tmp"))).toEqual([]);
    warnings.length = 0;
    await housekeeping();
    expect(warnings).toEqual([]);
  });
});
