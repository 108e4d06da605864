import type { SessionUser } from "@club/auth";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";

// Drafts (the Schedule): kept on the server, seen by their creator and admins only, and in no
// list, search, month, picker, feed or home until they are published.

let api: TestApi;
let host: SessionUser;
let ann: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("host@drafts.test", { type: "Founding", name: "Hostess" });
  ann = await api.member("ann@drafts.test", { name: "Ann" });
  admin = await api.member("admin@drafts.test", { admin: true, name: "Admin" });
});
afterAll(() => api.close());

const day = "2027-05-12";
const draftForm = { title: "Secret Garden Party", event_date: day, start_time: "18:00", city: "Boston", draft: true };

/** Every place an event shows up for a member, as titles. */
async function everywhere(who: SessionUser) {
  const caller = api.callerFor(who);
  const feedUrl = (await caller.calendarFeed.reset({ includeOpen: true })).url;
  const feed = await api
    .callerFor(null)
    .calendarFeed.feed({ secret: feedUrl.split("/calendar/")[1]!.replace(".ics", "") });
  const titles = (items: { title: string }[]) => items.map((e) => e.title);
  const home = await caller.home.get();
  return {
    list: titles((await caller.events.list()).items),
    search: titles((await caller.events.list({ search: "Garden" })).items),
    month: titles((await caller.events.list({ from: "2027-05-01", to: "2027-05-31" })).items),
    created: titles((await caller.events.list({ mine: "created" })).items),
    upcoming: titles((await caller.events.list({ upcoming: true })).items),
    choices: titles(await caller.events.choices()),
    feed: new ICAL.Component(ICAL.parse(feed))
      .getAllSubcomponents("vevent")
      .map((v) => String(v.getFirstPropertyValue("summary"))),
    home: [...home.nextEvents, ...home.deadlines].map((e) => e.title),
  };
}
const nowhere = { list: [], search: [], month: [], created: [], upcoming: [], choices: [], feed: [], home: [] };

describe("drafts", () => {
  it("are opened, listed on the Schedule and edited by their creator and admins, and by nobody else", async () => {
    const draft = await api.callerFor(host).events.create(draftForm);
    expect(draft).toMatchObject({ title: "Secret Garden Party", draft: true, can_manage: true });

    expect(await api.callerFor(host).events.get({ id: draft.slug })).toMatchObject({ id: draft.id, draft: true });
    expect(await api.callerFor(admin).events.get({ id: draft.id })).toMatchObject({ id: draft.id, draft: true });
    await expect(api.callerFor(ann).events.get({ id: draft.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(api.callerFor(ann).events.get({ id: draft.slug })).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect((await api.callerFor(host).events.drafts()).map((d) => d.id)).toEqual([draft.id]);
    expect(await api.callerFor(ann).events.drafts()).toEqual([]);
    const [seen] = await api.callerFor(admin).events.drafts();
    expect(seen).toMatchObject({ id: draft.id, creator_name: "Hostess", draft: true });

    const edited = await api
      .callerFor(host)
      .events.update({ id: draft.id, ...draftForm, title: "Garden Party, revised" });
    expect(edited).toMatchObject({ title: "Garden Party, revised", draft: true });
    await expect(
      api.callerFor(ann).events.update({ id: draft.id, ...draftForm, title: "Mine now" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await api.callerFor(host).events.delete({ id: draft.id });
  });

  it("appear in no list, search, month, picker, feed or home, not even their creator's or an admin's", async () => {
    const draft = await api.callerFor(host).events.create(draftForm);
    for (const who of [host, ann, admin]) expect(await everywhere(who)).toEqual(nowhere);
    // Nothing is done with a draft but editing, publishing and deleting it.
    await expect(api.callerFor(ann).events.join({ id: draft.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(api.callerFor(host).events.join({ id: draft.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      api.callerFor(host).comments.create({ commentableId: draft.id, content: "Hello" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(api.callerFor(host).events.invite({ eventId: draft.id, userIds: [ann.id] })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await api.callerFor(host).events.delete({ id: draft.id });
  });

  it("once published, show everywhere like any event; publishing twice is refused", async () => {
    const draft = await api.callerFor(host).events.create(draftForm);
    await expect(api.callerFor(ann).events.publish({ id: draft.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const published = await api.callerFor(host).events.publish({ id: draft.id });
    expect(published.draft).toBeUndefined();
    expect(await api.callerFor(host).events.drafts()).toEqual([]);

    const seen = await everywhere(ann);
    expect(seen.list).toContain("Secret Garden Party");
    expect(seen.search).toEqual(["Secret Garden Party"]);
    expect(seen.month).toEqual(["Secret Garden Party"]);
    expect(seen.choices).toContain("Secret Garden Party");
    expect(seen.feed).toContain("Secret Garden Party");
    expect((await everywhere(host)).created).toEqual(["Secret Garden Party"]);
    await expect(api.callerFor(host).events.publish({ id: draft.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This event is published already.",
    });
    await api.callerFor(host).events.delete({ id: draft.id });
  });

  it("are published under their title as it is then, not as it was while planned", async () => {
    const draft = await api.callerFor(host).events.create({ ...draftForm, title: "Winter Ball (planning)" });
    expect(draft.slug).toBe("winter-ball-planning");
    await api.callerFor(host).events.update({ id: draft.id, title: "Winter Ball" });
    const published = await api.callerFor(host).events.publish({ id: draft.id });
    expect(published.slug).toBe("winter-ball");
    // A title that still gives its address keeps it.
    const same = await api.callerFor(host).events.create({ ...draftForm, title: "Spring Ball" });
    expect((await api.callerFor(host).events.publish({ id: same.id })).slug).toBe(same.slug);
    for (const id of [draft.id, same.id]) await api.callerFor(host).events.delete({ id });
  });

  it("deleted, leave no cancellation in anyone's calendar feed (nobody saw them)", async () => {
    const draft = await api.callerFor(host).events.create({ ...draftForm, title: "Never Seen" });
    await api.callerFor(host).events.delete({ id: draft.id });
    expect((await everywhere(ann)).feed).not.toContain("Never Seen");
  });

  it("are made by those who may create events only", async () => {
    await expect(api.callerFor(ann).events.create(draftForm)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
