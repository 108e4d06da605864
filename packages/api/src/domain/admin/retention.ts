import {
  apiTokens,
  cancelledEvents,
  deletedRows,
  eventInvitations,
  invitationCodes,
  passwordResetTokens,
  type Queryable,
  registrationTokens,
  sessionConfirmations,
  webhookDeliveries,
} from "@club/db";
import { and, isNotNull, isNull, lt, ne, or, sql } from "@club/db/orm";
import { deleteExpiredIdempotencyKeys } from "../idempotency/requests";
import { deleteExpiredChallenges } from "../passkeys/ceremony";

/**
 * How long a link or code is kept once it stopped working: long enough for an admin to see why a
 * member's link failed, short enough that the database does not keep every secret's trace.
 */
export const RETENTION_DAYS = {
  oneTimeTokens: 30,
  invitationCodes: 90,
  cancelledEvents: 60,
  webhookDeliveries: 30,
  /** What a sync asking for changes learns went (`updated_since`): a sync a month behind lists everything again. */
  deletedRows: 30,
} as const;

const daysAgo = (days: number) => sql`now() - ${days}::integer * interval '1 day'`;

/**
 * Deletes the one-time tokens (registration, password-reset and session confirmation links,
 * unaccepted event invitations), API tokens and invitation codes that expired, or were used or revoked, longer ago
 * than their retention. Accepted event invitations stay: they are what lets a member see the event.
 * Returns how many rows of each went.
 */
export async function deleteExpiredRecords(db: Queryable): Promise<Record<string, number>> {
  const tokens = daysAgo(RETENTION_DAYS.oneTimeTokens);
  const codes = daysAgo(RETENTION_DAYS.invitationCodes);
  const registration = await db
    .delete(registrationTokens)
    .where(or(lt(registrationTokens.expiresAt, tokens), lt(registrationTokens.usedAt, tokens)))
    .returning({ id: registrationTokens.id });
  const reset = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, tokens), lt(passwordResetTokens.usedAt, tokens)))
    .returning({ id: passwordResetTokens.id });
  const invitations = await db
    .delete(eventInvitations)
    .where(and(isNull(eventInvitations.acceptedAt), lt(eventInvitations.expiresAt, tokens)))
    .returning({ id: eventInvitations.id });
  const api = await db
    .delete(apiTokens)
    .where(or(and(isNotNull(apiTokens.expiresAt), lt(apiTokens.expiresAt, tokens)), lt(apiTokens.revokedAt, tokens)))
    .returning({ id: apiTokens.id });
  const invitationCodesGone = await db
    .delete(invitationCodes)
    .where(or(lt(invitationCodes.expiresAt, codes), lt(invitationCodes.revokedAt, codes)))
    .returning({ id: invitationCodes.id });
  // Calendar feeds have carried the cancellation long enough for every calendar to have seen it.
  const cancellations = await db
    .delete(cancelledEvents)
    .where(lt(cancelledEvents.cancelledAt, daysAgo(RETENTION_DAYS.cancelledEvents)))
    .returning({ id: cancelledEvents.eventId });
  // A passkey challenge is worth nothing once expired: no retention.
  const challenges = await deleteExpiredChallenges(db);
  // Used or not, a session confirmation link is kept as long as the other one-time tokens.
  const confirmations = await db
    .delete(sessionConfirmations)
    .where(lt(sessionConfirmations.expiresAt, tokens))
    .returning({ id: sessionConfirmations.id });
  // A webhook message's log is kept a month, delivered or failed (one still to deliver stays).
  const webhookMessages = await db
    .delete(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.createdAt, daysAgo(RETENTION_DAYS.webhookDeliveries)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  const deletions = await db
    .delete(deletedRows)
    .where(lt(deletedRows.deletedAt, daysAgo(RETENTION_DAYS.deletedRows)))
    .returning({ id: deletedRows.id });
  // A retry's key names its request for a day; past it, the kept answer is of no use.
  const idempotencyKeys = await deleteExpiredIdempotencyKeys(db);
  return {
    idempotencyKeys,
    deletedRows: deletions.length,
    webhookDeliveries: webhookMessages.length,
    sessionConfirmations: confirmations.length,
    webauthnChallenges: challenges,
    cancelledEvents: cancellations.length,
    registrationTokens: registration.length,
    passwordResetTokens: reset.length,
    eventInvitations: invitations.length,
    apiTokens: api.length,
    invitationCodes: invitationCodesGone.length,
  };
}
