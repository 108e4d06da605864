import type { Queryable } from "@club/db";
import type { AuditKind } from "@club/shared";
import { type AuditActor, recordAudit } from "../audit/record";
import { stayRow } from "./views";

/**
 * A stay's act in the audit log, in its transaction: what the log's sentence reads (the home, the
 * guest, the nights, the contribution, a reason) as they are now. Never the address or a message.
 */
export async function auditStay(
  tx: Queryable,
  actor: AuditActor,
  stayId: string,
  kind: Extract<AuditKind, `stay.${string}`>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const row = await stayRow(tx, stayId);
  await recordAudit(tx, actor, {
    kind,
    targetId: stayId,
    targetEmail: row.guestEmail,
    detail: {
      home: row.homeTitle,
      homeId: row.stay.homeId,
      guest: row.guestName,
      guestId: row.stay.guestId,
      host: row.hostName,
      arrive: row.stay.arrive,
      depart: row.stay.depart,
      nights: row.stay.nights,
      total: row.stay.totalCents,
      ...extra,
    },
  });
}
