import { endSessionsAndTokens, verifyPassword } from "@club/auth";
import {
  applications,
  cancelledEvents,
  clubSettings,
  comments,
  eventParticipants,
  events,
  eventWaitlist,
  media,
  messages,
  notifications,
  profiles,
  type Queryable,
  registrationTokens,
  users,
} from "@club/db";
import { eq, inArray, sql } from "@club/db/orm";
import { accountDeletedMail, enqueueMail } from "@club/mail";
import type { DeletedMemberContent } from "@club/shared";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { badRequest, conflict } from "../../errors";
import { requireDeletable } from "../access";
import { type AuditActor, recordAudit } from "../audit/record";
import { leaveWithin, type RsvpContext } from "../events/rsvp";
import { confirmWithPasskey } from "../passkeys/confirm";
import { endTravelOf } from "../travel/acts";
import { emitWebhook } from "../webhooks/emit";
import { MEMBER_NOT_FOUND } from "./users";

/**
 * Deleting an account (docs/decisions/README.md, "Deleting an account"): in one transaction, every row
 * that names her goes (most by their foreign keys' ON DELETE CASCADE), her seats go to the
 * waitlists, the events she created pass to an administrator, and her comments and uploads are
 * kept as a "Former member"'s or removed, as the club's DELETED_MEMBER_CONTENT says. Her stored
 * files are removed by a `media.delete-objects` job sent in that transaction. The audit log keeps
 * its records (append-only; they name her e-mail as it was): the club's record of what happened.
 */

export interface DeletionContext extends RsvpContext {
  config: RsvpContext["config"] & { deletedMemberContent: DeletedMemberContent };
}

/** Who deletes: she herself (Settings), an admin (User Management), or the command line. */
export type Deleter = { kind: "self" } | { kind: "admin"; adminId: string } | { kind: "command line" };

export const WRONG_PASSWORD = "The password is not correct.";
export const NO_ADMIN_TO_TAKE_EVENTS =
  "This member created events and the club has no administrator to pass them to: make a member an administrator first.";

/** How she proves it is her (Settings): her password, or one of her passkeys, re-entered. */
export type Reentry = { password: string } | { passkey: AuthenticationResponseJSON };

/** Refuses unless the password or passkey she re-entered is hers. */
export async function requireReentry(
  ctx: Parameters<typeof confirmWithPasskey>[0],
  userId: string,
  proof: Reentry,
): Promise<void> {
  if ("passkey" in proof) return confirmWithPasskey(ctx, userId, proof.passkey);
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, proof.password))) throw badRequest(WRONG_PASSWORD);
}

export interface DeletionSummary {
  email: string;
  content: DeletedMemberContent;
  comments: number;
  media: number;
  eventsPassed: number;
  eventsPassedTo: string | null;
  seatsFreed: number;
  promoted: number;
}

/**
 * What deleting her account would do, as the dialog tells her before she confirms: what becomes
 * of her comments and uploads (the club's DELETED_MEMBER_CONTENT), and how many there are.
 */
export async function deletionPreview(ctx: DeletionContext, userId: string) {
  const counts = await countContent(ctx.db, userId);
  const [created] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(eq(events.createdBy, userId));
  return { content: ctx.config.deletedMemberContent, ...counts, events: created?.n ?? 0 };
}

/** Deletes the member's account as described above; returns what was done (also the audit record's detail). */
export async function deleteAccount(
  ctx: DeletionContext,
  userId: string,
  deleter: Deleter,
  actor: AuditActor,
): Promise<DeletionSummary> {
  const content = ctx.config.deletedMemberContent;
  return ctx.db.transaction(async (tx) => {
    const { member, otherAdmins } = await requireDeletable(tx, userId, deleter.kind === "self");

    const eventsPassed = await passOnEvents(tx, member.id, deleter, otherAdmins);
    const seats = await giveUpSeats(ctx, tx, member.id);
    const kept = content === "remove" ? await removeContent(ctx, tx, member.id) : await countContent(tx, member.id);

    // Her portrait's files go with her profile's row (removed by the foreign key).
    const [portrait] = await tx
      .select({ prefix: profiles.portraitPrefix })
      .from(profiles)
      .where(eq(profiles.userId, member.id));
    if (portrait?.prefix) await ctx.jobs.send("media.delete-objects", { prefixes: [portrait.prefix] }, { tx });

    // Her homes and coming stays: the other side of each is told before the rows go.
    await endTravelOf(
      tx,
      {
        jobs: ctx.jobs,
        appOrigin: ctx.config.appOrigin,
        by: { id: actor.id, name: actor.email ?? "The club", audit: actor },
      },
      member.id,
    );

    // What she applied with, by her e-mail: the application, its properties, unused registration links.
    await tx.delete(registrationTokens).where(eq(registrationTokens.email, member.email));
    await tx.delete(applications).where(eq(applications.email, member.email));
    // Rows naming her without a foreign key.
    await tx
      .update(cancelledEvents)
      .set({ memberIds: sql`array_remove(${cancelledEvents.memberIds}, ${member.id}::uuid)` })
      .where(sql`${member.id}::uuid = any(${cancelledEvents.memberIds})`);
    await tx.update(clubSettings).set({ updatedBy: null }).where(eq(clubSettings.updatedBy, member.id));
    // Others' notifications of what she did ("Ana and 2 others liked …") no longer name her: they
    // keep their count and read "A former member" where she was the only one.
    await tx
      .update(notifications)
      .set({ actorIds: sql`array_remove(${notifications.actorIds}, ${member.id}::uuid)` })
      .where(sql`${member.id}::uuid = any(${notifications.actorIds})`);
    // Her mail preferences are columns of her row, gone with it; unsubscribe links keep no row (an
    // HMAC of her id), and one of hers answers "not found" once she is gone. Her data exports'
    // rows go with her (cascade) and their files with the next housekeeping (unreferenced objects).

    // Sessions through the one way they end (the servers' session caches hear of it), then the
    // account: sessions' confirmations, passkeys, identities, sign-ins under way, challenges, API
    // tokens, reset links, likes, invitations to her, her feed go by ON DELETE CASCADE; invitations
    // she sent, codes she made and applications she decided keep their rows without her (SET NULL).
    await endSessionsAndTokens(tx, member.id);
    const gone = await tx.delete(users).where(eq(users.id, member.id)).returning({ id: users.id });
    if (gone.length === 0) throw conflict(MEMBER_NOT_FOUND);

    const summary: DeletionSummary = {
      email: member.email,
      content,
      ...kept,
      eventsPassed: eventsPassed.count,
      eventsPassedTo: eventsPassed.to,
      ...seats,
    };
    const { email: _, ...detail } = summary;
    await recordAudit(tx, actor, {
      kind: "member.deleted",
      targetId: member.id,
      targetEmail: member.email,
      detail: { by: deleter.kind, ...detail },
    });
    // Her e-mail too: what the club's other systems know her by, to forget her there as well.
    await emitWebhook(tx, ctx.jobs, "member.deleted", { id: member.id, email: member.email, by: deleter.kind });
    // She deleted it herself: a confirmation of what was done, to the address she had (queued
    // with the deletion, so it goes exactly when the deletion happened).
    if (deleter.kind === "self") {
      await enqueueMail(tx, ctx.jobs, [{ to: member.email, ...accountDeletedMail(member.name, summary) }]);
    }
    return summary;
  });
}

