import { randomUUID } from "node:crypto";
import { createSession, generateToken, hashToken, signUnsubscribeToken, unsubscribeKeys } from "@club/auth";
import {
  applications,
  conversationMembers,
  conversations,
  type Db,
  emailChanges,
  eventInvitations,
  eventSeries,
  events,
  groupMails,
  homes,
  mailOutbox,
  media,
  messageReports,
  messages,
  passkeys,
  scheduledGroupMails,
  sessionConfirmations,
  stays,
  userIdentities,
  users,
  webauthnChallenges,
  webhookDeliveries,
  webhookEndpoints,
} from "@club/db";
import { eq, sql } from "@club/db/orm";
import { enqueueMail } from "@club/mail";
import { createUser } from "../domain/account/users";
import { deleteEvent } from "../domain/events/changes";
import { newHomeFeed } from "../domain/travel/home-feed";
import { blockNights, setWindows } from "../domain/travel/homes";
import { priceOf } from "../domain/travel/rules";
import { publicSessionId } from "../domain/ways-in/member-sessions";
import { SoftPasskey } from "./authenticator";
import { type Cell, type Fixture, storeTestSession, testSessionId } from "./cell";

// The rows' inputs that need more than a literal: rows made for one cell of the permission table
// (procedure-table.ts), so a delete in one cell cannot change another's answer.

/** The member's unsubscribe link's token for group e-mails (signed with the database's key, as in tests). */
export async function unsubscribeToken(db: Db, userId: string) {
  return signUnsubscribeToken(await unsubscribeKeys(db, undefined), userId, "group");
}

/** A member's e-mail address as stored (what an inviter types in full to find her). */
export async function emailOf(c: Fixture, userId: string): Promise<string> {
  const [row] = await c.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`No member ${userId}`);
  return row.email;
}

/** A member made for one call (one that deletes her). */
export async function freshMember(db: Db) {
  return createUser(db, { email: `fresh-${randomUUID()}@club.test`, name: "Fresh", password: "password1" });
}

/** An identity at the provider linked to the member (a fresh subject each time). */
export async function linkedIdentity(db: Db, userId: string) {
  const [row] = await db
    .insert(userIdentities)
    .values({ userId, issuer: "https://idp.club.test", subject: randomUUID(), email: "id@idp.club.test" })
    .returning({ id: userIdentities.id });
  return { id: row!.id };
}

/** The cell's item as a video whose transcoding gave up (what "Try again" is for). */
export async function failedVideo(db: Db, id: string) {
  await db.update(media).set({ mediaType: "video", processing: "failed" }).where(eq(media.id, id));
  return { id };
}

/**
 * The cell's invite-only event deleted by its creator: its media item (with a comment) stays, for
 * its uploader and admins only (docs/decisions/media-of-a-deleted-invite-only-event-stay-private.md).
 */
export async function orphaned(c: Cell): Promise<string> {
  const club = { appOrigin: "http://club.test", timeZone: "America/New_York", reminderHours: 24 };
  const owner = c.people.owner;
  await deleteEvent({ db: c.db, jobs: c.jobs, config: club }, c.private, null, owner.id, {
    id: owner.id,
    email: null,
    ip: null,
  });
  return c.privateMedia;
}

/** A browser session of a member, by the id Settings → Security shows it with. */
export async function browserSession(c: Fixture, userId: string): Promise<string> {
  const { token } = await createSession(c.db, userId, { userAgent: "Mozilla/5.0 Firefox/133.0", ip: "10.0.0.9" });
  return publicSessionId(hashToken(token));
}

export const application = (code: string) => ({
  invitationCode: code,
  full_name: "Ann Applicant",
  email: `ann-${randomUUID()}@club.test`,
  phone: "1-5551234567",
  reason: "Time for myself",
  interests: ["Travel"],
  availability: "Weekends",
  membershipType: "Standard",
});

export const failedMail = async ({ db, jobs }: Fixture) => {
  const [id] = await enqueueMail(db, jobs, [{ to: "x@club.test", subject: "S", html: "<p>B</p>" }]);
  await db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, id!));
  return id!;
};

/** A group e-mail waiting for its time (tomorrow). */
export const scheduledMail = async ({ db }: Fixture) => {
  const [row] = await db
    .insert(scheduledGroupMails)
    .values({
      subject: "Later",
      body: "<p>Soon</p>",
      recipientGroup: "admins",
      sendAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: scheduledGroupMails.id });
  return row!.id;
};

/** A group e-mail as sent. */
export const sentMail = async ({ db }: Fixture) => {
  const [row] = await db
    .insert(groupMails)
    .values({ subject: "Sent", html: "<p>Done</p>", text: "Done", recipientGroup: "all", recipients: 3 })
    .returning({ id: groupMails.id });
  return row!.id;
};

