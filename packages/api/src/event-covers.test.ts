import { type SessionUser, unsubscribeKeys, verifyMailImage } from "@club/auth";
import { events, media } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COVER_REFUSED } from "./domain/events/cover";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let ana: SessionUser;
let bea: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ana = await api.member("ana@covers.test", { name: "Ana", type: "Founding" });
  bea = await api.member("bea@covers.test", { name: "Bea" });
  admin = await api.member("admin@covers.test", { name: "Ada", admin: true });
});
afterAll(() => api.close());

const as = (who: SessionUser) => api.callerFor(who);
const form = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: "An evening",
  event_date: "2030-05-01",
  ...extra,
});
/** A gallery photo with its copies, as an upload leaves it. */
async function photo(values: Omit<Partial<typeof media.$inferInsert>, "uploadedBy"> = {}) {
  const id = await api.mediaRow({ uploadedBy: ana.id, ...values });
  const [row] = await api.db.select({ p: media.objectPrefix }).from(media).where(eq(media.id, id));
  const prefix = row?.p ?? "";
  await api.db
    .update(media)
    .set({ displayKey: `${prefix}/display.webp`, mediumKey: `${prefix}/medium.webp`, ...values })
    .where(eq(media.id, id));
  return { id, display: `/${prefix}/display.webp`, medium: `/${prefix}/medium.webp` };
}
const coverOf = async (who: SessionUser, id: string) => {
  const e = await as(who).events.get({ id });
  return { cover_media_id: e.cover_media_id, image_url: e.image_url, bannerImage: e.bannerImage };
};

