import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionUser } from "@club/auth";
import { applications, profiles, registrationTokens } from "@club/db";
import { eq } from "@club/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPortrait } from "./domain/members/portrait";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let ana: SessionUser;
let bea: SessionUser;
let cleo: SessionUser;
let admin: SessionUser;
let privateEvent: string;
beforeAll(async () => {
  api = await testApi();
  ana = await api.member("ana@members.test", { type: "Founding", name: "Ana Atelier" });
  bea = await api.member("bea@members.test", { name: "Bea Brightwater" });
  cleo = await api.member("cleo@members.test", { type: "Travel Host", name: "Cleo Castellane" });
  admin = await api.member("admin@members.test", { admin: true, name: "Alexandra Admin" });
  privateEvent = (
    await api
      .callerFor(ana)
      .events.create({ title: "Studio supper", event_date: "2027-05-01", exclusivity: "invite-only" })
  ).id;
});
afterAll(() => api.close());

const as = (who: SessionUser) => api.callerFor(who);
const anaProfile = {
  bio: "I paint large canvases.",
  talents: ["Painting", "Ceramics"],
  interests: ["Showcases" as const],
};

describe("her profile", () => {
  it("shows what she wrote to every member, and her e-mail only to herself and admins until she shows it", async () => {
    await as(ana).profile.update({ ...anaProfile, showEmail: false });
    const seenByBea = await as(bea).members.get({ id: ana.id });
    expect(seenByBea).toMatchObject({
      name: "Ana Atelier",
      type: "Founding",
      bio: "I paint large canvases.",
      talents: ["Painting", "Ceramics"],
      interests: ["Showcases"],
      email: null,
      portrait: null,
      is_me: false,
    });
    expect((await as(ana).members.get({ id: ana.id })).email).toBe("ana@members.test");
    expect((await as(admin).members.get({ id: ana.id })).email).toBe("ana@members.test");
    const directory = await as(bea).members.list({ search: "Ana" });
    expect(directory.items.map((m) => [m.name, m.email])).toEqual([["Ana Atelier", null]]);

    await as(ana).profile.update({ ...anaProfile, showEmail: true });
    expect((await as(bea).members.get({ id: ana.id })).email).toBe("ana@members.test");
    expect((await as(bea).members.list({ search: "Ana" })).items[0]?.email).toBe("ana@members.test");
  });

  it("is empty, not missing, for a member who never wrote one; an unknown member is not found", async () => {
    expect(await as(ana).members.get({ id: cleo.id })).toMatchObject({ bio: "", talents: [], email: null });
    await expect(as(ana).members.get({ id: "00000000-0000-4000-8000-000000000001" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Member not found.",
    });
  });

  it("refuses what is too long, too many, or written with text-direction controls, and keeps what was there", async () => {
    await as(ana).profile.update({ ...anaProfile, showEmail: true });
    const refusals: [object, string][] = [
      [{ bio: "x".repeat(1001) }, "The bio can be at most 1,000 characters."],
      [{ talents: Array.from({ length: 21 }, (_, i) => `T${i}`) }, "List at most 20 talents."],
      [{ talents: ["x".repeat(41)] }, "Each talent can be at most 40 characters."],
      [{ bio: "Ana\u202Egpj.exe" }, "The bio contains invisible characters that change the direction of the text"],
      [{ talents: ["Art\u2066"] }, "The talent contains invisible characters"],
    ];
    for (const [change, message] of refusals) {
      await expect(as(ana).profile.update({ ...anaProfile, showEmail: true, ...change })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining(message),
      });
    }
    await expect(as(ana).auth.updateUser({ name: "Ana\u202E" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await as(ana).profile.get()).toMatchObject({ bio: anaProfile.bio, talents: anaProfile.talents });
  });

  it("keeps a talent once, whatever its case", async () => {
    const saved = await as(cleo).profile.update({
      bio: "",
      talents: [" Sailing ", "sailing", "Wine"],
      interests: [],
      showEmail: false,
    });
    expect(saved.talents).toEqual(["Sailing", "Wine"]);
  });
});

describe("her creations", () => {
  it("shows her showcase in her order, leaving out what the reader may not see", async () => {
    const first = await api.mediaRow({ uploadedBy: ana.id, title: "Blue study" });
    const hidden = await api.mediaRow({ uploadedBy: ana.id, title: "Supper sketch", associatedEventId: privateEvent });
    const last = await api.mediaRow({ uploadedBy: ana.id, title: "Red study" });
    await as(ana).profile.setShowcase({ media: [last, hidden, first] });

    const titles = async (who: SessionUser) => (await as(who).members.get({ id: ana.id })).showcase.map((m) => m.title);
    expect(await titles(ana)).toEqual(["Red study", "Supper sketch", "Blue study"]);
    expect(await titles(admin)).toEqual(["Red study", "Supper sketch", "Blue study"]);
    expect(await titles(bea)).toEqual(["Red study", "Blue study"]);
    // Her uploads, as a page of the gallery, and their count: what Bea may see.
    const uploads = await as(bea).media.list({ uploader: ana.id });
    expect(uploads.items.map((m) => m.title).sort()).toEqual(["Blue study", "Red study"]);
    expect((await as(bea).members.get({ id: ana.id })).upload_count).toBe(2);
    expect((await as(admin).members.get({ id: ana.id })).upload_count).toBe(3);
  });

  it("holds only her own media, at most twelve, each once: all or nothing", async () => {
    const before = (await as(bea).profile.get()).showcase;
    const beas = await api.mediaRow({ uploadedBy: bea.id, title: "Bea's" });
    const anas = await api.mediaRow({ uploadedBy: ana.id, title: "Ana's" });
    await expect(as(bea).profile.setShowcase({ media: [beas, anas] })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Your showcase can hold only photos and videos you uploaded yourself.",
    });
    await expect(as(admin).profile.setShowcase({ media: [anas] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const thirteen = await Promise.all(Array.from({ length: 13 }, () => api.mediaRow({ uploadedBy: bea.id })));
    await expect(as(bea).profile.setShowcase({ media: thirteen })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(as(bea).profile.setShowcase({ media: [beas, beas] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await as(bea).profile.get()).showcase).toEqual(before);
    // A deleted item leaves her showcase with it.
    await as(bea).profile.setShowcase({ media: [beas] });
    await as(bea).media.delete({ media: [beas] });
    expect((await as(bea).profile.get()).showcase).toEqual([]);
  });

  it("lists the events she hosts that the reader may see", async () => {
    await as(ana).events.create({ title: "Open studio", event_date: "2027-05-02" });
    const hosted = async (who: SessionUser) =>
      (await as(who).events.list({ host: ana.id, limit: 50 })).items.map((e) => e.title).sort();
    expect(await hosted(bea)).toEqual(["Open studio"]);
    expect(await hosted(admin)).toEqual(["Open studio", "Studio supper"]);
  });
});

describe("the directory", () => {
  it("finds members by name or talent, filters by type and talent, a page at a time by name", async () => {
    await as(cleo).profile.update({ bio: "", talents: ["Sailing", "Wine"], interests: [], showEmail: false });
    const names = async (input: Parameters<ReturnType<typeof as>["members"]["list"]>[0]) =>
      (await as(bea).members.list(input)).items.map((m) => m.name);
    expect(await names({ search: "ceram" })).toEqual(["Ana Atelier"]);
    expect(await names({ talent: "wine" })).toEqual(["Cleo Castellane"]);
    expect(await names({ type: "Travel Host" })).toEqual(["Cleo Castellane"]);
    expect(await names({ type: "Standard", talent: "Painting" })).toEqual([]);

    const first = await as(bea).members.list({ limit: 2 });
    expect(first.items.map((m) => m.name)).toEqual(["Alexandra Admin", "Ana Atelier"]);
    const second = await as(bea).members.list({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((m) => m.name)).toEqual(["Bea Brightwater", "Cleo Castellane"]);
    await expect(as(bea).members.list({ cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    const talents = await as(bea).members.talents();
    expect(talents).toEqual(expect.arrayContaining([{ talent: "Wine", members: 1 }]));
  });
});

describe("her portrait", () => {
  it("is a square photo without its location, served in two sizes, replaced and removed with its files", async () => {
    const path = join(tmpdir(), `portrait-${Date.now()}.jpg`);
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#8a5" } })
      .jpeg()
      .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } })
      .toFile(path);
    const saved = await setPortrait(api.contextFor(ana), { path });
    expect(saved.portrait).toMatchObject({ small: expect.stringMatching(/^\/portraits\/.+\/160\.webp$/) });
    const key = saved.portrait!.large.slice(1);
    const object = await api.store.get(key);
    const bytes = Buffer.concat(await object!.stream.toArray());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([512, 512, "webp", undefined]);

    const again = await setPortrait(api.contextFor(ana), { path });
    expect(again.portrait!.large).not.toBe(saved.portrait!.large);
    expect(await api.store.get(key)).toBeUndefined();
    await as(ana).profile.removePortrait();
    expect(await api.store.get(again.portrait!.large.slice(1))).toBeUndefined();
    expect((await as(bea).members.get({ id: ana.id })).portrait).toBeNull();
  });

  it("refuses a file that is not a photo, and stores nothing", async () => {
    const path = join(tmpdir(), `not-a-photo-${Date.now()}.txt`);
    writeFileSync(path, "hello, this is text");
    await expect(setPortrait(api.contextFor(bea), { path })).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "A portrait must be a photo (JPEG, PNG, WebP, GIF or HEIC).",
    });
    const [row] = await api.db.select().from(profiles).where(eq(profiles.userId, bea.id));
    expect(row?.portraitPrefix ?? null).toBeNull();
  });
});

describe("registration", () => {
  it("starts her interests from her application", async () => {
    const [application] = await api.db
      .insert(applications)
      .values({
        fullName: "Dora Newcomer",
        email: "dora@members.test",
        reason: "To meet peers",
        interests: ["Travel", "Workshops"],
        membershipType: "Standard",
        accepted: true,
      })
      .returning();
    const { generateToken, hashToken } = await import("@club/auth");
    const token = generateToken();
    await api.db.insert(registrationTokens).values({
      tokenHash: hashToken(token),
      email: "dora@members.test",
      applicationId: application!.id,
      memberType: "Standard",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await api.callerFor(null).registration.register({
      token,
      name: "Dora Newcomer",
      password: "a-long-password-1",
      type: "Standard",
    });
    const dora = (await as(ana).members.list({ search: "Dora" })).items[0]!;
    expect((await as(ana).members.get({ id: dora.id })).interests).toEqual(["Travel", "Workshops"]);
  });
});