/** A housekeeping job that failed (the queue in these tests has no workers: its state is set here). */
export const failedJob = async ({ db, jobs }: Fixture) => {
  const id = await jobs.send("housekeeping", {}, { startAfter: 3600 });
  await db.execute(sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${id}::uuid`);
  return id!;
};

export const pendingApplication = async (db: Db) => {
  const [row] = await db
    .insert(applications)
    .values({ fullName: "Pat", email: `pat-${randomUUID()}@club.test`, reason: "r", membershipType: "Standard" })
    .returning({ id: applications.id });
  return row!.id;
};

/** A fresh challenge as `registrationOptions` or `passkeyOptions` keeps it. */
export async function challengeFor(db: Db, purpose: "register" | "sign_in", userId: string | null) {
  const challenge = randomUUID();
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + 60_000) });
  return challenge;
}

/** A stored passkey of `userId` (the software authenticator holding it, and its row's id). */
export async function storedPasskey(db: Db, userId: string) {
  const key = new SoftPasskey();
  const [row] = await db.insert(passkeys).values(key.storedFor(userId)).returning({ id: passkeys.id });
  return { key, id: row!.id };
}

/** The caller's session (as `contextFor` makes it), stored, confirmed by e-mail or not. */
export async function callerSession(c: Cell, confirmed: boolean) {
  if (c.me) await storeTestSession(c.db, c.me.id, confirmed ? new Date(Date.now() + 15 * 60_000) : null);
}

/** A confirmation link mailed for `userId`'s session (stored first): its token. */
export async function confirmationLink(db: Db, userId: string) {
  await storeTestSession(db, userId, null);
  const token = generateToken();
  await db.insert(sessionConfirmations).values({
    tokenHash: hashToken(token),
    userId,
    sessionId: testSessionId(userId),
    expiresAt: new Date(Date.now() + 60_000),
  });
  return token;
}

/** A fresh member's change of address waiting for its link: the link's token. */
export async function emailChangeLink(db: Db) {
  const member = await freshMember(db);
  const token = generateToken();
  await db.insert(emailChanges).values({
    userId: member.id,
    newEmail: `moved-${randomUUID()}@club.test`,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 60_000),
  });
  return { token };
}

/** A confirmation mailed to the member for her test session: the code in it. */
export async function confirmationCode(db: Db, userId: string) {
  await storeTestSession(db, userId, null);
  const code = "246810";
  await db.insert(sessionConfirmations).values({
    tokenHash: hashToken(generateToken()),
    codeHash: hashToken(code),
    userId,
    sessionId: testSessionId(userId),
    expiresAt: new Date(Date.now() + 60_000),
  });
  return { code };
}

/** An invitation to the cell's invite-only event for `inviteeId`, waiting for her answer: its id. */
export async function invitationFor(c: Cell, inviteeId: string): Promise<string> {
  const [row] = await c.db
    .insert(eventInvitations)
    .values({
      tokenHash: hashToken(generateToken()),
      eventId: c.private,
      inviteeId,
      invitedBy: c.people.owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: eventInvitations.id });
  return row!.id;
}

/** A draft event of the cell's owner (the Schedule), seen by her and admins only: its id. */
export async function draftOf(c: Cell): Promise<string> {
  const [row] = await c.db
    .insert(events)
    .values({
      slug: `d-${randomUUID()}`,
      title: "A draft",
      description: "d",
      eventDate: "2027-04-01",
      createdBy: c.people.owner.id,
      publishedAt: null,
    })
    .returning({ id: events.id });
  return row!.id;
}

/** A series of the owner's (two open dates, in the future), for one call; returns its first date. */
export async function seriesOf(c: Cell): Promise<string> {
  const [series] = await c.db
    .insert(eventSeries)
    .values({ rule: "FREQ=WEEKLY;COUNT=2", startsOn: "2027-05-04", createdBy: c.people.owner.id })
    .returning({ id: eventSeries.id });
  const rows = await c.db
    .insert(events)
    .values(
      ["2027-05-04", "2027-05-11"].map((day) => ({
        slug: `s-${randomUUID()}`,
        title: "A series",
        description: "d",
        eventDate: day,
        seriesId: series!.id,
        seriesDate: day,
        createdBy: c.people.owner.id,
      })),
    )
    .returning({ id: events.id, eventDate: events.eventDate });
  return rows.find((r) => r.eventDate === "2027-05-04")!.id;
}

/** A webhook endpoint made for one call (one that removes it), with a message delivered to it. */
export async function webhookWithMessage(db: Db): Promise<{ endpointId: string; deliveryId: string }> {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ name: "CRM", url: "https://crm.example.com/hooks", events: ["event.created"], secret: "whsec_dGVzdA==" })
    .returning({ id: webhookEndpoints.id });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint!.id, type: "event.created", payload: {}, status: "delivered", attempts: 1 })
    .returning({ id: webhookDeliveries.id });
  return { endpointId: endpoint!.id, deliveryId: delivery!.id };
}

/**
 * A home of `other` (a Travel Host), open for July 2031, for one cell: written as rows, since every
 * cell adds one and \`other\` would pass the homes one host may list (MAX_HOMES_PER_HOST).
 */
export async function hostedHome(c: Fixture): Promise<string> {
  const [home] = await c.db
    .insert(homes)
    .values({
      hostId: c.people.other.id,
      title: "Cliff house",
      kind: "House",
      city: "Positano",
      country: "Italy",
      address: "Via Cristoforo Colombo 7",
      sleeps: 4,
      bedrooms: 2,
      nightlyRateCents: 20_000,
      timeZone: "Europe/Rome",
    })
    .returning({ id: homes.id });
  await setWindows(c.db, home!.id, [{ from: "2031-07-01", to: "2031-08-01" }]);
  return home!.id;
}

/** A photo of `other`'s home (a row as an upload leaves it; the store holds nothing for it). */
export async function homePhoto(c: Fixture): Promise<{ id: string; mediaId: string }> {
  const id = await hostedHome(c);
  const prefix = `media/${randomUUID()}`;
  const [row] = await c.db
    .insert(media)
    .values({
      objectPrefix: prefix,
      storageKey: `${prefix}/original.jpg`,
      mediaType: "image",
      contentType: "image/jpeg",
      sizeBytes: 1000,
      uploadedBy: c.people.other.id,
      homeId: id,
    })
    .returning({ id: media.id });
  return { id, mediaId: row!.id };
}

/** `founding`'s stay in `other`'s home, accepted (its contribution not yet recorded). */
export async function acceptedStay(c: Fixture, guestId = c.people.founding.id): Promise<string> {
  const id = await requestedStay(c, guestId);
  await c.db.update(stays).set({ status: "accepted", decidedAt: new Date() }).where(eq(stays.id, id));
  return id;
}

/** `founding`'s (or this guest's) accepted stay in `other`'s home, over (she left yesterday): hers to write a note about. */
export async function pastStay(c: Fixture, guestId = c.people.founding.id): Promise<string> {
  const id = await acceptedStay(c, guestId);
  const left = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const arrived = new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10);
  await c.db.update(stays).set({ arrive: arrived, depart: left }).where(eq(stays.id, id));
  return id;
}

/** A block of `other`'s home's nights (her own use). */
export async function homeBlock(c: Fixture): Promise<{ id: string; blockId: string }> {
  const id = await hostedHome(c);
  const { id: blockId } = await blockNights(c.db, id, { from: "2031-07-20", to: "2031-07-25" });
  return { id, blockId };
}

/** The secret of a calendar link to `other`'s home (what its URL carries). */
export async function homeFeedSecret(c: Fixture): Promise<string> {
  const { url } = await newHomeFeed(c.db, "http://club.test", await hostedHome(c));
  return url.slice(url.lastIndexOf("/") + 1, -".ics".length);
}

/** Room for one more home of hers: the homes earlier cells listed for her go (see MAX_HOMES_PER_HOST). */
export async function roomForAHome(c: Cell): Promise<void> {
  if (c.me) await c.db.delete(homes).where(eq(homes.hostId, c.me.id));
}

/** A request by `founding` to stay in `other`'s home, waiting for an answer. */
export async function requestedStay(c: Fixture, guestId = c.people.founding.id): Promise<string> {
  // Written as a row: \`founding\` asks in every cell, past the number of requests one member may
  // have waiting (MAX_PENDING_REQUESTS), which is not what the table is about.
  const homeId = await hostedHome(c);
  const [row] = await c.db
    .insert(stays)
    .values({
      homeId,
      guestId,
      arrive: "2031-07-10",
      depart: "2031-07-14",
      guests: 2,
      ...priceOf(20_000, 4, 80),
    })
    .returning({ id: stays.id });
  return row!.id;
}

/**
 * A conversation of `owner`, `other` and `victim`, with a message from `victim` (which the two
 * others may report): its id and that message's. Nobody else is in it, admins included.
 */
export async function ownersConversation(c: Fixture): Promise<{ id: string; messageId: string }> {
  const [conversation] = await c.db
    .insert(conversations)
    .values({ startedBy: c.people.owner.id })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("no conversation");
  await c.db
    .insert(conversationMembers)
    .values(
      [c.people.owner, c.people.other, c.people.victim].map((p) => ({ conversationId: conversation.id, userId: p.id })),
    );
  const [message] = await c.db
    .insert(messages)
    .values({ conversationId: conversation.id, authorId: c.people.victim.id, body: "Shall we meet in Lisbon?" })
    .returning({ id: messages.id });
  if (!message) throw new Error("no message");
  return { id: conversation.id, messageId: message.id };
}

/** An open report of a message (the admins close it). */
export async function openReport(c: Fixture): Promise<string> {
  const { messageId } = await ownersConversation(c);
  const [report] = await c.db
    .insert(messageReports)
    .values({ messageId, reporterId: c.people.owner.id, reason: "Unkind words" })
    .returning({ id: messageReports.id });
  if (!report) throw new Error("no report");
  return report.id;
}
