import { randomUUID } from "node:crypto";
import { createApiToken, generateToken, hashToken } from "@club/auth";
import { eventInvitations, eventParticipants, events, eventWaitlist } from "@club/db";
import { resetFeed } from "../domain/events/feed";
import { createInvitationCode } from "../domain/invitation-codes";
import { createPasswordResetToken, createRegistrationToken } from "../domain/one-time-tokens";
import { SoftPasskey } from "./authenticator";
import {
  ADMINS,
  AUTHOR,
  all,
  CREATORS,
  draftOnly,
  type Expect,
  hidden,
  MEMBERS,
  NOT_ON_A_DRAFT,
  OWN_PASSKEY,
  OWNER_OR_ADMIN,
  PUBLIC,
  SIGNED_IN,
  type TokenNeed,
  uploaderOnly,
  VISITOR_HIDDEN,
} from "./callers";
import type { Cell } from "./cell";

/**
 * The procedure table: every tRPC procedure with a valid input, and who may call it (one row per
 * case where the answer depends on what the input names). Two tests read it:
 * - the permission table (packages/api/src/permissions.test.ts): every procedure × every kind of
 *   caller → allowed ("ok") or the refusal's code. A procedure without a row fails it, so a new
 *   procedure cannot ship without deciding who may call it.
 * - the fuzzer (apps/server/src/fuzz.test.ts): each procedure over HTTP, from a row's valid input
 *   with one part spoiled, never answers 5xx.
 * Inputs are made on fresh rows (a `Cell`), so a delete in one cannot change another's answer.
 */

import {
  application,
  browserSession,
  callerSession,
  challengeFor,
  confirmationCode,
  confirmationLink,
  emailChangeLink,
  failedJob,
  failedMail,
  failedVideo,
  freshMember,
  linkedIdentity,
  orphaned,
  pendingApplication,
  storedPasskey,
  unsubscribeToken,
} from "./row-inputs";

export interface ProcedureRow {
  path: string;
  /** The least scope of an API token that may call it (read: queries; seed: what `club seed --url` writes). */
  tokens: TokenNeed;
  /** Tells rows of one procedure apart. */
  on?: string;
  input: (c: Cell) => unknown;
  expect: Expect;
}

