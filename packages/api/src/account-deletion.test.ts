import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { createApiToken, createSession, generateToken, hashToken, type SessionUser } from "@club/auth";
import {
  applications,
  auditLog,
  cancelledEvents,
  commentLikes,
  comments,
  deletedRows,
  eventInvitations,
  eventParticipants,
  events,
  eventWaitlist,
  mailOutbox,
  media,
  oidcLogins,
  passkeys,
  rowsOf,
  sessionConfirmations,
  userIdentities,
  users,
  webauthnChallenges,
} from "@club/db";
import { eq, type SQL, sql } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LAST_ADMIN_OTHER, LAST_ADMIN_SELF } from "./domain/access";
import { deleteAccount, WRONG_PASSWORD } from "./domain/account/deletion";
import { operatorActor } from "./domain/audit/record";
import { resetFeed } from "./domain/events/feed";
import { deleteStoredObjects } from "./domain/media/delete";
import { createInvitationCode } from "./domain/membership/invitation-codes";
import { createPasswordResetToken, createRegistrationToken } from "./domain/ways-in/one-time-tokens";
import { type TestApi, testApi } from "./test/api";
import { applicationWith } from "./test/application";
import { SoftPasskey } from "./test/authenticator";
import { storeTestSession } from "./test/cell";

let api: TestApi;
let admin: SessionUser;
let host: SessionUser;
beforeAll(async () => {
  api = await testApi();
  // The longest-standing admin: she inherits events when nobody else deletes.
  admin = await api.member("admin@del.test", { admin: true, name: "Ada Admin" });
  host = await api.member("host@del.test", { type: "Founding", name: "Hostess" });
});
afterAll(() => api.close());

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof TRPCError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
};

/** A media item of hers with two stored objects in the test store. */
async function storedItem(userId: string, eventId: string | null) {
  const prefix = `media/${randomUUID()}`;
  for (const name of ["original.jpg", "display.webp"]) {
    await api.store.put(`${prefix}/${name}`, Readable.from([Buffer.from("bytes")]), "image/jpeg", 5);
  }
  const [row] = await api.db
    .insert(media)
    .values({
      objectPrefix: prefix,
      storageKey: `${prefix}/display.webp`,
      mediaType: "image",
      contentType: "image/webp",
      sizeBytes: 5,
      uploadedBy: userId,
      associatedEventId: eventId,
      title: "Her photo",
    })
    .returning({ id: media.id });
  return { id: row!.id, prefix };
}

/**
 * A member with a row in every table that can hold her id: sessions (and a confirmation), API
 * token, passkey, identity, a provider sign-in under way, a challenge, reset and registration
 * links, an application, a feed, comments and likes, media with files, an event she created, a
 * seat at a full event with a waitlist, a waitlist place, invitations to her and from her, and a
 * cancelled event naming her.
 */
