import { sql } from "@club/db/orm";
import { auditSentence } from "@club/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";

// Travel's money: each member type's discount as the club sets it, and the club's ledger of stays'
// contributions (recorded, reversed, never edited, told in the audit log).

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

describe("the club's discounts", () => {
  it("are set by an admin per member type, in words when wrong; new requests take them, kept stays do not", async () => {
    const admin = await api.member("discount-admin@club.test", { type: "Standard", admin: true });
    const hostess = await api.member("discount-host@club.test", { type: "Travel Host", name: "Dora Discount" });
    const asker = await api.member("discount-asker@club.test", { type: "Standard", name: "Sara Standard" });
    const { id } = await api.callerFor(hostess).homes.create({
      title: "Vineyard house",
      kind: "House",
      city: "Stellenbosch",
      country: "South Africa",
      address: "2 Wine Road",
      sleeps: 4,
      bedrooms: 2,
      nightly_rate: 200,
      time_zone: "Africa/Johannesburg",
    });
    await api.callerFor(hostess).homes.setWindows({ id, windows: [{ from: "2031-10-01", to: "2031-11-01" }] });
    const before = await api
      .callerFor(asker)
      .stays.request({ homeId: id, arrive: "2031-10-02", depart: "2031-10-04", guests: 1 });

    await expect(
      api
        .callerFor(admin)
        .clubSettings.update({ travelDiscounts: { "Travel Host": 100, Founding: 80, Standard: 120 } }),
    ).rejects.toThrow("The Standard discount must be from 0 to 100.");
    const saved = await api
      .callerFor(admin)
      .clubSettings.update({ travelDiscounts: { "Travel Host": 100, Founding: 85, Standard: 70 } });
    expect(saved.travelDiscounts).toEqual({ "Travel Host": 100, Founding: 85, Standard: 70 });

    expect(await api.callerFor(asker).homes.get({ id })).toMatchObject({ your_discount: 70, your_rate: 60 });
    const after = await api
      .callerFor(asker)
      .stays.request({ homeId: id, arrive: "2031-10-10", depart: "2031-10-12", guests: 1 });
    expect(await api.callerFor(asker).stays.get({ id: after.id })).toMatchObject({ discount_percent: 70, total: 120 });
    expect(await api.callerFor(asker).stays.get({ id: before.id })).toMatchObject({ discount_percent: 50, total: 200 });
    await api
      .callerFor(admin)
      .clubSettings.update({ travelDiscounts: { "Travel Host": 100, Founding: 80, Standard: 50 } });
  });
});

