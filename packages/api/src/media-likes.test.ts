import type { SessionUser } from "@club/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let ana: SessionUser;
let bea: SessionUser;
let cleo: SessionUser;
let dora: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ana = await api.member("ana@media-likes.test", { type: "Founding", name: "Ana" });
  bea = await api.member("bea@media-likes.test", { name: "Bea" });
  cleo = await api.member("cleo@media-likes.test", { name: "Cleo" });
  dora = await api.member("dora@media-likes.test", { name: "Dora" });
});
afterAll(() => api.close());

const as = (who: SessionUser) => api.callerFor(who);
const likesIn = async (who: SessionUser, id: string) => {
  const item = await as(who).media.get({ id });
  return { like_count: item.like_count, user_liked: item.user_liked };
};

describe("a like on a photo or video", () => {
  it("counts once per member, and a like given twice changes nothing", async () => {
    const photo = await api.mediaRow({ uploadedBy: ana.id, title: "Painting" });
    expect(await likesIn(bea, photo)).toEqual({ like_count: 0, user_liked: false });
    expect(await as(bea).media.like({ id: photo })).toEqual({ like_count: 1, user_liked: true });
    expect(await as(bea).media.like({ id: photo })).toEqual({ like_count: 1, user_liked: true });
    expect(await as(cleo).media.like({ id: photo })).toEqual({ like_count: 2, user_liked: true });
    // Every media answer says how many, and whether the reader likes it.
    expect(await likesIn(bea, photo)).toEqual({ like_count: 2, user_liked: true });
    expect(await likesIn(ana, photo)).toEqual({ like_count: 2, user_liked: false });
    const listed = (await as(dora).media.list({ uploader: ana.id })).items.find((i) => i.id === photo);
    expect([listed?.like_count, listed?.user_liked]).toEqual([2, false]);
    const asBea = (await as(bea).media.list({ uploader: ana.id })).items.find((i) => i.id === photo);
    expect([asBea?.like_count, asBea?.user_liked]).toEqual([2, true]);

    expect(await as(bea).media.unlike({ id: photo })).toEqual({ like_count: 1, user_liked: false });
    expect(await as(bea).media.unlike({ id: photo })).toEqual({ like_count: 1, user_liked: false });
    expect(await likesIn(cleo, photo)).toEqual({ like_count: 1, user_liked: true });
  });

  it("an item she may not see answers NOT_FOUND, liked or not", async () => {
    const hidden = await api.mediaRow({ uploadedBy: ana.id, uploaderOnly: true, title: "Private" });
    await expect(as(bea).media.like({ id: hidden })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(as(bea).media.unlike({ id: hidden })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await likesIn(ana, hidden)).toEqual({ like_count: 0, user_liked: false });
    await expect(api.callerFor(null).media.like({ id: hidden })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("the uploader hears of it in her bell, gathered on one line, never of her own", async () => {
    const photo = await api.mediaRow({ uploadedBy: dora.id, title: "Harbour at dusk" });
    const video = await api.mediaRow({
      uploadedBy: dora.id,
      title: "Regatta",
      mediaType: "video",
      contentType: "video/mp4",
    });
    await as(dora).media.like({ id: photo });
    expect((await as(dora).notifications.unread()).unread).toBe(0);
    await as(ana).media.like({ id: photo });
    await as(ana).media.like({ id: photo });
    await as(bea).media.like({ id: photo });
    await as(cleo).media.like({ id: photo });
    await as(bea).media.like({ id: video });
    const { items, unread } = await as(dora).notifications.list();
    expect(unread).toBe(2);
    expect(items.map(({ kind, text, link }) => ({ kind, text, link }))).toEqual([
      { kind: "media_like", text: "Bea liked your video “Regatta”", link: `/gallery?media=${video}` },
      {
        kind: "media_like",
        text: "Cleo and 2 others liked your photo “Harbour at dusk”",
        link: `/gallery?media=${photo}`,
      },
    ]);
    // A like taken back and given again joins the line she has (no second line, the same three).
    await as(cleo).media.unlike({ id: photo });
    await as(cleo).media.like({ id: photo });
    const again = await as(dora).notifications.list();
    expect(again.unread).toBe(2);
    expect(again.items.map((n) => n.text)).toContain("Cleo and 2 others liked your photo “Harbour at dusk”");
  });
});
