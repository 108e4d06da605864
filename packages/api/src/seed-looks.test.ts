import { events, profiles, users } from "@club/db";
import { eq, isNotNull } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS, seedDemo } from "./seed/demo";
import { type TestApi, testApi } from "./test/api";

// The demo data looks like a club's at first start: events with covers, members with portraits.

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
  await seedDemo(api.db, api.store);
}, 120_000);
afterAll(() => api.close());

describe("the demo data", () => {
  it("gives the events their photos as covers, stored and shown on cards and pages", async () => {
    const covered = await api.db
      .select({ slug: events.slug, banner: events.bannerImage, card: events.imageUrl })
      .from(events)
      .where(isNotNull(events.coverMediaId));
    expect(covered.map((e) => e.slug).sort()).toEqual(
      [
        "cooking-class-spring-menus",
        "members-photography-showcase",
        "provence-retreat",
        "sunrise-yoga-by-the-harbour",
        "tea-culture-afternoon",
        "watercolour-workshop",
      ].sort(),
    );
    for (const e of covered) {
      for (const url of [e.banner, e.card]) expect(await api.store.stat(url?.slice(1) ?? "")).not.toBeNull();
    }
  });

  it("gives each demo member a portrait, and a second run changes none", async () => {
    const portraits = async () =>
      api.db
        .select({ email: users.email, prefix: profiles.portraitPrefix })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId));
    const first = await portraits();
    expect(
      first
        .filter((p) => p.prefix)
        .map((p) => p.email)
        .sort(),
    ).toEqual(DEMO_USERS.map((u) => u.email).sort());
    await seedDemo(api.db, api.store);
    expect(await portraits()).toEqual(first);
  });
});