/**
 * The events she created pass to the admin deleting her, else to the longest-standing admin;
 * with no admin at all, the deletion is refused (an event must have someone to manage it).
 */
async function passOnEvents(
  tx: Queryable,
  userId: string,
  deleter: Deleter,
  otherAdmins: { id: string; email: string; createdAt: Date }[],
): Promise<{ count: number; to: string | null }> {
  const created = await tx.select({ id: events.id }).from(events).where(eq(events.createdBy, userId));
  if (created.length === 0) return { count: 0, to: null };
  const deletingAdmin = deleter.kind === "admin" ? otherAdmins.find((a) => a.id === deleter.adminId) : undefined;
  const senior = [...otherAdmins].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1),
  )[0];
  const heir = deletingAdmin ?? senior;
  if (!heir) throw conflict(NO_ADMIN_TO_TAKE_EVENTS);
  await tx.update(events).set({ createdBy: heir.id }).where(eq(events.createdBy, userId));
  return { count: created.length, to: heir.email };
}

/**
 * She leaves every event she joined or waits for, as "Leave" does: each event locked (in id order,
 * as many deletions may run at once), her seat freed, her reminder cancelled, and the first on the
 * waitlist moved up (and mailed) in this same transaction.
 */
async function giveUpSeats(ctx: DeletionContext, tx: Queryable, userId: string) {
  const joined = await tx
    .select({ eventId: eventParticipants.eventId })
    .from(eventParticipants)
    .where(eq(eventParticipants.userId, userId));
  const waiting = await tx
    .select({ eventId: eventWaitlist.eventId })
    .from(eventWaitlist)
    .where(eq(eventWaitlist.userId, userId));
  const eventIds = [...new Set([...joined, ...waiting].map((r) => r.eventId))].sort();
  let seatsFreed = 0;
  let promoted = 0;
  for (const eventId of eventIds) {
    const left = await leaveWithin(ctx, tx, eventId, userId);
    if (left.seatFreed) seatsFreed += 1;
    promoted += left.promoted;
  }
  return { seatsFreed, promoted };
}

/** Anonymise: her comments and uploads stay (their author becomes null by the foreign key); counted. */
async function countContent(tx: Queryable, userId: string) {
  const [c] = await tx.select({ n: sql<number>`count(*)::int` }).from(comments).where(eq(comments.userId, userId));
  const [m] = await tx.select({ n: sql<number>`count(*)::int` }).from(media).where(eq(media.uploadedBy, userId));
  return { comments: c?.n ?? 0, media: m?.n ?? 0 };
}

/**
 * Remove: her comments (their likes by the foreign key) and her media items, with the comments
 * others wrote on them; their stored objects are removed by a job sent in this transaction (the
 * store is not transactional: a file removed before a rollback would be lost for good).
 */
async function removeContent(ctx: DeletionContext, tx: Queryable, userId: string) {
  const items = await tx
    .select({ id: media.id, objectPrefix: media.objectPrefix })
    .from(media)
    .where(eq(media.uploadedBy, userId));
  const ids = items.map((i) => i.id);
  if (ids.length > 0) {
    await tx.delete(comments).where(inArray(comments.commentableId, ids));
    await tx.delete(media).where(inArray(media.id, ids));
    await ctx.jobs.send("media.delete-objects", { prefixes: items.map((i) => i.objectPrefix) }, { tx });
  }
  const removed = await tx.delete(comments).where(eq(comments.userId, userId)).returning({ id: comments.id });
  // Her messages go too (kept, they read "Former member": the foreign key sets their author to null).
  await tx.delete(messages).where(eq(messages.authorId, userId));
  return { comments: removed.length, media: ids.length };
}
