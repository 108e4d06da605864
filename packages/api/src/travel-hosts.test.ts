import { applicationProperties, applications, stays } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";

// Travel from a host's side and a member's leaving: her blocks, her first home, a guest's note after
// her stay, and what becomes of homes and stays when a member leaves the club.

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

const mailsTo = (email: string) => api.mailsTo(email);

describe("a host's blocks", () => {
  it("hold nights no request may take, refuse overlaps in words, and free them again", async () => {
    const hostess = await api.member("blocks-host@club.test", { type: "Travel Host", name: "Bianca Blocks" });
    const asker = await api.member("blocks-asker@club.test", { type: "Standard", name: "Asha Asker" });
    const { id } = await api.callerFor(hostess).homes.create({
      title: "Harbour loft",
      kind: "Loft",
      city: "Hobart",
      country: "Australia",
      address: "1 Salamanca Place",
      sleeps: 2,
      bedrooms: 1,
      nightly_rate: 120,
      time_zone: "Australia/Hobart",
    });
    await api.callerFor(hostess).homes.setWindows({ id, windows: [{ from: "2031-03-01", to: "2031-04-01" }] });
    await expect(api.callerFor(asker).homes.block({ id, from: "2031-03-10", to: "2031-03-12" })).rejects.toThrow(
      "Only the home's host or an administrator can change it.",
    );
    const { blocks } = await api.callerFor(hostess).homes.block({ id, from: "2031-03-10", to: "2031-03-12" });
    expect(blocks).toEqual([{ id: expect.any(String), from: "2031-03-10", to: "2031-03-12" }]);
    await expect(api.callerFor(hostess).homes.block({ id, from: "2031-03-11", to: "2031-03-14" })).rejects.toThrow(
      "Some of these nights are already taken by a stay or another block.",
    );
    await expect(api.callerFor(hostess).homes.block({ id, from: "2031-03-14", to: "2031-03-13" })).rejects.toThrow(
      "A block must end after it starts",
    );
    const march = await api.callerFor(asker).homes.month({ id, month: "2031-03" });
    expect(march.find((d) => d.day === "2031-03-10")?.state).toBe("blocked");
    // Only its managers see the blocks themselves; every member sees the nights as blocked.
    expect((await api.callerFor(asker).homes.get({ id })).blocks).toEqual([]);
    const request = api
      .callerFor(asker)
      .stays.request({ homeId: id, arrive: "2031-03-09", depart: "2031-03-11", guests: 1 });
    await expect(request).rejects.toThrow("Some of these nights are already taken: choose other dates.");
    // Freed, the nights may be asked for again.
    const freed = await api.callerFor(hostess).homes.unblock({ id, blockId: blocks[0]!.id });
    expect(freed.blocks).toEqual([]);
    await expect(
      api.callerFor(asker).stays.request({ homeId: id, arrive: "2031-03-09", depart: "2031-03-11", guests: 1 }),
    ).resolves.toMatchObject({ status: "requested" });
  });
});

describe("her first home", () => {
  it("starts from the property of her accepted application", async () => {
    const hostess = await api.member("applied-host@club.test", { type: "Travel Host", name: "Ada Applied" });
    expect((await api.callerFor(hostess).homes.mine()).fromApplication).toBeNull();
    const [application] = await api.db
      .insert(applications)
      .values({
        fullName: "Ada Applied",
        email: "Applied-Host@club.test",
        reason: "To host",
        membershipType: "Travel Host",
        accepted: true,
      })
      .returning();
    await api.db.insert(applicationProperties).values({
      applicationId: application!.id,
      address: "7 Vine Lane, Napa",
      type: "Farmhouse",
      description: "Among the vines.",
      availability: "Seasonal",
    });
    expect((await api.callerFor(hostess).homes.mine()).fromApplication).toEqual({
      kind: "Farmhouse",
      description: "Among the vines.",
      address: "7 Vine Lane, Napa",
      availability: "Seasonal",
    });
    await api.callerFor(hostess).homes.create({
      title: "Vine farmhouse",
      kind: "Farmhouse",
      city: "Napa",
      country: "United States",
      address: "7 Vine Lane, Napa",
      sleeps: 6,
      bedrooms: 3,
      nightly_rate: 250,
      time_zone: "America/Los_Angeles",
    });
    expect((await api.callerFor(hostess).homes.mine()).fromApplication).toBeNull();
  });
});