/** An invitation to the cell's invite-only event for `inviteeId`, waiting for her answer: its id. */
async function invitationFor(c: Cell, inviteeId: string): Promise<string> {
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
async function draftOf(c: Cell): Promise<string> {
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

export const procedureRows: ProcedureRow[] = [
  { path: "auth.status", tokens: "read", input: () => undefined, expect: PUBLIC },
  {
    path: "auth.login",
    tokens: "admin",
    input: () => ({ email: "login@club.test", password: "password1" }),
    expect: PUBLIC,
  },
  { path: "auth.logout", tokens: "admin", input: () => undefined, expect: PUBLIC },
  { path: "auth.passkeyOptions", tokens: "admin", input: () => undefined, expect: PUBLIC },
  {
    path: "auth.passkeySignIn",
    tokens: "admin",
    input: async (c) => {
      const { key } = await storedPasskey(c.db, c.people.victim.id);
      return { response: key.signIn({ challenge: await challengeFor(c.db, "sign_in", null) }) };
    },
    expect: PUBLIC,
  },
  { path: "auth.me", tokens: "read", input: () => undefined, expect: SIGNED_IN },
  // Confirming a password session by e-mail: a browser's own act, never a token's.
  {
    path: "auth.confirmByEmail",
    tokens: "none",
    input: async (c) => callerSession(c, false),
    expect: MEMBERS,
  },
  {
    path: "auth.confirmSessionByCode",
    tokens: "none",
    input: (c) => confirmationCode(c.db, c.me?.id ?? c.people.owner.id),
    expect: MEMBERS,
  },
  {
    path: "auth.confirmSession",
    tokens: "none",
    on: "her own link",
    input: async (c) => ({ token: await confirmationLink(c.db, c.me?.id ?? c.people.owner.id) }),
    expect: MEMBERS,
  },
  {
    path: "auth.confirmSession",
    tokens: "none",
    on: "another member's link",
    input: async (c) => ({ token: await confirmationLink(c.db, c.people.victim.id) }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "auth.updateUser", tokens: "admin", input: (c) => ({ name: c.me?.name ?? "Visitor" }), expect: MEMBERS },
  {
    path: "auth.updatePassword",
    tokens: "admin",
    input: () => ({ oldPassword: "password1", newPassword: "password1" }),
    expect: SIGNED_IN,
  },

  // Deleting her own account: with a wrong password, so the table's people stay (the right one is
  // account-deletion.test.ts's); never with a token, whatever its scope.
  {
    path: "account.delete",
    tokens: "none",
    input: () => ({ password: "not-her-password" }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "account.emailChange", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "account.deletionPreview", tokens: "none", input: () => undefined, expect: MEMBERS },
  {
    path: "account.requestEmailChange",
    tokens: "none",
    input: () => ({ newEmail: `new-${randomUUID()}@club.test`, password: "not-her-password" }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "account.cancelEmailChange", tokens: "none", input: () => undefined, expect: MEMBERS },
  // The mailed link is its own proof: anyone holding it confirms, signed in or not.
  { path: "account.confirmEmailChange", tokens: "none", input: (c) => emailChangeLink(c.db), expect: PUBLIC },
  {
    // The table's members have no passkey: there is nothing to ask for.
    path: "account.deletionPasskeyOptions",
    tokens: "none",
    input: () => undefined,
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },

  { path: "invitationCodes.validate", tokens: "admin", input: () => ({ code: "NOT-A-REAL-CODE" }), expect: PUBLIC },
  { path: "invitationCodes.create", tokens: "seed", input: () => ({}), expect: ADMINS },
  { path: "invitationCodes.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "invitationCodes.revoke",
    tokens: "admin",
    input: async (c) => ({ id: (await createInvitationCode(c.db)).row.id }),
    expect: ADMINS,
  },

  {
    path: "applications.submit",
    tokens: "admin",
    input: async (c) => application((await createInvitationCode(c.db)).code),
    expect: PUBLIC,
  },
  { path: "applications.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "applications.setStatus",
    tokens: "admin",
    input: async (c) => ({ id: await pendingApplication(c.db), accepted: false }),
    expect: ADMINS,
  },

  {
    path: "registration.validateToken",
    tokens: "read",
    input: async (c) => ({
      token: await createRegistrationToken(c.db, {
        email: `reg-${randomUUID()}@club.test`,
        applicationId: await pendingApplication(c.db),
        memberType: "Standard",
      }),
    }),
    expect: PUBLIC,
  },
  {
    path: "registration.register",
    tokens: "admin",
    input: async (c) => ({
      token: await createRegistrationToken(c.db, {
        email: `reg-${randomUUID()}@club.test`,
        applicationId: await pendingApplication(c.db),
        memberType: "Standard",
      }),
      password: "password1",
      name: "New Member",
      type: "Standard",
    }),
    expect: PUBLIC,
  },

  { path: "passwordReset.request", tokens: "admin", input: () => ({ email: "nobody@club.test" }), expect: PUBLIC },
  {
    path: "passwordReset.reset",
    tokens: "admin",
    input: async (c) => ({ token: await createPasswordResetToken(c.db, c.people.victim.id), newPassword: "password1" }),
    expect: PUBLIC,
  },

  {
    path: "users.create",
    tokens: "seed",
    input: () => ({ email: `made-${randomUUID()}@club.test`, name: "Made", password: "password1" }),
    expect: ADMINS,
  },
  {
    path: "users.create",
    tokens: "admin",
    on: "an administrator",
    input: () => ({ email: `boss-${randomUUID()}@club.test`, name: "Boss", password: "password1", admin: true }),
    expect: ADMINS,
  },
  { path: "users.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "users.list",
    tokens: "read",
    on: "a searched page",
    input: () => ({ search: "vic", limit: 50 }),
    expect: ADMINS,
  },
  { path: "users.temporaryPassword", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "users.update",
    tokens: "seed",
    input: (c) => ({ userId: c.people.victim.id, name: "Victim" }),
    expect: ADMINS,
  },
  {
    path: "users.update",
    tokens: "admin",
    on: "a member's type",
    input: (c) => ({ userId: c.people.victim.id, type: "Standard" }),
    expect: ADMINS,
  },
  {
    path: "users.update",
    tokens: "admin",
    on: "her own admin right",
    input: (c) => ({ userId: c.me?.id ?? c.people.victim.id, admin: false }),
    expect: { ...ADMINS, admin: "FORBIDDEN" },
  },
  {
    path: "users.setPrivilege",
    tokens: "admin",
    input: (c) => ({ userId: c.people.victim.id, type: "Standard" }),
    expect: ADMINS,
  },
  {
    path: "users.resetPasswordToTemp",
    tokens: "admin",
    input: (c) => ({ userId: c.people.victim.id }),
    expect: ADMINS,
  },
  {
    path: "users.resetPasswordToTemp",
    tokens: "admin",
    on: "her own account",
    input: (c) => ({ userId: c.me?.id ?? c.people.victim.id }),
    expect: { ...ADMINS, admin: "FORBIDDEN" },
  },
  {
    // A fresh member each time: deleting the table's people would change every later answer.
    path: "users.delete",
    tokens: "admin",
    input: async (c) => ({ userId: (await freshMember(c.db)).id }),
    expect: ADMINS,
  },
  {
    path: "users.delete",
    tokens: "admin",
    on: "her own account",
    input: (c) => ({ userId: c.me?.id ?? c.people.victim.id }),
    expect: { ...ADMINS, admin: "FORBIDDEN" },
  },
  {
    path: "users.setTestingTeam",
    tokens: "admin",
    input: (c) => ({ userId: c.people.victim.id, testingTeam: true }),
    expect: ADMINS,
  },

  { path: "adminMail.members", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "adminMail.recipientCount", tokens: "read", input: () => ({ recipientGroup: "all" }), expect: ADMINS },
  {
    path: "adminMail.send",
    tokens: "admin",
    input: () => ({ subject: "Hello", body: "<p>Hi</p>", recipientGroup: "admins" }),
    expect: ADMINS,
  },

  {
    path: "mail.preview",
    tokens: "admin",
    input: () => ({ subject: "Spring Salon", body: "<p>Dear members,</p><script>alert(1)</script>" }),
    expect: MEMBERS,
  },
  { path: "mailOutbox.list", tokens: "read", input: () => ({ status: "captured" }), expect: ADMINS },
  { path: "mailOutbox.summary", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "mailOutbox.get", tokens: "read", input: async (c) => ({ id: await failedMail(c) }), expect: ADMINS },
  { path: "mailOutbox.retry", tokens: "admin", input: async (c) => ({ id: await failedMail(c) }), expect: ADMINS },

  { path: "jobs.summary", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "jobs.failures", tokens: "read", input: () => ({ limit: 5 }), expect: ADMINS },
  {
    path: "jobs.retry",
    tokens: "admin",
    input: async (c) => ({ kind: "housekeeping", id: await failedJob(c) }),
    expect: ADMINS,
  },

  { path: "events.list", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "events.choices", tokens: "read", input: () => ({ withMedia: true }), expect: MEMBERS },
  { path: "events.get", tokens: "read", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  { path: "events.get", tokens: "read", on: "invite-only", input: (c) => ({ id: c.private }), expect: hidden(MEMBERS) },
  {
    path: "events.get",
    tokens: "read",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: draftOnly(MEMBERS),
  },
  { path: "events.drafts", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "events.publish",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: draftOnly(OWNER_OR_ADMIN),
  },
  {
    path: "events.publish",
    tokens: "admin",
    on: "published",
    input: (c) => ({ id: c.open }),
    expect: { ...OWNER_OR_ADMIN, owner: "CONFLICT", admin: "CONFLICT" },
  },
  {
    path: "events.calendarFile",
    tokens: "read",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: NOT_ON_A_DRAFT,
  },
  { path: "events.calendarFile", tokens: "read", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  {
    path: "events.calendarFile",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(MEMBERS),
  },
  {
    path: "events.create",
    tokens: "seed",
    input: () => ({
      title: "Supper",
      event_date: "2027-03-01",
      start_time: "19:00",
      end_time: "22:00",
      rsvp_deadline: "2027-02-28T18:00",
    }),
    expect: CREATORS,
  },
  {
    path: "events.update",
    tokens: "seed",
    on: "open",
    input: (c) => ({ id: c.open, title: "Renamed", event_date: "2027-03-02", start_time: "18:30" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.update",
    tokens: "seed",
    on: "invite-only",
    input: (c) => ({ id: c.private, title: "Renamed" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.update",
    tokens: "seed",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c), title: "Renamed draft" }),
    expect: draftOnly(OWNER_OR_ADMIN),
  },
  { path: "events.delete", tokens: "admin", on: "open", input: (c) => ({ id: c.open }), expect: OWNER_OR_ADMIN },
  {
    path: "events.delete",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: draftOnly(OWNER_OR_ADMIN),
  },
  {
    path: "events.delete",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.addParticipants",
    tokens: "seed",
    input: (c) => ({ eventId: c.open, userIds: [c.people.owner.id] }),
    expect: ADMINS,
  },
  { path: "events.join", tokens: "admin", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  {
    path: "events.join",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: NOT_ON_A_DRAFT,
  },
  {
    path: "events.join",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(MEMBERS),
  },
  { path: "events.leave", tokens: "admin", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  {
    path: "events.leave",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(MEMBERS),
  },
  { path: "preferences.get", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "home.get", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "home.seen", tokens: "admin", input: () => undefined, expect: MEMBERS },
  { path: "calendarFeed.get", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "calendarFeed.reset", tokens: "admin", input: () => ({ includeOpen: true }), expect: MEMBERS },
  { path: "calendarFeed.update", tokens: "admin", input: () => ({ includeOpen: true }), expect: MEMBERS },
  { path: "calendarFeed.remove", tokens: "admin", input: () => undefined, expect: MEMBERS },
  // The secret is the credential: an unknown one finds nothing, signed in or not.
  {
    path: "calendarFeed.feed",
    tokens: "read",
    on: "unknown secret",
    input: () => ({ secret: "nope" }),
    expect: all("NOT_FOUND"),
  },
  {
    path: "calendarFeed.feed",
    tokens: "read",
    on: "a member's secret",
    input: async (c) => ({ secret: await resetFeed(c.db, c.people.owner.id, false) }),
    expect: PUBLIC,
  },
  { path: "preferences.update", tokens: "admin", input: () => ({ group: false, reminders: true }), expect: MEMBERS },
  // An unsubscribe link is the credential: anyone holding it, signed in or not (the mail provider's
  // one-click POST carries no session); a tampered one finds nothing.
  {
    path: "unsubscribe.get",
    tokens: "read",
    on: "a member's link",
    input: async (c) => ({ token: await unsubscribeToken(c.db, c.people.owner.id) }),
    expect: PUBLIC,
  },
  {
    path: "unsubscribe.set",
    tokens: "admin",
    on: "a member's link",
    input: async (c) => ({ token: await unsubscribeToken(c.db, c.people.owner.id), receive: false }),
    expect: PUBLIC,
  },
  {
    path: "unsubscribe.get",
    tokens: "read",
    on: "a tampered link",
    input: async (c) => ({ token: `${(await unsubscribeToken(c.db, c.people.owner.id)).slice(0, -2)}AA` }),
    expect: all("NOT_FOUND"),
  },
  {
    path: "unsubscribe.set",
    tokens: "admin",
    on: "another kind in a member's link",
    input: async (c) => ({
      token: (await unsubscribeToken(c.db, c.people.owner.id)).replace(/^group-/, "announcements-"),
      receive: false,
    }),
    expect: all("NOT_FOUND"),
  },
  { path: "events.attendees", tokens: "read", on: "open", input: (c) => ({ id: c.open }), expect: OWNER_OR_ADMIN },
  {
    path: "events.attendees",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.moveFromWaitlist",
    tokens: "admin",
    on: "open",
    input: async (c) => {
      await c.db.insert(eventWaitlist).values({ eventId: c.open, userId: c.people.founding.id });
      return { eventId: c.open, userId: c.people.founding.id };
    },
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.moveFromWaitlist",
    tokens: "admin",
    on: "invite-only",
    input: async (c) => {
      // Someone outside the cells' roles waits (one who waits may see the event).
      await c.db.insert(eventWaitlist).values({ eventId: c.private, userId: c.people.victim.id });
      return { eventId: c.private, userId: c.people.victim.id };
    },
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.sendConfirmation",
    tokens: "admin",
    on: "her own",
    input: async (c) => {
      const userId = c.me?.id ?? c.people.owner.id;
      await c.db.insert(eventParticipants).values({ eventId: c.open, userId });
      return { eventId: c.open, userId };
    },
    expect: MEMBERS,
  },
  {
    path: "events.sendConfirmation",
    tokens: "admin",
    on: "someone else's",
    input: async (c) => {
      await c.db.insert(eventParticipants).values({ eventId: c.open, userId: c.people.owner.id });
      return { eventId: c.open, userId: c.people.owner.id };
    },
    expect: { ...OWNER_OR_ADMIN },
  },
  { path: "events.invitableMembers", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "events.invite",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ eventId: await draftOf(c), userIds: [c.people.victim.id] }),
    expect: NOT_ON_A_DRAFT,
  },
  {
    path: "events.invite",
    tokens: "admin",
    on: "open",
    input: (c) => ({ eventId: c.open, userIds: [c.people.victim.id] }),
    expect: MEMBERS,
  },
  {
    path: "events.invite",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, userIds: [c.people.victim.id] }),
    expect: hidden(MEMBERS),
  },
  {
    path: "events.acceptInvite",
    tokens: "admin",
    on: "her own invitation",
    input: async (c) => {
      const token = generateToken();
      await c.db.insert(eventInvitations).values({
        tokenHash: hashToken(token),
        eventId: c.private,
        inviteeId: c.me?.id ?? c.people.victim.id,
        invitedBy: c.people.owner.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return { token };
    },
    expect: MEMBERS,
  },
  {
    path: "events.answerInvitation",
    tokens: "admin",
    on: "her own invitation",
    input: async (c) => ({ invitationId: await invitationFor(c, c.me?.id ?? c.people.victim.id), accept: true }),
    expect: MEMBERS,
  },
  {
    path: "events.answerInvitation",
    tokens: "admin",
    on: "another member's invitation",
    input: async (c) => ({ invitationId: await invitationFor(c, c.people.victim.id), accept: false }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "events.announceRecipientCount",
    tokens: "read",
    on: "open",
    input: (c) => ({ eventId: c.open, recipientGroup: "all" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.announceRecipientCount",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, recipientGroup: "all" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.announce",
    tokens: "admin",
    on: "open",
    input: (c) => ({ eventId: c.open, subject: "Soon", body: "<p>Come</p>", recipientGroup: "admins" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.announce",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, subject: "Soon", body: "<p>Come</p>", recipientGroup: "admins" }),
    expect: hidden(OWNER_OR_ADMIN),
  },

  { path: "audit.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "audit.list",
    tokens: "read",
    on: "filtered",
    input: () => ({ actor: "root", kind: "mail.group_sent", from: "2026-01-01", to: "2026-12-31", before: 10 }),
    expect: ADMINS,
  },

  { path: "apiTokens.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "apiTokens.create", tokens: "none", input: () => ({ name: "script" }), expect: MEMBERS },
  {
    path: "apiTokens.revoke",
    tokens: "none",
    input: async (c) => ({
      id: (await createApiToken(c.db, { userId: c.me?.id ?? c.people.owner.id, name: "t", scope: "read" })).id,
    }),
    expect: MEMBERS,
  },

  // Identities at the provider: read by the member, never connected or removed with a token. The
  // table's club has no provider configured, so a member's startLink is refused after the role check.
  { path: "identities.provider", tokens: "read", input: () => undefined, expect: PUBLIC },
  { path: "identities.list", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "identities.startLink",
    tokens: "none",
    input: () => undefined,
    expect: { ...all("NOT_FOUND"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "identities.unlink",
    tokens: "none",
    on: "own",
    input: (c) => linkedIdentity(c.db, c.me?.id ?? c.people.owner.id),
    expect: MEMBERS,
  },
  {
    path: "identities.unlink",
    tokens: "none",
    on: "someone else's",
    input: (c) => linkedIdentity(c.db, c.people.owner.id),
    expect: { ...all("NOT_FOUND"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN", owner: "ok" },
  },
  { path: "sessions.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  {
    path: "sessions.end",
    tokens: "none",
    on: "her own",
    input: async (c) => ({ id: await browserSession(c, c.me?.id ?? c.people.owner.id) }),
    expect: MEMBERS,
  },
  {
    path: "sessions.end",
    tokens: "none",
    on: "another member's",
    input: async (c) => ({ id: await browserSession(c, c.people.victim.id) }),
    expect: { ...all("NOT_FOUND"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "sessions.endOthers", tokens: "none", input: () => undefined, expect: MEMBERS },
  // Each caller asks once per cell (the limit of a few a day is dataExport's own test's).
  { path: "dataExport.request", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "dataExport.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "clubSettings.get", tokens: "read", input: () => undefined, expect: ADMINS },
  // Setting the rule the admins' sign-in already meets (the table's admin signs in with a password).
  { path: "clubSettings.update", tokens: "admin", input: () => ({ adminSignIn: "any" }), expect: ADMINS },
  { path: "passkeys.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  {
    path: "passkeys.registrationOptions",
    tokens: "none",
    on: "a confirmed session",
    input: (c) => callerSession(c, true),
    expect: MEMBERS,
  },
  {
    // The table's members sign in with a password: without the e-mail confirmation, refused.
    path: "passkeys.registrationOptions",
    tokens: "none",
    on: "a password session not confirmed",
    input: (c) => callerSession(c, false),
    expect: { ...all("PRECONDITION_FAILED"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "passkeys.register",
    tokens: "none",
    input: async (c) => {
      const userId = c.me?.id ?? c.people.owner.id;
      const challenge = await challengeFor(c.db, "register", userId);
      return { response: new SoftPasskey().register({ challenge, user: { id: "dGVzdA" } }) };
    },
    expect: MEMBERS,
  },
  {
    path: "passkeys.rename",
    tokens: "none",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.me?.id ?? c.people.owner.id)).id, name: "Laptop" }),
    expect: MEMBERS,
  },
  {
    path: "passkeys.rename",
    tokens: "none",
    on: "someone else's",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.people.owner.id)).id, name: "Mine now" }),
    expect: OWN_PASSKEY,
  },
  {
    path: "passkeys.remove",
    tokens: "none",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.me?.id ?? c.people.owner.id)).id }),
    expect: MEMBERS,
  },
  {
    path: "passkeys.remove",
    tokens: "none",
    on: "someone else's",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.people.owner.id)).id }),
    expect: OWN_PASSKEY,
  },

  { path: "media.list", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "media.tags", tokens: "read", input: () => ({ prefix: "sa" }), expect: MEMBERS },
  { path: "media.get", tokens: "read", on: "open", input: (c) => ({ id: c.openMedia }), expect: MEMBERS },
  {
    path: "media.get",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ id: c.privateMedia }),
    expect: hidden(MEMBERS),
  },
  {
    path: "media.get",
    tokens: "read",
    on: "a deleted invite-only event's",
    input: async (c) => ({ id: await orphaned(c) }),
    expect: uploaderOnly(MEMBERS),
  },
  {
    path: "media.update",
    tokens: "seed",
    on: "a deleted invite-only event's",
    input: async (c) => ({ id: await orphaned(c), description: "New words" }),
    expect: uploaderOnly(OWNER_OR_ADMIN),
  },
  {
    path: "media.update",
    tokens: "seed",
    on: "open",
    input: (c) => ({ id: c.openMedia, description: "New words" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "media.update",
    tokens: "seed",
    on: "invite-only",
    input: (c) => ({ id: c.privateMedia, description: "New words" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "media.retryProcessing",
    tokens: "admin",
    on: "open",
    input: (c) => failedVideo(c.db, c.openMedia),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "media.retryProcessing",
    tokens: "admin",
    on: "invite-only",
    input: (c) => failedVideo(c.db, c.privateMedia),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "media.delete",
    tokens: "admin",
    on: "open",
    input: (c) => ({ media: [c.openMedia] }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "media.delete",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ media: [c.privateMedia] }),
    expect: hidden(OWNER_OR_ADMIN),
  },

  { path: "images.byEvent", tokens: "read", on: "open", input: (c) => ({ eventId: c.open }), expect: MEMBERS },
  {
    path: "images.byEvent",
    tokens: "read",
    on: "draft",
    input: async (c) => ({ eventId: await draftOf(c) }),
    expect: NOT_ON_A_DRAFT,
  },
  {
    path: "images.byEvent",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ eventId: c.private }),
    expect: hidden(MEMBERS),
  },
  { path: "images.byTitle", tokens: "read", input: () => ({ title: "Photo of the day" }), expect: MEMBERS },
  {
    path: "images.update",
    tokens: "seed",
    on: "open",
    input: (c) => ({ id: c.openMedia, description: "Words" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "images.update",
    tokens: "seed",
    on: "invite-only",
    input: (c) => ({ id: c.privateMedia, description: "Words" }),
    expect: hidden(OWNER_OR_ADMIN),
  },

  // The same reading rules for the whole list and for a page of it.
  ...(["comments.list", "comments.page"] as const).flatMap((path): ProcedureRow[] => [
    { path, tokens: "read", on: "an open event", input: (c) => ({ commentableId: c.open }), expect: PUBLIC },
    {
      path,
      tokens: "read",
      on: "an open event's media",
      input: (c) => ({ commentableId: c.openMedia }),
      expect: VISITOR_HIDDEN,
    },
    {
      path,
      tokens: "read",
      on: "invite-only media",
      input: (c) => ({ commentableId: c.privateMedia }),
      expect: hidden(VISITOR_HIDDEN),
    },
    {
      path,
      tokens: "read",
      on: "a deleted invite-only event's media",
      input: async (c) => ({ commentableId: await orphaned(c) }),
      expect: uploaderOnly(VISITOR_HIDDEN),
    },
  ]),
  {
    path: "comments.create",
    tokens: "seed",
    on: "a draft",
    input: async (c) => ({ commentableId: await draftOf(c), content: "Hello" }),
    expect: NOT_ON_A_DRAFT,
  },
  {
    path: "comments.create",
    tokens: "seed",
    on: "an open event",
    input: (c) => ({ commentableId: c.open, content: "Hello" }),
    expect: MEMBERS,
  },
  {
    path: "comments.create",
    tokens: "seed",
    on: "invite-only media",
    input: (c) => ({ commentableId: c.privateMedia, content: "Hello" }),
    expect: hidden(MEMBERS),
  },
  {
    path: "comments.update",
    tokens: "seed",
    on: "open",
    input: (c) => ({ id: c.openComment, content: "Edited" }),
    expect: AUTHOR,
  },
  {
    path: "comments.update",
    tokens: "seed",
    on: "invite-only",
    input: (c) => ({ id: c.privateComment, content: "Edited" }),
    expect: hidden(AUTHOR),
  },
  {
    path: "comments.delete",
    tokens: "admin",
    on: "open",
    input: (c) => ({ id: c.openComment }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "comments.delete",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.privateComment }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  { path: "comments.like", tokens: "admin", on: "open", input: (c) => ({ id: c.openComment }), expect: MEMBERS },
  {
    path: "comments.like",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.privateComment }),
    expect: hidden(MEMBERS),
  },
  {
    path: "comments.like",
    tokens: "admin",
    on: "a deleted invite-only event's media",
    input: async (c) => {
      await orphaned(c);
      return { id: c.privateComment };
    },
    expect: uploaderOnly(MEMBERS),
  },
  { path: "comments.unlike", tokens: "admin", on: "open", input: (c) => ({ id: c.openComment }), expect: MEMBERS },
  {
    path: "comments.unlike",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.privateComment }),
    expect: hidden(MEMBERS),
  },
];