describe("an event's cover", () => {
  it("is a gallery photo, shown by the page and the cards, kept by an edit that leaves it out, taken away with null", async () => {
    const p = await photo();
    const created = await as(ana).events.create(form("Garden Party", { cover_media_id: p.id }));
    const shown = { cover_media_id: p.id, image_url: p.medium, bannerImage: p.display };
    expect(await coverOf(bea, created.id)).toEqual(shown);
    const card = (await as(bea).events.list({ host: ana.id })).items.find((e) => e.id === created.id);
    expect(card?.image_url).toBe(p.medium);

    await as(ana).events.update({ id: created.id, ...form("Garden Party at Six") });
    expect(await coverOf(bea, created.id)).toEqual(shown);
    await as(ana).events.update({ id: created.id, ...form("Garden Party at Six", { cover_media_id: null }) });
    expect(await coverOf(bea, created.id)).toEqual({ cover_media_id: null, image_url: null, bannerImage: null });
  });

  it("is refused, with what to choose, when some of the event's guests could not see it", async () => {
    const hidden = await as(admin).events.create(form("Board Dinner", { exclusivity: "invite-only" }));
    const inHidden = await photo({ associatedEventId: hidden.id });
    const video = await photo({ mediaType: "video" });
    const leftPrivate = await photo({ uploaderOnly: true });
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [inHidden.id, video.id, leftPrivate.id, missing]) {
      await expect(as(admin).events.create(form("Open Evening", { cover_media_id: id }))).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: COVER_REFUSED,
      });
    }
    // The invite-only event's own photo may be its own cover: its guests see its photos.
    await as(admin).events.update({
      id: hidden.id,
      ...form("Board Dinner", { exclusivity: "invite-only", cover_media_id: inHidden.id }),
    });
    expect((await coverOf(admin, hidden.id)).cover_media_id).toBe(inHidden.id);
    // A cover that is not an id is a 400 with a sentence too.
    await expect(as(ana).events.create(form("Odd", { cover_media_id: "painting.jpg" }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("goes when its photo is deleted, moved into an invite-only event, or its event becomes invite-only", async () => {
    const deleted = await photo();
    const moved = await photo();
    const open = await as(ana).events.create(form("Wine Tasting"));
    const ofOpen = await photo({ associatedEventId: open.id });
    const a = await as(ana).events.create(form("Book Club", { cover_media_id: deleted.id }));
    const b = await as(ana).events.create(form("Tennis", { cover_media_id: moved.id }));
    const c = await as(ana).events.create(form("Opera", { cover_media_id: ofOpen.id }));
    await as(ana).events.update({ id: open.id, ...form("Wine Tasting", { cover_media_id: ofOpen.id }) });

    await as(ana).media.delete({ media: [deleted.id] });
    expect(await coverOf(ana, a.id)).toEqual({ cover_media_id: null, image_url: null, bannerImage: null });

    const hidden = await as(ana).events.create(form("Private Lunch", { exclusivity: "invite-only" }));
    await api.db.update(media).set({ associatedEventId: hidden.id }).where(eq(media.id, moved.id));
    expect((await coverOf(ana, b.id)).cover_media_id).toBeNull();

    await as(ana).events.update({ id: open.id, ...form("Wine Tasting", { exclusivity: "invite-only" }) });
    expect((await coverOf(bea, c.id)).image_url).toBeNull();
    // Its own event keeps it: whoever sees the event sees its photos.
    const [own] = await api.db.select({ cover: events.coverMediaId }).from(events).where(eq(events.id, open.id));
    expect(own?.cover).toBe(ofOpen.id);
  });

  it("is picked from the photos it may be: the gallery's every member sees, and the event's own when editing", async () => {
    const everyone = await photo({ title: "The terrace" });
    const hidden = await as(ana).events.create(form("Members' Supper", { exclusivity: "invite-only" }));
    const own = await photo({ associatedEventId: hidden.id, title: "Candles" });
    const offered = (choices: { id: string }[]) => choices.map((c) => c.id);

    const forNew = await as(bea).events.coverChoices();
    expect(offered(forNew)).toContain(everyone.id);
    expect(offered(forNew)).not.toContain(own.id);
    expect(forNew.find((c) => c.id === everyone.id)).toMatchObject({ title: "The terrace", url: everyone.medium });

    expect(offered(await as(ana).events.coverChoices({ eventId: hidden.id }))).toContain(own.id);
    // Another member may not look into an invite-only event's photos through the picker.
    await expect(as(bea).events.coverChoices({ eventId: hidden.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("heads the mails that ask her to come, at an address a mail program may fetch, when every member may see it", async () => {
    const p = await photo();
    const e = await as(ana).events.create(form("Harbour Walk", { cover_media_id: p.id }));
    await as(bea).events.join({ id: e.id });
    await as(bea).events.sendConfirmation({ eventId: e.id, userId: bea.id });
    const [mail] = (await api.mailsTo("bea@covers.test")).filter((m) => m.subject.includes("Harbour Walk"));
    const src = /<img src="([^"]+\/mail-images\/[^"]+)"/.exec(mail?.html ?? "")?.[1] ?? "";
    expect(src).toMatch(/^http:\/\/club\.test\/mail-images\//);
    const keys = await unsubscribeKeys(api.db, undefined);
    expect(verifyMailImage(keys, src.split("/").pop() ?? "")).toBe(p.id);

    // An invite-only event's own photo is for its guests' eyes, not for a mail: no image.
    const hidden = await as(ana).events.create(form("Quiet Supper", { exclusivity: "invite-only" }));
    const own = await photo({ associatedEventId: hidden.id });
    await as(ana).events.update({
      id: hidden.id,
      ...form("Quiet Supper", { exclusivity: "invite-only", cover_media_id: own.id }),
    });
    await as(ana).events.sendConfirmation({ eventId: hidden.id, userId: ana.id });
    const [quiet] = (await api.mailsTo("ana@covers.test")).filter((m) => m.subject.includes("Quiet Supper"));
    expect(quiet?.html).toBeDefined();
    expect(quiet?.html).not.toContain("/mail-images/");
  });

  it("is given to every date of a repeating event", async () => {
    const p = await photo();
    const first = await as(ana).events.create({
      ...form("Salon", { cover_media_id: p.id }),
      repeat: "FREQ=WEEKLY;COUNT=3",
    });
    const dates = await api.db
      .select({ cover: events.coverMediaId })
      .from(events)
      .where(eq(events.seriesId, first.series!.id));
    expect(dates.map((d) => d.cover)).toEqual([p.id, p.id, p.id]);
  });
});
