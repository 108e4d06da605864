import type { Db, Queryable } from "@club/db";
import { homes, stayPayments, stays, users } from "@club/db";
import { aliasedTable, asc, desc, eq, inArray, isNull, or } from "@club/db/orm";
import type { PaymentMethod } from "@club/shared";
import { conflict, notFound } from "../../errors";
import { STAY_NOT_FOUND } from "../access";
import type { AuditActor } from "../audit/record";
import { auditStay } from "./audit";
import { stayRow } from "./views";

/** The most stays the ledger answers at once (newest arrival first); the CSV holds the same. */
export const LEDGER_MAX = 1000;

/** Who records a line: her id and name as the ledger keeps them, and her as the audit log keeps her. */
export interface Recorder {
  id: string | null;
  name: string;
  audit: AuditActor;
}

const units = (cents: number) => cents / 100;

/** What has been received for a stay, net of reversals, in cents. */
async function netReceived(db: Queryable, stayId: string): Promise<{ net: number; method: string | null }> {
  const rows = await db
    .select({ amount: stayPayments.amountCents, method: stayPayments.method })
    .from(stayPayments)
    .where(eq(stayPayments.stayId, stayId))
    .orderBy(asc(stayPayments.recordedAt));
  return {
    net: rows.reduce((sum, r) => sum + r.amount, 0),
    method: rows.filter((r) => r.amount > 0).at(-1)?.method ?? null,
  };
}

/**
 * An admin records a stay's contribution as received: one line for what is still owed (the price
 * kept on the stay), who recorded it, when and how, and its sentence in the audit log. Only an
 * accepted stay with something to pay; never twice.
 */
export async function recordPayment(
  db: Db,
  recorder: Recorder,
  stayId: string,
  payment: { method: PaymentMethod; note?: string | undefined },
): Promise<{ amount: number }> {
  return db.transaction(async (tx) => {
    // One recorder at a time per stay: two admins pressing at once cannot both record it.
    const [locked] = await tx.select({ id: stays.id }).from(stays).where(eq(stays.id, stayId)).for("update");
    if (!locked) throw notFound(STAY_NOT_FOUND);
    const row = await stayRow(tx, stayId);
    if (row.stay.status !== "accepted") {
      throw conflict(`Only an accepted stay's contribution is recorded: this one is ${row.stay.status}.`);
    }
    if (row.stay.totalCents === 0) throw conflict("This stay is free: there is no contribution to record.");
    const { net } = await netReceived(tx, stayId);
    const owed = row.stay.totalCents - net;
    if (owed <= 0) throw conflict("This stay's contribution is already recorded as received.");
    await tx.insert(stayPayments).values({
      stayId,
      kind: "received",
      amountCents: owed,
      method: payment.method,
      note: payment.note ?? "",
      recordedBy: recorder.id,
      recordedByName: recorder.name,
      homeTitle: row.homeTitle,
      guestName: row.guestName,
      arrive: row.stay.arrive,
      depart: row.stay.depart,
    });
    await auditStay(tx, recorder.audit, stayId, "stay.payment_recorded", { amount: owed, method: payment.method });
    return { amount: units(owed) };
  });
}

/**
 * A paid stay is cancelled (in the cancellation's transaction): a reversing line for what was
 * received, so the ledger shows it is owed back; nothing when nothing was received.
 */
export async function reverseIfPaid(tx: Queryable, recorder: Recorder, stayId: string, reason: string) {
  const { net, method } = await netReceived(tx, stayId);
  if (net <= 0) return;
  const row = await stayRow(tx, stayId);
  await tx.insert(stayPayments).values({
    stayId,
    kind: "reversed",
    amountCents: -net,
    method: method ?? "Other",
    note: reason,
    recordedBy: recorder.id,
    recordedByName: recorder.name,
    homeTitle: row.homeTitle,
    guestName: row.guestName,
    arrive: row.stay.arrive,
    depart: row.stay.depart,
  });
  await auditStay(tx, recorder.audit, stayId, "stay.payment_reversed", { amount: -net, reason });
}

const guestUsers = aliasedTable(users, "ledger_guests");

/**
 * The club's ledger (admins): every accepted stay, and every stay a line was recorded for (one that
 * is gone too), newest arrival first, with its nights, its contribution, what was received net of
 * reversals, and its lines.
 */