describe("the club's ledger", () => {
  it("records a contribution once, reverses it when the stay is cancelled, never edits a line, and tells the audit log in words", async () => {
    const admin = await api.member("ledger-admin@club.test", { type: "Standard", admin: true, name: "Lena Ledger" });
    const hostess = await api.member("ledger-host@club.test", { type: "Travel Host", name: "Hedda Host" });
    const guest = await api.member("ledger-guest@club.test", { type: "Standard", name: "Gina Guest" });
    const { id } = await api.callerFor(hostess).homes.create({
      title: "Fjord house",
      kind: "House",
      city: "Ålesund",
      country: "Norway",
      address: "3 Fjordgata",
      sleeps: 4,
      bedrooms: 2,
      nightly_rate: 300,
      time_zone: "Europe/Oslo",
    });
    await api.callerFor(hostess).homes.setWindows({ id, windows: [{ from: "2031-08-01", to: "2031-09-01" }] });
    const stay = await api
      .callerFor(guest)
      .stays.request({ homeId: id, arrive: "2031-08-03", depart: "2031-08-05", guests: 2 });

    // Only an accepted stay's contribution is recorded; only by an admin.
    await expect(api.callerFor(admin).ledger.record({ stayId: stay.id, method: "Bank transfer" })).rejects.toThrow(
      "Only an accepted stay's contribution is recorded: this one is requested.",
    );
    await api.callerFor(hostess).stays.accept({ id: stay.id });
    const recorded = await api
      .callerFor(admin)
      .ledger.record({ stayId: stay.id, method: "Bank transfer", note: "Ref 42" });
    expect(recorded.message).toBe("$300 is recorded as received.");
    await expect(api.callerFor(admin).ledger.record({ stayId: stay.id, method: "Cash" })).rejects.toThrow(
      "This stay's contribution is already recorded as received.",
    );
    const [row] = (await api.callerFor(admin).ledger.list()).filter((r) => r.id === stay.id);
    expect(row).toMatchObject({ total: 300, received: 300, guest_name: "Gina Guest", home_title: "Fjord house" });
    expect(row?.lines).toEqual([
      expect.objectContaining({
        kind: "received",
        amount: 300,
        method: "Bank transfer",
        note: "Ref 42",
        recorded_by: "Lena Ledger",
      }),
    ]);

    // A line is never edited or removed: the database refuses, whatever the code does.
    const refusal = (words: string) => ({
      cause: expect.objectContaining({ message: expect.stringContaining(words) }),
    });
    await expect(
      api.db.execute(sql`update stay_payments set amount_cents = 1 where stay_id = ${stay.id}`),
    ).rejects.toMatchObject(refusal("never edited"));
    await expect(api.db.execute(sql`delete from stay_payments where stay_id = ${stay.id}`)).rejects.toMatchObject(
      refusal("never removed"),
    );

    // Cancelled after payment: a reversing line, and the net is nothing.
    await api.callerFor(guest).stays.cancel({ id: stay.id, reason: "Plans changed." });
    const [after] = (await api.callerFor(admin).ledger.list()).filter((r) => r.id === stay.id);
    expect(after).toMatchObject({ status: "cancelled", received: 0 });
    expect(after?.lines.map((l) => [l.kind, l.amount, l.recorded_by])).toEqual([
      ["received", 300, "Lena Ledger"],
      ["reversed", -300, "Gina Guest"],
    ]);

    // A home withdrawn takes its stays with it, never the ledger's lines: they show by what they kept.
    const later = await api
      .callerFor(guest)
      .stays.request({ homeId: id, arrive: "2031-08-20", depart: "2031-08-22", guests: 1 });
    await api.callerFor(hostess).stays.accept({ id: later.id });
    await api.callerFor(admin).ledger.record({ stayId: later.id, method: "Card" });
    await api.callerFor(hostess).homes.delete({ id });
    const gone = (await api.callerFor(admin).ledger.list()).filter((r) => r.home_title === "Fjord house");
    expect(gone.map((r) => [r.status, r.arrive, r.received, r.nightly_rate])).toEqual(
      expect.arrayContaining([
        ["removed", "2031-08-20", 0, null],
        ["removed", "2031-08-03", 0, null],
      ]),
    );
    expect(gone.find((r) => r.arrive === "2031-08-20")?.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["received", 300],
      ["reversed", -300],
    ]);

    // The audit log tells each act in words.
    const { items } = await api.callerFor(admin).audit.list({ limit: 50 });
    const words = items.filter((r) => r.targetId === stay.id).map((r) => auditSentence(r));
    expect(words).toEqual(
      expect.arrayContaining([
        "Gina Guest asked to stay at “Fjord house”, August 3, 2031 to August 5, 2031 (2 nights).",
        "Hedda Host accepted Gina Guest’s stay at “Fjord house”, August 3, 2031 to August 5, 2031 (2 nights).",
        "Lena Ledger recorded $300 received for Gina Guest’s stay at “Fjord house”, August 3, 2031 to August 5, 2031 (2 nights) (bank transfer).",
        "Gina Guest cancelled their stay at “Fjord house”, August 3, 2031 to August 5, 2031 (2 nights): Plans changed.",
        "Gina Guest reversed $300 paid for their stay at “Fjord house”, August 3, 2031 to August 5, 2031 (2 nights): Plans changed.",
      ]),
    );
  });
});
