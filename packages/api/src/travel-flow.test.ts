import type { SessionUser } from "@club/auth";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_HOMES_PER_HOST } from "./domain/travel/homes";
import { seedTravel } from "./seed/travel";
import { type TestApi, testApi } from "./test/api";

// Travel through its procedures, as the pages and scripts call them: a host lists a home and opens
// dates, members find it and ask, the host answers, and each side is told (bell and mail).

let api: TestApi;
let host: SessionUser;
let ana: SessionUser;
let bea: SessionUser;
let cleo: SessionUser;
let homeId: string;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("hostess@club.test", { type: "Travel Host", name: "Helena Host" });
  ana = await api.member("ana@club.test", { type: "Standard", name: "Ana Guest" });
  bea = await api.member("bea@club.test", { type: "Founding", name: "Bea Guest" });
  cleo = await api.member("cleo@club.test", { type: "Standard", name: "Cleo Guest" });
});
afterAll(() => api.close());

const mailsTo = (email: string) => api.mailsTo(email);
const bell = async (who: SessionUser) => (await api.callerFor(who).notifications.list()).items.map((i) => i.text);

describe("Travel, end to end through the procedures", () => {
  it("only Travel Hosts list homes; the host opens windows", async () => {
    const fields = {
      title: "Garden flat",
      kind: "Flat",
      city: "Lisbon",
      region: "Alfama",
      country: "Portugal",
      address: "Rua das Flores 12, 2nd floor",
      sleeps: 3,
      bedrooms: 1,
      nightly_rate: 150,
      time_zone: "Europe/Lisbon",
    };
    await expect(api.callerFor(ana).homes.create(fields)).rejects.toThrow("Only Travel Hosts list homes");
    // An admin lists one for a host: one who exists, and is a Travel Host.
    const admin = await api.member("travel-admin@club.test", { type: "Standard", admin: true });
    await expect(
      api.callerFor(admin).homes.create({ ...fields, host_id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toThrow("No such member");
    await expect(api.callerFor(admin).homes.create({ ...fields, host_id: ana.id })).rejects.toThrow(
      "Homes are listed for Travel Hosts",
    );
    const home = await api.callerFor(host).homes.create(fields);
    expect(home).toMatchObject({ address: "Rua das Flores 12, 2nd floor", manages: true, your_rate: 0 });
    homeId = home.id;
    const { windows } = await api.callerFor(host).homes.setWindows({
      id: homeId,
      windows: [
        { from: "2031-07-01", to: "2031-07-20" },
        { from: "2031-07-15", to: "2031-08-01" },
      ],
    });
    expect(windows).toEqual([{ from: "2031-07-01", to: "2031-08-01" }]);
    const mine = await api.callerFor(host).homes.mine();
    expect(mine.homes.map((h) => h.title)).toEqual(["Garden flat"]);
    expect(mine.minimumNights).toBe(30);
  });

  it("a member finds it by dates and guests, sees her own rate, and never the address", async () => {
    const found = await api.callerFor(ana).homes.list({ arrive: "2031-07-10", depart: "2031-07-14", guests: 2 });
    expect(found).toEqual([expect.objectContaining({ title: "Garden flat", nightly_rate: 150, your_rate: 75 })]);
    expect(await api.callerFor(ana).homes.list({ arrive: "2031-08-10", depart: "2031-08-14" })).toEqual([]);
    expect(await api.callerFor(ana).homes.list({ guests: 4 })).toEqual([]);
    const seen = await api.callerFor(ana).homes.get({ id: homeId });
    expect(seen).not.toHaveProperty("address");
    expect(JSON.stringify(seen)).not.toContain("Rua das Flores");
    expect(seen).toMatchObject({
      your_rate: 75,
      your_discount: 50,
      manages: false,
      check_in: "16:00",
      check_out: "11:00",
    });
    await expect(api.callerFor(host).homes.update({ id: homeId, check_in: "4pm" })).rejects.toThrow(
      "The check-in time must look like 16:00.",
    );
    // A change names only what it changes: what it leaves out stays (it once took its default).
    await api.callerFor(host).homes.update({ id: homeId, check_out: "10:30" });
    expect(await api.callerFor(ana).homes.get({ id: homeId })).toMatchObject({ region: "Alfama", check_out: "10:30" });
    await api.callerFor(host).homes.update({ id: homeId, check_out: "11:00" });
  });

  it("a request tells the host in her bell and by mail; accepting one declines those it overlaps, each told", async () => {
    const first = await api.callerFor(ana).stays.request({
      homeId,
      arrive: "2031-07-10",
      depart: "2031-07-14",
      guests: 2,
      message: "We would love to visit.",
    });
    const second = await api
      .callerFor(bea)
      .stays.request({ homeId, arrive: "2031-07-12", depart: "2031-07-16", guests: 1 });
    expect(await bell(host)).toContain("Ana Guest asked to stay at “Garden flat”");
    const hostMails = await mailsTo("hostess@club.test");
    expect(hostMails.map((m) => m.subject)).toContain("Ana Guest asked to stay at “Garden flat”");
    expect(hostMails.find((m) => m.subject.startsWith("Ana"))?.text).toContain("We would love to visit.");

    // It opens a conversation between guest and host, her words first; an admin reads none of it.
    const asked = await api.callerFor(ana).stays.get({ id: first.id });
    expect(asked.conversation_id).toEqual(expect.any(String));
    expect((await api.callerFor(host).stays.get({ id: first.id })).conversation_id).toBe(asked.conversation_id);
    const talk = await api.callerFor(host).conversations.messages({ id: asked.conversation_id! });
    expect(talk.items.map((m) => [m.author?.name, m.text])).toEqual([
      [
        "Ana Guest",
        "I asked to stay at Garden flat, Jul 10, 2031 to Jul 14, 2031 · 4 nights.\n\nWe would love to visit.",
      ],
    ]);
    expect(
      (await api.callerFor(host).conversations.list()).items.find((c) => c.id === asked.conversation_id),
    ).toMatchObject({
      stay_id: first.id,
      unread: 1,
    });

    // The guest cannot answer her own request; a stranger does not see it at all.
    await expect(api.callerFor(ana).stays.accept({ id: first.id })).rejects.toThrow("Only the host");
    await expect(api.callerFor(cleo).stays.get({ id: first.id })).rejects.toThrow("Stay not found.");

    const accepted = await api.callerFor(host).stays.accept({ id: first.id });
    expect(accepted.message).toContain("1 overlapping request was declined");
    expect(await bell(ana)).toContain("Helena Host accepted your stay at “Garden flat”");
    expect(await bell(bea)).toContain("Your request to stay at “Garden flat” was declined");
    expect((await api.callerFor(bea).stays.get({ id: second.id })).status_reason).toBe(
      "Another stay was accepted for some of these nights.",
    );
    // The price she saw is the price kept: 4 nights at 150, half off.
    expect(await api.callerFor(ana).stays.get({ id: first.id })).toMatchObject({
      status: "accepted",
      total: 300,
      role: "guest",
    });

    // My club shows her next stay; Cleo has none. A server keeps her home no later than the day she
    // leaves begins in the home's zone (Lisbon: UTC in winter, an hour ahead in summer).
    const changesAt: Date[] = [];
    const { nextStay } = await api.callerFor(ana, { answerChangesAt: (at) => changesAt.push(at) }).home.get();
    expect(nextStay).toMatchObject({
      id: first.id,
      status: "accepted",
      homeTitle: "Garden flat",
      hostName: "Helena Host",
    });
    expect(changesAt).toContainEqual(new Date(`${nextStay!.depart}T00:00:00+01:00`));
    expect((await api.callerFor(cleo).home.get()).nextStay).toBeNull();

    // The address: hers now, nobody else's.
    expect((await api.callerFor(ana).homes.get({ id: homeId })).address).toBe("Rua das Flores 12, 2nd floor");
    expect(await api.callerFor(bea).homes.get({ id: homeId })).not.toHaveProperty("address");
    // Nor in a bell line or a mail about the stay.
    for (const m of await mailsTo("ana@club.test")) expect(m.text).not.toContain("Rua das Flores");

    // Her calendar file: all day from arrival to departure (DTEND exclusive), with the address.
    const file = await api.callerFor(ana).stays.calendarFile({ id: first.id });
    const vevent = new ICAL.Component(ICAL.parse(file.text)).getFirstSubcomponent("vevent")!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2031-07-10");
    expect(event.endDate.toString()).toBe("2031-07-14");
    expect(event.location).toContain("Rua das Flores 12");
    expect(event.description).toContain("Arrive from 16:00, leave by 11:00 (Europe/Lisbon)");
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");

    // The stay is in both members' private calendar feeds, under the file's UID, with the address;
    // Bea's declined request is there as cancelled (her calendar removes it), without the address.
    const secretOf = (url: string) => url.slice(url.lastIndexOf("/") + 1, -".ics".length);
    const feedEntry = async (who: SessionUser, stayId: string) => {
      const { url } = await api.callerFor(who).calendarFeed.reset({ includeOpen: false });
      const text = await api.callerFor(null).calendarFeed.feed({ secret: secretOf(url) });
      return new ICAL.Component(ICAL.parse(text))
        .getAllSubcomponents("vevent")
        .find((v) => v.getFirstPropertyValue("uid") === `stay-${stayId}@club`);
    };
    for (const who of [ana, host]) {
      const entry = await feedEntry(who, first.id);
      expect(entry?.getFirstPropertyValue("status")).toBe("CONFIRMED");
      expect(String(entry?.getFirstPropertyValue("location"))).toContain("Rua das Flores 12");
      expect(String(entry?.getFirstPropertyValue("dtend"))).toBe("2031-07-14");
    }
    const declinedEntry = await feedEntry(bea, second.id);
    expect(declinedEntry?.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(String(declinedEntry?.getFirstPropertyValue("location"))).not.toContain("Rua das Flores");

    // The home's own link, for another site's calendar: its taken nights as "Reserved", nothing more.
    await expect(api.callerFor(ana).homes.calendarLink({ id: homeId })).rejects.toThrow("Only the home's host");
    const link = await api.callerFor(host).homes.calendarLink({ id: homeId });
    expect(link.webcal).toMatch(/^webcal:\/\/.+\/homes\/calendar\/.+\.ics$/);
    const reserved = await api.callerFor(null).homes.calendarFeed({ secret: secretOf(link.url) });
    const taken = new ICAL.Component(ICAL.parse(reserved)).getAllSubcomponents("vevent");
    expect(
      taken.map((v) => [
        v.getFirstPropertyValue("summary"),
        String(v.getFirstPropertyValue("dtstart")),
        String(v.getFirstPropertyValue("dtend")),
      ]),
    ).toEqual([["Reserved", "2031-07-10", "2031-07-14"]]);
    expect(reserved).not.toMatch(/Ana|Rua das Flores|visit/);
    // A new link replaces the old one.
    await api.callerFor(host).homes.calendarLink({ id: homeId });
    await expect(api.callerFor(null).homes.calendarFeed({ secret: secretOf(link.url) })).rejects.toThrow(
      "This calendar link no longer works",
    );

    // Those nights are taken: another request for them is refused in words.
    await expect(
      api.callerFor(cleo).stays.request({ homeId, arrive: "2031-07-13", depart: "2031-07-15", guests: 1 }),
    ).rejects.toThrow("Some of these nights are already taken: choose other dates.");
    const july = await api.callerFor(cleo).homes.month({ id: homeId, month: "2031-07" });
    expect(july.find((d) => d.day === "2031-07-10")?.state).toBe("taken");
    expect(july.find((d) => d.day === "2031-07-14")?.state).toBe("open");
  });

  it("either may cancel with a reason: the other is told, the nights reopen, the address is hers no more", async () => {
    const [stay] = (await api.callerFor(ana).stays.list()).filter((s) => s.status === "accepted");
    await api.callerFor(ana).stays.cancel({ id: stay!.id, reason: "A family matter." });
    expect(await bell(host)).toContain("Ana Guest cancelled the stay at “Garden flat”");
    expect(await api.callerFor(ana).homes.get({ id: homeId })).not.toHaveProperty("address");
    const again = await api
      .callerFor(cleo)
      .stays.request({ homeId, arrive: "2031-07-13", depart: "2031-07-15", guests: 1 });
    expect(again.status).toBe("requested");
    // The host sees both requests in her list, as the host.
    const hers = await api.callerFor(host).stays.list();
    expect(hers.every((s) => s.role === "host")).toBe(true);
    expect(hers.map((s) => s.guest_name)).toEqual(expect.arrayContaining(["Ana Guest", "Bea Guest", "Cleo Guest"]));
  });

  it("withdrawing a home cancels its coming stays and tells their guests", async () => {
    await api.callerFor(host).homes.delete({ id: homeId });
    const subjects = (await mailsTo("cleo@club.test")).map((m) => m.subject);
    expect(subjects).toContain("Helena Host cancelled the stay at “Garden flat”");
    await expect(api.callerFor(cleo).homes.get({ id: homeId })).rejects.toThrow("Home not found.");
  });
});

describe("the demo's Travel", () => {
  it("has three homes open from tomorrow, and Fiona's accepted stay in the villa a month ahead, made once", async () => {
    const helena = await api.member("host@club.local", { type: "Travel Host", name: "Helena Host" });
    const fiona = await api.member("founding@club.local", { type: "Founding", name: "Fiona Founding" });
    const now = new Date("2027-03-10T12:00:00Z");
    await seedTravel(api.db, now);
    await seedTravel(api.db, now);
    const mine = await api.callerFor(helena).homes.mine();
    expect(mine.homes.map((h) => h.title).sort()).toEqual(["Garden flat in Alfama", "Lake cabin", "Olive grove villa"]);
    expect(mine.homes.every((h) => h.windows[0]?.from === "2027-03-11")).toBe(true);
    const [stay] = await api.callerFor(fiona).stays.list();
    expect(stay).toMatchObject({
      home_title: "Olive grove villa",
      status: "accepted",
      arrive: "2027-04-09",
      depart: "2027-04-14",
    });
  });
});

describe("what one member may cost a host", () => {
  it("at most 2 requests waiting for one home and 10 in all, each refusal in words; 20 homes a host", async () => {
    const hostess = await api.member("bounds-host@club.test", { type: "Travel Host", name: "Bound Host" });
    const asker = await api.member("bounds-asker@club.test", { type: "Standard", name: "Eager Asker" });
    const fields = {
      kind: "Flat",
      city: "Porto",
      country: "Portugal",
      address: "Rua 1",
      sleeps: 2,
      bedrooms: 1,
      nightly_rate: 100,
      time_zone: "Europe/Lisbon",
    };
    const ids: string[] = [];
    for (let i = 0; i < MAX_HOMES_PER_HOST; i++) {
      const { id } = await api.callerFor(hostess).homes.create({ ...fields, title: `Flat ${i}` });
      await api.callerFor(hostess).homes.setWindows({ id, windows: [{ from: "2031-05-01", to: "2031-06-01" }] });
      ids.push(id);
    }
    await expect(api.callerFor(hostess).homes.create({ ...fields, title: "One too many" })).rejects.toThrow(
      "A host lists at most 20 homes: withdraw one before listing another.",
    );
    const ask = (homeId: string, arrive: string, depart: string) =>
      api.callerFor(asker).stays.request({ homeId, arrive, depart, guests: 1 });
    await ask(ids[0]!, "2031-05-02", "2031-05-04");
    await ask(ids[0]!, "2031-05-10", "2031-05-12");
    await expect(ask(ids[0]!, "2031-05-20", "2031-05-22")).rejects.toThrow(
      "You already have 2 requests waiting for this home",
    );
    for (let i = 1; i <= 8; i++) await ask(ids[i]!, "2031-05-02", "2031-05-04");
    await expect(ask(ids[9]!, "2031-05-02", "2031-05-04")).rejects.toThrow(
      "You have 10 requests waiting for an answer",
    );
    // An answer frees a place: the host declines one, and she may ask again.
    const [one] = (await api.callerFor(asker).stays.list()).filter((s) => s.status === "requested");
    await api.callerFor(hostess).stays.decline({ id: one!.id });
    await expect(ask(ids[9]!, "2031-05-02", "2031-05-04")).resolves.toMatchObject({ status: "requested" });
  });
});