describe("a guest's note after her stay", () => {
  it("is hers alone to write, once the stay is over, once; the home shows it to members", async () => {
    const hostess = await api.member("review-host@club.test", { type: "Travel Host", name: "Rita Host" });
    const guest = await api.member("review-guest@club.test", { type: "Founding", name: "Vera Visitor" });
    const other = await api.member("review-other@club.test", { type: "Standard", name: "Olga Other" });
    const { id: homeId } = await api.callerFor(hostess).homes.create({
      title: "Orchard cottage",
      kind: "Cottage",
      city: "Kent",
      country: "UK",
      address: "4 Orchard Row",
      sleeps: 2,
      bedrooms: 1,
      nightly_rate: 100,
      time_zone: "Europe/London",
    });
    await api.callerFor(hostess).homes.setWindows({ id: homeId, windows: [{ from: "2031-04-01", to: "2031-05-01" }] });
    const { id } = await api
      .callerFor(guest)
      .stays.request({ homeId, arrive: "2031-04-02", depart: "2031-04-05", guests: 1 });
    await api.callerFor(hostess).stays.accept({ id });
    await expect(api.callerFor(guest).stays.review({ id, text: "Lovely." })).rejects.toThrow(
      "You can leave a note once your stay is over, from the day you leave.",
    );
    // The stay is over (its days moved into the past, as time would).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .update(stays)
      .set({ arrive: day(-5), depart: day(-2) })
      .where(eq(stays.id, id));
    // A stay that has begun is no longer cancelled (before arrival only).
    await expect(api.callerFor(guest).stays.cancel({ id, reason: "Too late" })).rejects.toThrow(
      "This stay has begun: it can no longer be cancelled.",
    );
    await expect(api.callerFor(hostess).stays.review({ id, text: "Great guest." })).rejects.toThrow(
      "Only the guest writes a note about her stay.",
    );
    await expect(api.callerFor(other).stays.review({ id, text: "Hm." })).rejects.toThrow("Stay not found.");
    await expect(api.callerFor(guest).stays.review({ id, text: "  " })).rejects.toThrow("Your note is required.");
    await api.callerFor(guest).stays.review({ id, text: "The orchard at dawn was a dream." });
    await expect(api.callerFor(guest).stays.review({ id, text: "Again" })).rejects.toThrow(
      "You already left a note for this stay.",
    );
    expect((await api.callerFor(guest).stays.get({ id })).reviewed).toBe(true);
    const home = await api.callerFor(other).homes.get({ id: homeId });
    expect(home.reviews).toEqual([
      expect.objectContaining({ text: "The orchard at dawn was a dream.", guest_name: "Vera Visitor" }),
    ]);
  });
});

describe("a member who leaves the club", () => {
  it("takes her homes with her, each coming guest told; a guest who leaves is cancelled, her host told", async () => {
    const admin = await api.member("leaving-admin@club.test", { type: "Standard", admin: true });
    const leaving = await api.member("leaving-host@club.test", { type: "Travel Host", name: "Lea Leaving" });
    const staying = await api.member("staying-host@club.test", { type: "Travel Host", name: "Sia Staying" });
    const guest = await api.member("leaving-guest@club.test", { type: "Standard", name: "Gwen Guest" });
    const fields = {
      kind: "Cabin",
      city: "Bergen",
      country: "Norway",
      address: "Fjordveien 2",
      sleeps: 2,
      bedrooms: 1,
      nightly_rate: 90,
      time_zone: "Europe/Oslo",
    };
    const hers = await api.callerFor(leaving).homes.create({ ...fields, title: "Fjord cabin" });
    const other = await api.callerFor(staying).homes.create({ ...fields, title: "Sea cabin" });
    for (const id of [hers.id, other.id]) {
      await api.callerFor(admin).homes.setWindows({ id, windows: [{ from: "2031-06-01", to: "2031-07-01" }] });
    }
    const atHers = await api
      .callerFor(guest)
      .stays.request({ homeId: hers.id, arrive: "2031-06-02", depart: "2031-06-05", guests: 1 });
    await api.callerFor(leaving).stays.accept({ id: atHers.id });
    const atOther = await api
      .callerFor(guest)
      .stays.request({ homeId: other.id, arrive: "2031-06-02", depart: "2031-06-05", guests: 1 });

    await api.callerFor(admin).users.delete({ userId: leaving.id });
    const toGuest = await mailsTo("leaving-guest@club.test");
    expect(toGuest.at(-1)?.text).toContain("The host has left the club, and her home with her.");
    expect((await api.callerFor(guest).stays.list()).find((s) => s.id === atHers.id)).toBeUndefined();
    await expect(api.callerFor(guest).homes.get({ id: hers.id })).rejects.toThrow("Home not found.");

    await api.callerFor(admin).users.delete({ userId: guest.id });
    const toHost = await mailsTo("staying-host@club.test");
    expect(toHost.at(-1)?.text).toContain("The guest has left the club.");
    expect((await api.callerFor(staying).stays.list()).find((s) => s.id === atOther.id)).toBeUndefined();
  });
});