async function busyMember(email: string, options: { admin?: boolean } = {}) {
  const mia = await api.member(email, { name: "Mia", type: "Founding", admin: options.admin ?? false });
  const other = await api.member(`other-${randomUUID()}@del.test`, { name: "Olga" });
  const waiting = await api.member(`waiting-${randomUUID()}@del.test`, { name: "Wendy" });
  const db = api.db;
  const miaCaller = api.callerFor(mia);

  await createSession(db, mia.id, { userAgent: "Firefox", ip: "10.0.0.1" });
  await storeTestSession(db, mia.id, null);
  await db.insert(sessionConfirmations).values({
    tokenHash: hashToken(generateToken()),
    userId: mia.id,
    sessionId: `session-${mia.id}`,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await createApiToken(db, { userId: mia.id, name: "script", scope: "read" });
  const key = new SoftPasskey();
  await db.insert(passkeys).values(key.storedFor(mia.id));
  await db.insert(userIdentities).values({ userId: mia.id, issuer: "https://idp.test", subject: randomUUID() });
  await db.insert(oidcLogins).values({
    stateHash: randomUUID(),
    nonce: "n",
    codeVerifier: "v",
    intent: "link",
    userId: mia.id,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await db.insert(webauthnChallenges).values({
    challenge: randomUUID(),
    purpose: "register",
    userId: mia.id,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await createPasswordResetToken(db, mia.id);
  const [application] = await db
    .insert(applications)
    .values({ fullName: "Mia", email, reason: "r", membershipType: "Founding", accepted: true })
    .returning({ id: applications.id });
  await createRegistrationToken(db, { email, applicationId: application!.id, memberType: "Founding" });
  await resetFeed(db, mia.id, false);

  // Her event, with a comment of hers, and an item of hers.
  const own = await miaCaller.events.create({ title: "Mia's picnic", event_date: "2027-06-01" });
  // A full event (two seats: its host's and hers) where Wendy waits.
  const full = await api.callerFor(host).events.create({ title: "Supper", event_date: "2027-06-02", capacity: 2 });
  await miaCaller.events.join({ id: full.id });
  await api.callerFor(waiting).events.join({ id: full.id });
  // A full event where she waits behind Olga.
  const queue = await api.callerFor(host).events.create({ title: "Queue", event_date: "2027-06-03", capacity: 2 });
  await api.callerFor(other).events.join({ id: queue.id });
  await miaCaller.events.join({ id: queue.id });
  // An invite-only event of the host's she is invited to; one of hers Olga is invited to.
  const invited = await api.callerFor(host).events.create({
    title: "Private",
    event_date: "2027-06-04",
    exclusivity: "invite-only",
  });
  const mine = await miaCaller.events.create({ title: "Mine", event_date: "2027-06-05", exclusivity: "invite-only" });
  for (const [eventId, inviteeId, invitedBy] of [
    [invited.id, mia.id, host.id],
    [mine.id, other.id, mia.id],
  ] as const) {
    await db.insert(eventInvitations).values({
      tokenHash: hashToken(generateToken()),
      eventId,
      inviteeId,
      invitedBy,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  await db.insert(cancelledEvents).values({
    eventId: randomUUID(),
    exclusivity: "open",
    calendar: {},
    slug: `gone-${randomUUID()}`,
    sequence: 1,
    memberIds: [mia.id, other.id],
  });

  const item = await storedItem(mia.id, full.id);
  const hostComment = await api.callerFor(host).comments.create({ commentableId: full.id, content: "Welcome" });
  await miaCaller.comments.like({ id: hostComment.id });
  const miaComment = await miaCaller.comments.create({ commentableId: full.id, content: "See you there" });
  await api.callerFor(other).comments.like({ id: miaComment.id });
  // Olga's comment on Mia's photo.
  const onItem = await api.callerFor(other).comments.create({ commentableId: item.id, content: "Nice photo" });

  return { mia, other, waiting, key, own, full, queue, invited, mine, item, miaComment, onItem };
}

/**
 * Every uuid (and uuid[]) column of every table but the audit log and the record that her account
 * went (her id and when, nothing else, kept a month so that a sync tells the club's other systems
 * to forget her too): none may still name her.
 */
async function rowsNaming(userId: string): Promise<string[]> {
  const columns = rowsOf(
    await api.db.execute(sql`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name not in ('audit_log', 'deleted_rows')
        and (data_type = 'uuid' or (data_type = 'ARRAY' and udt_name = '_uuid'))`),
    z.object({ table_name: z.string(), column_name: z.string(), data_type: z.string() }),
  );
  const found: string[] = [];
  for (const c of columns) {
    const match =
      c.data_type === "ARRAY"
        ? sql`${userId}::uuid = any(${sql.identifier(c.column_name)})`
        : sql`${sql.identifier(c.column_name)} = ${userId}::uuid`;
    const n = await count(sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${match}`);
    if (n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

/** Comments on nothing (their event or item gone) and likes of nothing. */
async function orphans() {
  return count(sql`
    select (select count(*) from comments c
             where not exists (select 1 from events e where e.id = c.commentable_id)
               and not exists (select 1 from media m where m.id = c.commentable_id))::int
         + (select count(*) from comment_likes l
             where not exists (select 1 from comments c where c.id = l.comment_id))::int as n`);
}

/** Runs the waiting `media.delete-objects` jobs, as the server's worker does. */
async function runDeleteJobs() {
  const jobs = rowsOf(
    await api.db.execute(sql`select data from pgboss.job where name = 'media.delete-objects' and state = 'created'`),
    z.object({ data: z.object({ prefixes: z.array(z.string()) }) }),
  );
  for (const j of jobs) await deleteStoredObjects(api.store, j.data.prefixes);
  await api.db.execute(sql`update pgboss.job set state = 'completed' where name = 'media.delete-objects'`);
}

async function count(query: SQL): Promise<number> {
  return rowsOf(await api.db.execute(query), z.object({ n: z.number() }))[0]?.n ?? 0;
}

const stored = async (prefix: string) => (await api.store.stat(`${prefix}/original.jpg`)) !== undefined;

describe("deleting an account", () => {
  it("keeps her content as a former member's (the default), leaves no row naming her, passes her seat on", async () => {
    const b = await busyMember("mia@del.test");
    const result = await api.callerFor(b.mia).account.delete({ password: "password1" });
    expect(result.message).toBe("Your account has been deleted.");

    expect(await rowsNaming(b.mia.id)).toEqual([]);
    // What stays of her: that an account with her id went, and when.
    const gone = await api.db.select().from(deletedRows).where(eq(deletedRows.id, b.mia.id));
    expect(gone.map((r) => [r.kind, Object.keys(r).sort()])).toEqual([["member", ["deletedAt", "id", "kind"]]]);
    expect(await orphans()).toBe(0);
    // The events she created are the longest-standing admin's now.
    const own = await api.db.select({ createdBy: events.createdBy }).from(events).where(eq(events.id, b.own.id));
    expect(own[0]?.createdBy).toBe(admin.id);
    // Wendy had waited for her seat: she is going, and was told.
    const seated = await api.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, b.full.id));
    expect(seated.map((p) => p.userId)).toEqual([host.id, b.waiting.id]);
    expect(await api.db.select().from(eventWaitlist).where(eq(eventWaitlist.eventId, b.queue.id))).toEqual([]);
    const told = await count(
      sql`select count(*)::int as n from mail_outbox where "to" = ${b.waiting.email} and subject like 'A seat opened%'`,
    );
    expect(told).toBe(1);
    // Olga's invitation to Mia's (now the admin's) event still holds; Mia's own invitation is gone.
    expect(await api.db.select().from(eventInvitations).where(eq(eventInvitations.inviteeId, b.other.id))).toHaveLength(
      1,
    );

    // Her comment and photo stay, shown as a former member's; the photo's files too.
    const comments = await api.callerFor(b.other).comments.list({ commentableId: b.full.id });
    expect(comments.find((c) => c.id === b.miaComment.id)).toMatchObject({
      username: "Former member",
      user_id: null,
      like_count: 1,
    });
    expect((await api.callerFor(b.other).media.get({ id: b.item.id })).author_name).toBe("Former member");
    await runDeleteJobs();
    expect(await stored(b.item.prefix)).toBe(true);

    // Her e-mail is free: an account, and an application, with it work again.
    const { code } = await createInvitationCode(api.db);
    await api.callerFor(null).applications.submit(applicationWith(code, { name: "Mia Again", email: "mia@del.test" }));
    const again = await api.member("mia@del.test");
    expect(again.id).not.toBe(b.mia.id);

    const [record] = await api.db.select().from(auditLog).where(eq(auditLog.targetId, b.mia.id));
    expect(record).toMatchObject({
      kind: "member.deleted",
      actorId: b.mia.id,
      targetEmail: "mia@del.test",
      detail: {
        by: "self",
        content: "anonymise",
        comments: 1,
        media: 1,
        eventsPassed: 2,
        eventsPassedTo: "admin@del.test",
        // The Supper's, and hers at the two events she hosted.
        seatsFreed: 3,
        promoted: 1,
      },
    });
  });

  it("removes her comments, her media with the comments on them, and their files by the job", async () => {
    const b = await busyMember("rem@del.test");
    const remover = await api.member("remover@del.test", { admin: true });
    const result = await api
      .callerFor(remover, { config: { ...api.contextFor(null).config, deletedMemberContent: "remove" } })
      .users.delete({ userId: b.mia.id });
    expect(result).toMatchObject({ content: "remove", comments: 1, media: 1, eventsPassedTo: "remover@del.test" });

    expect(await rowsNaming(b.mia.id)).toEqual([]);
    expect(await orphans()).toBe(0);
    expect(await api.db.select().from(comments).where(eq(comments.id, b.miaComment.id))).toEqual([]);
    expect(await api.db.select().from(comments).where(eq(comments.id, b.onItem.id))).toEqual([]);
    expect(await api.db.select().from(commentLikes).where(eq(commentLikes.commentId, b.miaComment.id))).toEqual([]);
    expect(await api.db.select().from(media).where(eq(media.id, b.item.id))).toEqual([]);
    // Her events pass to the admin who deleted her.
    const own = await api.db.select({ createdBy: events.createdBy }).from(events).where(eq(events.id, b.own.id));
    expect(own[0]?.createdBy).toBe(remover.id);

    // The files stay until the job runs (the store is not part of the transaction).
    expect(await stored(b.item.prefix)).toBe(true);
    await runDeleteJobs();
    expect(await stored(b.item.prefix)).toBe(false);

    const [record] = await api.db.select().from(auditLog).where(eq(auditLog.targetId, b.mia.id));
    expect(record).toMatchObject({ kind: "member.deleted", actorId: remover.id, detail: { by: "admin" } });
  });

  it("tells her first what becomes of what she shared, and mails her a confirmation after", async () => {
    const b = await busyMember("told@del.test");
    const caller = api.callerFor(b.mia);
    expect(await caller.account.deletionPreview()).toEqual({ content: "anonymise", comments: 1, media: 1, events: 2 });
    const removing = api.callerFor(b.mia, {
      config: { ...api.contextFor(null).config, deletedMemberContent: "remove" },
    });
    expect(await removing.account.deletionPreview()).toMatchObject({ content: "remove" });

    await caller.account.delete({ password: "password1" });
    const [mail] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.to, "told@del.test"));
    expect(mail?.subject).toBe("Your club account has been deleted");
    expect(mail?.html).toContain(
      "Your 1 comment and 1 photo or video stay in the club under the name &quot;Former member&quot;.",
    );
    expect(mail?.html).toContain("The 2 events you created passed to an administrator.");
  });

  it("mails nothing to a member an admin deletes (the admin's act, not hers)", async () => {
    const b = await busyMember("quiet@del.test");
    await api.callerFor(admin).users.delete({ userId: b.mia.id });
    expect(await api.db.select().from(mailOutbox).where(eq(mailOutbox.to, "quiet@del.test"))).toEqual([]);
  });

  it("confirms with one of her passkeys instead of the password", async () => {
    const b = await busyMember("key@del.test");
    const caller = api.callerFor(b.mia);
    const options = await caller.account.deletionPasskeyOptions();
    expect(options.allowCredentials?.map((c) => c.id)).toHaveLength(1);
    // Another member's passkey answering her challenge is refused.
    const stranger = new SoftPasskey();
    await api.db.insert(passkeys).values(stranger.storedFor(b.other.id));
    const strangers = await refusal(
      caller.account.delete({ passkey: stranger.signIn({ challenge: options.challenge }) as never }),
    );
    expect(strangers.code).toBe("BAD_REQUEST");
    const fresh = await caller.account.deletionPasskeyOptions();
    await caller.account.delete({ passkey: b.key.signIn({ challenge: fresh.challenge }) as never });
    expect(await api.db.select().from(users).where(eq(users.id, b.mia.id))).toEqual([]);
  });

  it("refuses a wrong password, the last admin, an admin deleting herself here, and tokens", async () => {
    const m = await api.member("wrong@del.test");
    expect(await refusal(api.callerFor(m).account.delete({ password: "nope-nope" }))).toEqual({
      code: "BAD_REQUEST",
      message: WRONG_PASSWORD,
    });
    expect(
      await refusal(
        api.callerFor(m, { apiToken: { id: "t", scope: "admin" } }).account.delete({ password: "password1" }),
      ),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect((await refusal(api.callerFor(admin).users.delete({ userId: admin.id }))).code).toBe("FORBIDDEN");
    expect(await api.db.select({ id: users.id }).from(users).where(eq(users.id, m.id))).toHaveLength(1);

    // A club with a single admin: she cannot delete herself, nor the command line delete her.
    const solo = await testApi();
    try {
      const only = await solo.member("only@solo.test", { admin: true });
      expect(await refusal(solo.callerFor(only).account.delete({ password: "password1" }))).toEqual({
        code: "FORBIDDEN",
        message: LAST_ADMIN_SELF,
      });
      const ctx = solo.contextFor(null);
      expect(await refusal(deleteAccount(ctx, only.id, { kind: "command line" }, operatorActor))).toEqual({
        code: "FORBIDDEN",
        message: LAST_ADMIN_OTHER,
      });
      // A member whose events nobody could take is refused too; one with none is deleted.
      const maker = await solo.member("maker@solo.test", { type: "Founding" });
      await solo.db.update(users).set({ admin: false }).where(eq(users.id, only.id));
      await solo.callerFor(maker).events.create({ title: "Hers", event_date: "2027-01-01" });
      expect((await refusal(deleteAccount(ctx, maker.id, { kind: "command line" }, operatorActor))).code).toBe(
        "CONFLICT",
      );
      const plain = await solo.member("plain@solo.test");
      await deleteAccount(ctx, plain.id, { kind: "command line" }, operatorActor);
      expect(await solo.db.select().from(users).where(eq(users.id, plain.id))).toEqual([]);
    } finally {
      await solo.close();
    }
  });
});