export async function ledger(db: Queryable) {
  const withLines = db.select({ id: stayPayments.stayId }).from(stayPayments);
  const rows = await db
    .select({
      id: stays.id,
      status: stays.status,
      homeTitle: homes.title,
      guestName: guestUsers.name,
      arrive: stays.arrive,
      depart: stays.depart,
      nights: stays.nights,
      nightlyRateCents: stays.nightlyRateCents,
      discountPercent: stays.discountPercent,
      totalCents: stays.totalCents,
    })
    .from(stays)
    .innerJoin(homes, eq(homes.id, stays.homeId))
    .innerJoin(guestUsers, eq(guestUsers.id, stays.guestId))
    .where(or(eq(stays.status, "accepted"), inArray(stays.id, withLines)))
    .orderBy(desc(stays.arrive), desc(stays.createdAt))
    .limit(LEDGER_MAX);
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .select()
        .from(stayPayments)
        .where(inArray(stayPayments.stayId, ids))
        .orderBy(asc(stayPayments.recordedAt), asc(stayPayments.id))
    : [];
  const lineOf = (l: typeof stayPayments.$inferSelect) => ({
    id: l.id,
    kind: l.kind as "received" | "reversed",
    amount: units(l.amountCents),
    method: l.method,
    note: l.note,
    recorded_by: l.recordedByName,
    recorded_at: l.recordedAt,
  });
  // Each stay's lines, read once (a thousand stays, each looking through every line, was a million steps).
  const linesByStay = new Map<string, (typeof lines)[number][]>();
  for (const l of lines) {
    if (!l.stayId) continue;
    const own = linesByStay.get(l.stayId);
    if (own) own.push(l);
    else linesByStay.set(l.stayId, [l]);
  }
  const kept = rows.map((r) => {
    const own = linesByStay.get(r.id) ?? [];
    const received = own.reduce((sum, l) => sum + l.amountCents, 0);
    return {
      id: r.id,
      status: r.status as LedgerStatus,
      home_title: r.homeTitle,
      guest_name: r.guestName,
      arrive: r.arrive,
      depart: r.depart,
      nights: r.nights,
      nightly_rate: units(r.nightlyRateCents) as number | null,
      discount_percent: r.discountPercent as number | null,
      total: units(r.totalCents),
      received: units(received),
      lines: own.map(lineOf),
    };
  });
  return [...kept, ...(await linesOfRemovedStays(db)).map((group) => removedRow(group, lineOf))].sort((a, b) =>
    b.arrive.localeCompare(a.arrive),
  );
}

type LedgerStatus = "requested" | "accepted" | "declined" | "expired" | "cancelled" | "removed";

/**
 * The lines of stays that are gone (their home withdrawn, or a member's account deleted): the
 * ledger keeps them, and shows them by what each line kept (home, guest, days), a row per stay.
 */
async function linesOfRemovedStays(db: Queryable) {
  const orphans = await db
    .select()
    .from(stayPayments)
    .where(isNull(stayPayments.stayId))
    .orderBy(asc(stayPayments.recordedAt), asc(stayPayments.id))
    .limit(LEDGER_MAX);
  const groups = new Map<string, (typeof orphans)[number][]>();
  for (const l of orphans) {
    const key = [l.homeTitle, l.guestName, l.arrive, l.depart].join("\u0000");
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  return [...groups.values()];
}

function removedRow<L>(
  group: (typeof stayPayments.$inferSelect)[],
  lineOf: (l: typeof stayPayments.$inferSelect) => L,
) {
  const [first] = group as [typeof stayPayments.$inferSelect];
  const received = group.reduce((sum, l) => sum + l.amountCents, 0);
  const paid = group.filter((l) => l.amountCents > 0).reduce((sum, l) => sum + l.amountCents, 0);
  return {
    id: first.id,
    status: "removed" as LedgerStatus,
    home_title: first.homeTitle,
    guest_name: first.guestName,
    arrive: first.arrive,
    depart: first.depart,
    nights: Math.round((Date.parse(first.depart) - Date.parse(first.arrive)) / 86_400_000),
    // What the stay's price was made of went with it; what was paid is what the lines say.
    nightly_rate: null as number | null,
    discount_percent: null as number | null,
    total: units(paid),
    received: units(received),
    lines: group.map(lineOf),
  };
}
export type LedgerRow = Awaited<ReturnType<typeof ledger>>[number];
